import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { marketDoc } from './catalogue'
import { marketQuery } from './request'
import type { AdaMarketService } from './service'

export function adaMarketRoutes(deps: { responses: ResponseCache; adaMarket: AdaMarketService }) {
  const answer = cachedRoute(deps.responses, marketDoc)
  return new Elysia({ name: 'ada-market' }).get(
    '/market',
    ({ request, query }) => {
      const input = marketQuery(query)
      return answer(request, `market|${input.days}|${input.ecosystem ? 'eco' : 'plain'}`, () => deps.adaMarket.market(input))
    },
    routeOptions(marketDoc),
  )
}
