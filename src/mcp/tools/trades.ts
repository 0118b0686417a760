import { tradesDoc } from '../../modules/trades/catalogue'
import { tradesRequest } from '../../modules/trades/request'
import { defineTool, inputFromParams } from '../tool'

export const getTokenTrades = defineTool({
  name: 'get_token_trades',
  description:
    'Recent swaps of a token against ADA, read by this service from the chain (followed DEX pools): side, amounts, ADA and USD price, newest first, up to 500.',
  input: inputFromParams(tradesDoc.params),
  output: tradesDoc.response,
  call: (context, args) => context.services.trades.trades(tradesRequest(args)),
})
