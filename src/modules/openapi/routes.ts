import { toOpenAPISchema } from '@elysiajs/openapi'
import { Elysia } from 'elysia'
import { catalogue } from '../../catalogue'
import { mcpTools } from '../../mcp/tools'
import { apiError } from '../../http/error-catalogue'
import { cachedPerOrigin } from '../../http/cached-route'
import { pageHeaders } from '../../http/page-headers'
import type { ResponseCache } from '../../http/response-cache'
import { completeDocument } from './document'
import { REFERENCE_POLICY, referenceAssetFile, referencePage } from './reference-page'

const DOCUMENT_TTL_SECONDS = 300
const HIDDEN = { detail: { hide: true } }

/**
 * GET /api/v1/openapi.json (OpenAPI 3.1, generated from the app's own routes) and GET /api/v1/reference (the
 * interactive reference, offline). Neither is in the catalogue or in the document itself.
 */
export function openapiRoutes(deps: { responses: ResponseCache }) {
  const plugin = new Elysia({ name: 'openapi-document' })

  // Elysia shares one route list across the composed app, so the plugin sees every route, its own included
  // (hidden). Regenerated only when routes were added (tests mount probes after composition).
  let generated: { routeCount: number; document: Record<string, any> } | null = null
  const generate = () => {
    const routeCount = plugin.routes.length
    if (generated?.routeCount !== routeCount) {
      generated = { routeCount, document: toOpenAPISchema(plugin as never, undefined, undefined, undefined, '3.1.1') }
    }
    return generated.document
  }
  const page = referencePage()
  const answer = cachedPerOrigin(deps.responses, { cacheSeconds: DOCUMENT_TTL_SECONDS })

  return plugin
    .get(
      '/openapi.json',
      ({ request }) =>
        answer(request, 'openapi', async (origin) => ({
          data: completeDocument(generate(), { origin, catalogue, tools: mcpTools }),
          stale: false,
        })),
      HIDDEN,
    )
    .get(
      '/reference',
      () => new Response(page, { headers: { ...pageHeaders(REFERENCE_POLICY), 'cache-control': 'public, max-age=300' } }),
      HIDDEN,
    )
    .get(
      '/reference/assets/*',
      async ({ params }) => {
        const path = referenceAssetFile(params['*'])
        const file = path === null ? null : Bun.file(path)
        if (file === null || !(await file.exists())) {
          throw apiError('reference_asset_not_found')
        }
        // Chunk names carry a content hash; the entry's name does not, but the package version is pinned.
        const cacheControl = params['*'].startsWith('chunks/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400'
        return new Response(file, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': cacheControl, 'x-content-type-options': 'nosniff' } })
      },
      HIDDEN,
    )
}
