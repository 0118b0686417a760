import { marketDoc } from '../../modules/ada-market/catalogue'
import { marketQuery } from '../../modules/ada-market/request'
import { defineTool, inputFromParams } from '../tool'

export const getMarket = defineTool({
  name: 'get_market',
  description:
    'ADA market statistics from the market provider: price, 24h change, market cap, volume, a USD price series over 1 to 365 days, optionally the top 50 ecosystem tokens.',
  input: inputFromParams(marketDoc.params),
  output: marketDoc.response,
  call: (context, args) => context.services.adaMarket.market(marketQuery(args)),
})
