import { chainTipDoc } from '../../modules/chain-tip/catalogue'
import { restTool } from '../tool'

export const getChainTip = restTool({
  name: 'get_chain_tip',
  description: 'Latest Cardano block from the chain API: epoch, slot, block height, block hash and block time (cached 20–35 s, the core plan interval). REST: GET /api/v1/chain/tip.',
  endpoint: chainTipDoc,
})
