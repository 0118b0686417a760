import { screenerDoc, searchDoc, tokenDetailDoc } from '../../modules/tokens/catalogue'
import { restTool } from '../tool'

export const listTokens = restTool({
  name: 'list_tokens',
  description:
    'Screener of the curated Cardano tokens: price, 1h/6h/24h change, volume, liquidity and trades across covered DEXes (see coverage), sorted by liquidity unless sort/order say otherwise; limit keeps the first N.',
  endpoint: screenerDoc,
})

export const getToken = restTool({
  name: 'get_token',
  description:
    'One token by asset unit (policy id + asset name hex): price, per-pair rows, supply, decimals, fingerprint, mint time, estimated holders, and its chain figures (chain) when this service follows an ADA pool of it.',
  endpoint: tokenDetailDoc,
})

export const searchTokens = restTool({
  name: 'search_tokens',
  description:
    'Search Cardano tokens by ticker, name, asset unit or fingerprint (asset1…) in source A and in the tokens this service follows on chain (foundOn says which); gives asset units for the other tools.',
  endpoint: searchDoc,
})
