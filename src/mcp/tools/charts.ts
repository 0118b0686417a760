import { ohlcvDoc } from '../../modules/charts/catalogue'
import { ohlcvRequest } from '../../modules/charts/request'
import { defineTool, inputFromParams } from '../tool'

export const getTokenOhlcv = defineTool({
  name: 'get_token_ohlcv',
  description:
    'OHLCV candles of one source B pool of a token (its deepest by default): timeframe 1m to 1w, USD or ADA-derived, up to 500 candles.',
  input: inputFromParams(ohlcvDoc.params),
  output: ohlcvDoc.response,
  call: (context, args) => context.services.charts.ohlcv(ohlcvRequest(args)),
})
