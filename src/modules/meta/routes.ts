import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { renderIndex } from '../../catalogue/render'
import type { OriginPolicy } from '../../http/base-url'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { indexDoc } from './catalogue'

export function metaRoutes(deps: { responses: ResponseCache; origin: OriginPolicy }) {
  const options = routeOptions(indexDoc)
  const answer = cachedRoute(deps.responses, indexDoc, { headers: deps.origin.vary })
  return new Elysia({ name: 'meta' }).get(
    '/',
    ({ request }) => {
      const origin = deps.origin.of(request)
      return answer(request, `index|${origin}`, async () => ({ data: renderIndex(origin), stale: false }))
    },
    options,
  )
}
