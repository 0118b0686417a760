import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { renderIndex } from '../../catalogue/render'
import { originVary, publicOrigin } from '../../http/base-url'
import type { ResponseCache } from '../../http/response-cache'
import { IndexResponse, indexDoc } from './catalogue'

export function metaRoutes(deps: { responses: ResponseCache; publicBaseUrl: string | null }) {
  const options = routeOptions(indexDoc)
  return new Elysia({ name: 'meta' }).get(
    '/',
    ({ request }) => {
      const origin = publicOrigin(request, deps.publicBaseUrl)
      return deps.responses.serve(
        request,
        `index|${origin}`,
        indexDoc.cacheSeconds!,
        async () => ({ body: renderIndex(origin), headers: originVary(deps.publicBaseUrl) }),
        IndexResponse,
      )
    },
    options,
  )
}
