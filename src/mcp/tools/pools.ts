import { newPoolsDoc, poolDoc } from '../../modules/pools/catalogue'
import { newPoolsRequest, poolIdOf } from '../../modules/pools/request'
import { defineTool, inputFromParams } from '../tool'

export const getNewPools = defineTool({
  name: 'get_new_pools',
  description:
    'New ADA pools of any token on the DEXes followed on chain, newest first: token, initial reserves and price, creating block and tx.',
  input: inputFromParams(newPoolsDoc.params),
  output: newPoolsDoc.response,
  call: (context, args) => context.services.pools.newPools(newPoolsRequest(args)),
})

export const getPool = defineTool({
  name: 'get_pool',
  description:
    "One followed ADA pool's state by pool id: reserves, price, LP supply, fee, last update.",
  input: inputFromParams(poolDoc.params),
  output: poolDoc.response,
  call: (context, args) => context.services.pools.pool(poolIdOf(args)),
})
