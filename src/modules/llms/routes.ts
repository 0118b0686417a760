import { Elysia } from 'elysia'
import { catalogue } from '../../catalogue'
import { mcpTools } from '../../mcp/tools'
import { LLMS_PATH } from '../../paths'
import { cachedPerOrigin } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { renderLlmsTxt } from './render'

const TTL_SECONDS = 300

/** GET /llms.txt, at the root where agents look for it (outside /api/v1 and the OpenAPI document). */
export function llmsRoutes(deps: { responses: ResponseCache }) {
  const answer = cachedPerOrigin(deps.responses, { cacheSeconds: TTL_SECONDS }, {
    answer: (text: string) => ({ body: text, contentType: 'text/plain; charset=utf-8' }),
  })
  return new Elysia({ name: 'llms' }).get(
    LLMS_PATH,
    ({ request }) => answer(request, 'llms', async (origin) => ({ data: renderLlmsTxt({ origin, catalogue, tools: mcpTools }), stale: false })),
    { detail: { hide: true } },
  )
}
