import { tokenHistoryDoc } from '../../modules/history/catalogue'
import { parseHistoryRequest } from '../../modules/history/request'
import { parseAssetUnit } from '../../http/asset-input'
import { defineTool, inputFromParams } from '../tool'

export const getTokenHistory = defineTool({
  name: 'get_token_history',
  description:
    'Candles (5m, 1h or 1d) of a curated token from the history this service records itself: merged source A and source B price, liquidity and 24 h volume; works for tokens with no source B pool.',
  input: inputFromParams(tokenHistoryDoc.params),
  output: tokenHistoryDoc.response,
  call(context, args) {
    const history = context.services.history
    history.requireDatabase()
    const unit = parseAssetUnit(String(args.asset))
    const request = parseHistoryRequest(
      {
        tf: args.tf === undefined ? undefined : String(args.tf),
        from: args.from === undefined ? undefined : String(args.from),
        to: args.to === undefined ? undefined : String(args.to),
        limit: args.limit === undefined ? undefined : Number(args.limit),
      },
      history.now(),
    )
    return history.tokenHistory(unit, request)
  },
})
