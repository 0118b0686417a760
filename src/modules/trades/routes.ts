import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { TRADES_CACHE_SECONDS, tradesDoc } from './catalogue'
import { tradesRequest } from './request'
import type { TradesService } from './service'

export function tradesRoutes(deps: { responses: ResponseCache; trades: TradesService }) {
  const answer = cachedRoute(deps.responses, tradesDoc)
  return new Elysia({ name: 'trades' }).get(
    '/tokens/:asset/trades',
    ({ request, params, query }) => {
      const input = tradesRequest({ ...query, asset: params.asset })
      const key = `trades|${input.unit}|${input.pool ?? 'all'}|${input.before ?? 'now'}|${input.limit}`
      return answer(request, key, () => deps.trades.trades(input), TRADES_CACHE_SECONDS)
    },
    routeOptions(tradesDoc),
  )
}
