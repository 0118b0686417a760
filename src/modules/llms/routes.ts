import { Elysia } from 'elysia'
import { catalogue, mcpTools } from '../../catalogue'
import { LLMS_PATH } from '../../paths'
import type { OriginPolicy } from '../../http/base-url'
import type { ResponseCache } from '../../http/response-cache'
import { renderLlmsTxt } from './render'

const TTL_SECONDS = 300

/** GET /llms.txt, at the root where agents look for it (outside /api/v1 and the OpenAPI document). */
export function llmsRoutes(deps: { responses: ResponseCache; origin: OriginPolicy }) {
  return new Elysia({ name: 'llms' }).get(
    LLMS_PATH,
    ({ request }) => {
      const origin = deps.origin.of(request)
      return deps.responses.serve(request, `llms|${origin}`, TTL_SECONDS, async () => ({
        body: renderLlmsTxt({ origin, catalogue, tools: mcpTools }),
        contentType: 'text/plain; charset=utf-8',
        headers: deps.origin.vary,
      }))
    },
    { detail: { hide: true } },
  )
}
