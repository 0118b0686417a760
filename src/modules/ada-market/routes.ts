import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { marketDoc } from './catalogue'
import { DEFAULT_DAYS, type AdaMarketService } from './service'

export function adaMarketRoutes(deps: { responses: ResponseCache; adaMarket: AdaMarketService }) {
  const answer = cachedRoute(deps.responses, marketDoc)
  return new Elysia({ name: 'ada-market' }).get(
    '/market',
    ({ request, query }) => {
      // Validated and coerced to integers by the catalogue's schema; its generic type does not say so.
      const q = query as unknown as { days?: number; ecosystem?: number }
      const days = q.days ?? DEFAULT_DAYS
      const ecosystem = q.ecosystem === 1
      return answer(request, `market|${days}|${ecosystem ? 'eco' : 'plain'}`, () => deps.adaMarket.market({ days, ecosystem }))
    },
    routeOptions(marketDoc),
  )
}
