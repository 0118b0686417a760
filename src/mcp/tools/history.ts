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
    return history.tokenHistory(parseAssetUnit(args.asset), parseHistoryRequest(args, history.now()))
  },
})
