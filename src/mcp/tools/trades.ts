import { tradesDoc } from '../../modules/trades/catalogue'
import { restTool } from '../tool'

export const getTokenTrades = restTool({
  name: 'get_token_trades',
  description:
    'Recent swaps of a token against ADA, read by this service from the chain (followed DEX pools): side, amounts, ADA and USD price, newest first, up to 500.',
  endpoint: tradesDoc,
})
