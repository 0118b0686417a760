import { screenerDoc, searchDoc, tokenDetailDoc } from '../../modules/tokens/catalogue'
import { parseAssetUnit } from '../../http/asset-input'
import { screenerView, searchQuery } from '../../modules/tokens/inputs'
import { orderedScreener } from '../../modules/tokens/screener-order'
import { defineTool, inputFromParams } from '../tool'

export const listTokens = defineTool({
  name: 'list_tokens',
  description:
    'Screener of the curated Cardano tokens: price, 1h/6h/24h change, volume, liquidity and trades across covered DEXes (see coverage), sorted by liquidity unless sort/order say otherwise; limit keeps the first N.',
  input: inputFromParams(screenerDoc.params),
  output: screenerDoc.response,
  async call(context, args) {
    const read = await context.services.tokens.screener(context.origin)
    return { ...read, data: orderedScreener(read.data, screenerView(args)) }
  },
})

export const getToken = defineTool({
  name: 'get_token',
  description:
    'One token by asset unit (policy id + asset name hex): price, per-pair rows, supply, decimals, fingerprint, mint time, estimated holders.',
  input: inputFromParams(tokenDetailDoc.params),
  output: tokenDetailDoc.response,
  async call(context, args) {
    const unit = parseAssetUnit(args.asset)
    const { data, stale } = await context.services.tokens.detail(unit, context.origin)
    return { data, stale }
  },
})

export const searchTokens = defineTool({
  name: 'search_tokens',
  description: 'Search Cardano tokens by ticker, name, asset unit or fingerprint (asset1…; curated tokens) (source A only); gives asset units for the other tools.',
  input: inputFromParams(searchDoc.params),
  output: searchDoc.response,
  call: (context, args) => context.services.tokens.search(searchQuery(args), context.origin),
})
