import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import { keptUntilRetry } from '../../http/missing-source'
import type { ResponseCache } from '../../http/response-cache'
import { ohlcvDoc } from './catalogue'
import { ohlcvRequest } from './request'
import type { ChartService } from './service'
import { TIMEFRAME_SPECS } from './timeframes'

export function chartRoutes(deps: { responses: ResponseCache; charts: ChartService }) {
  const answer = cachedRoute(deps.responses, ohlcvDoc)
  return new Elysia({ name: 'charts' }).get(
    '/tokens/:asset/ohlcv',
    ({ request, params, query }) => {
      const input = ohlcvRequest({ ...query, asset: params.asset })
      const key = `ohlcv|${input.unit}|${input.pool ?? 'default'}|${input.tf}|${input.quote}|${input.limit}`
      return answer(request, key, async () => keptUntilRetry(await deps.charts.ohlcv(input)), TIMEFRAME_SPECS[input.tf].cacheSeconds)
    },
    routeOptions(ohlcvDoc),
  )
}
