import { priceAtDoc, pricesDoc } from '../../modules/prices/catalogue'
import { restTool } from '../tool'

/** The batch's twin is the GET: POST /prices is answered from the same cached answer, so one tool serves both. */
export const getPrices = restTool({
  name: 'get_prices',
  description:
    'Prices of up to 100 tokens at once (units comma-separated; a wallet\'s holdings): per unit priceUsd, priceAda, change24h, its source (screener, chain or sourceA) and asOf, or null with a reason.',
  endpoint: pricesDoc,
})

export const getPriceAt = restTool({
  name: 'get_price_at',
  description:
    'One token\'s price at a moment (at: Unix seconds or ISO 8601; left out: now) in ADA and USD, with its source (chain-trade, chain-hourly, history, sourceB-candle), the time priced and the pool.',
  endpoint: priceAtDoc,
})
