import { Type } from '@sinclair/typebox'
import { ChainTipBody, readChainTip } from '../../modules/chain-tip/read'
import { defineTool } from '../tool'

export const getChainTip = defineTool({
  name: 'get_chain_tip',
  description: 'Latest Cardano block from the chain API: epoch, slot, block height, block hash and block time (cached 20–35 s, the core plan interval). REST: GET /api/v1/chain/tip.',
  input: Type.Object({}),
  output: ChainTipBody,
  call: (context) => readChainTip(context.upstreams.koios),
})
