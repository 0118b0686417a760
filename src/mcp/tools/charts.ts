import { ohlcvDoc } from '../../modules/charts/catalogue'
import { restTool } from '../tool'

export const getTokenOhlcv = restTool({
  name: 'get_token_ohlcv',
  description:
    'OHLCV candles of one pool of a token (its deepest by default): built by this service from on-chain swaps for pools it follows, else from source B; timeframe 1m to 1w, USD or ADA, up to 500 candles.',
  endpoint: ohlcvDoc,
})
