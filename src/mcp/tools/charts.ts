import { ohlcvDoc } from '../../modules/charts/catalogue'
import { restTool } from '../tool'

export const getTokenOhlcv = restTool({
  name: 'get_token_ohlcv',
  description:
    'OHLCV candles of one pool of a token (its most liquid by default): source B history, then chain-built (each candle says its source); 1m to 1w, USD or ADA, up to 500.',
  endpoint: ohlcvDoc,
})
