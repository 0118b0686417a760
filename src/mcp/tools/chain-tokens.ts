import { chainTokensDoc } from '../../modules/chain-tokens/catalogue'
import { restTool } from '../tool'

export const listChainTokens = restTool({
  name: 'list_chain_tokens',
  description:
    'Every token with an ADA pool on the DEXes this service follows on chain (not only the curated list), from its own chain records: price in ADA and USD, 24h change, liquidity, 24h volume and trades, pools; sort, order, limit, cursor (next page) and q (ticker, name, unit or fingerprint). REST: GET /api/v1/chain/tokens.',
  endpoint: chainTokensDoc,
})
