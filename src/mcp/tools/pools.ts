import { newPoolsDoc, poolDoc } from '../../modules/pools/catalogue'
import { restTool } from '../tool'

export const getNewPools = restTool({
  name: 'get_new_pools',
  description:
    'New ADA pools of any token on the DEXes followed on chain, newest first: token, initial reserves and price, creating block and tx.',
  endpoint: newPoolsDoc,
})

export const getPool = restTool({
  name: 'get_pool',
  description: "One followed ADA pool's state by pool id: reserves, price, LP supply, fee, last update.",
  endpoint: poolDoc,
})
