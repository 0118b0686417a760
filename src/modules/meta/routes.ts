import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { renderIndex } from '../../catalogue/render'
import { mcpTools } from '../../mcp/tools'
import { cachedPerOrigin } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { indexDoc } from './catalogue'

export function metaRoutes(deps: { responses: ResponseCache }) {
  const options = routeOptions(indexDoc)
  const answer = cachedPerOrigin(deps.responses, indexDoc)
  return new Elysia({ name: 'meta' }).get(
    '/',
    ({ request }) => answer(request, 'index', async (origin) => ({ data: renderIndex(origin, mcpTools), stale: false })),
    options,
  )
}
