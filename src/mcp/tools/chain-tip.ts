import { chainTipDoc } from '../../modules/chain-tip/catalogue'
import { restTool } from '../tool'

export const getChainTip = restTool({
  name: 'get_chain_tip',
  description: 'Latest Cardano block (epoch, slot, block height, block hash, block time) and the chain follower\'s position: the last block it processed, the tip it last saw, how many blocks and seconds behind it is and whether its source answers. REST: GET /api/v1/chain/tip.',
  endpoint: chainTipDoc,
})
