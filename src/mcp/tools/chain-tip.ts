import { chainTipDoc } from '../../modules/chain-tip/catalogue'
import { restTool } from '../tool'

export const getChainTip = restTool({
  name: 'get_chain_tip',
  description: 'Latest Cardano block from the chain API: epoch, slot, block height, block hash and block time (cached for the core plan interval: 20–35 s, or 52–519 s while the chain follower runs). REST: GET /api/v1/chain/tip.',
  endpoint: chainTipDoc,
})
