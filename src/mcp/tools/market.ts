import { marketDoc } from '../../modules/ada-market/catalogue'
import { restTool } from '../tool'

export const getMarket = restTool({
  name: 'get_market',
  description:
    'ADA market statistics from the market provider: price, 24h change, market cap, volume, a USD price series over 1 to 365 days, optionally the top 50 ecosystem tokens.',
  endpoint: marketDoc,
})
