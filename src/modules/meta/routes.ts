import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { renderIndex } from '../../catalogue/render'
import type { OriginPolicy } from '../../http/base-url'
import type { ResponseCache } from '../../http/response-cache'
import { IndexResponse, indexDoc } from './catalogue'

export function metaRoutes(deps: { responses: ResponseCache; origin: OriginPolicy }) {
  const options = routeOptions(indexDoc)
  return new Elysia({ name: 'meta' }).get(
    '/',
    ({ request }) => {
      const origin = deps.origin.of(request)
      return deps.responses.serve(
        request,
        `index|${origin}`,
        indexDoc.cacheSeconds!,
        async () => ({ body: renderIndex(origin), headers: deps.origin.vary }),
        IndexResponse,
      )
    },
    options,
  )
}
