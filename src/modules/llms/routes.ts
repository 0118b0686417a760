import { Elysia } from 'elysia'
import { catalogue, mcpTools } from '../../catalogue'
import { LLMS_PATH } from '../../paths'
import type { OriginPolicy } from '../../http/base-url'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { renderLlmsTxt } from './render'

const TTL_SECONDS = 300

/** GET /llms.txt, at the root where agents look for it (outside /api/v1 and the OpenAPI document). */
export function llmsRoutes(deps: { responses: ResponseCache; origin: OriginPolicy }) {
  const answer = cachedRoute(deps.responses, { cacheSeconds: TTL_SECONDS }, {
    headers: deps.origin.vary,
    answer: (text: string) => ({ body: text, contentType: 'text/plain; charset=utf-8' }),
  })
  return new Elysia({ name: 'llms' }).get(
    LLMS_PATH,
    ({ request }) => {
      const origin = deps.origin.of(request)
      return answer(request, `llms|${origin}`, async () => ({ data: renderLlmsTxt({ origin, catalogue, tools: mcpTools }), stale: false }))
    },
    { detail: { hide: true } },
  )
}
