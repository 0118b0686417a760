import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedPerOrigin } from '../../http/cached-route'
import { keptUntilRetry } from '../../http/missing-source'
import type { ResponseCache } from '../../http/response-cache'
import { screenerDoc, searchDoc, tokenDetailDoc } from './catalogue'
import { parseAssetUnit } from '../../http/asset-input'
import { screenerView, searchQuery } from './inputs'
import { isDefaultView, orderedScreener, viewKey } from './screener-order'
import type { TokenService } from './service'

/** A detail whose holder estimate is still being computed is rebuilt this soon, so the estimate shows up. */
const HOLDERS_PENDING_TTL_SECONDS = 10

export function tokenRoutes(deps: { responses: ResponseCache; tokens: TokenService }) {
  const { responses, tokens } = deps
  // Every answer embeds logo URLs built from the origin.
  const screener = cachedPerOrigin(responses, screenerDoc)
  const detail = cachedPerOrigin(responses, tokenDetailDoc)
  const search = cachedPerOrigin(responses, searchDoc)
  return new Elysia({ name: 'tokens' })
    .get(
      '/tokens',
      ({ request, query }) => {
        const view = screenerView(query)
        if (isDefaultView(view)) return screener(request, 'tokens', (origin) => tokens.screener(origin))
        // The same service read as the default list (same upstream entries), reordered: no upstream cost.
        return screener(request, `tokens|${viewKey(view)}`, async (origin) => {
          const read = await tokens.screener(origin)
          return { ...read, data: orderedScreener(read.data, view) }
        })
      },
      routeOptions(screenerDoc),
    )
    .get(
      '/tokens/:asset',
      ({ request, params }) => {
        const unit = parseAssetUnit(params.asset)
        return detail(request, `token|${unit}`, async (origin) => {
          const read = await tokens.detail(unit, origin)
          return keptUntilRetry(read.holdersPending ? { ...read, ttlSeconds: HOLDERS_PENDING_TTL_SECONDS } : read)
        })
      },
      routeOptions(tokenDetailDoc),
    )
    .get(
      '/search',
      ({ request, query }) => {
        const q = searchQuery(query)
        return search(request, `search|${q}`, async (origin) => keptUntilRetry(await tokens.search(q, origin)))
      },
      routeOptions(searchDoc),
    )
}
