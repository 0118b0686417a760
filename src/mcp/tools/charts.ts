import { ohlcvDoc } from '../../modules/charts/catalogue'
import { ohlcvRequest } from '../../modules/charts/request'
import { defineTool, inputFromParams } from '../tool'

export const getTokenOhlcv = defineTool({
  name: 'get_token_ohlcv',
  description:
    'OHLCV candles of one pool of a token (its deepest by default): built by this service from on-chain swaps for pools it follows, else from source B; timeframe 1m to 1w, USD or ADA, up to 500 candles.',
  input: inputFromParams(ohlcvDoc.params),
  output: ohlcvDoc.response,
  call: (context, args) => context.services.charts.ohlcv(ohlcvRequest(args)),
})
