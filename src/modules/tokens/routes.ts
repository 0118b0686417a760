import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import type { OriginPolicy } from '../../http/base-url'
import type { ResponseCache } from '../../http/response-cache'
import { screenerDoc, searchDoc, tokenDetailDoc } from './catalogue'
import { parseAssetUnit } from '../../http/asset-input'
import { parseSearchQuery } from './inputs'
import type { TokenService } from './service'

/** A detail whose holder estimate is still being computed is rebuilt this soon, so the estimate shows up. */
const HOLDERS_PENDING_TTL_SECONDS = 10

export function tokenRoutes(deps: { responses: ResponseCache; origin: OriginPolicy; tokens: TokenService }) {
  const { responses, tokens } = deps
  // Every answer embeds logo URLs built from the origin, so the origin is part of each cache key.
  const originOf = (request: Request) => deps.origin.of(request)
  const headers = deps.origin.vary
  return new Elysia({ name: 'tokens' })
    .get(
      '/tokens',
      ({ request }) => {
        const origin = originOf(request)
        return responses.serve(
          request,
          `tokens|${origin}`,
          screenerDoc.cacheSeconds!,
          async () => {
            const { data, stale } = await tokens.screener(origin)
            return { body: data, stale, headers }
          },
          screenerDoc.response,
        )
      },
      routeOptions(screenerDoc),
    )
    .get(
      '/tokens/:asset',
      ({ request, params }) => {
        const origin = originOf(request)
        const unit = parseAssetUnit(params.asset)
        return responses.serve(
          request,
          `token|${unit}|${origin}`,
          tokenDetailDoc.cacheSeconds!,
          async () => {
            const { data, stale, holdersPending } = await tokens.detail(unit, origin)
            return { body: data, stale, headers, ...(holdersPending ? { ttlSeconds: HOLDERS_PENDING_TTL_SECONDS } : {}) }
          },
          tokenDetailDoc.response,
        )
      },
      routeOptions(tokenDetailDoc),
    )
    .get(
      '/search',
      ({ request, query }) => {
        const origin = originOf(request)
        const q = parseSearchQuery(query.q)
        return responses.serve(
          request,
          `search|${q}|${origin}`,
          searchDoc.cacheSeconds!,
          async () => {
            const { data, stale } = await tokens.search(q, origin)
            return { body: data, stale, headers }
          },
          searchDoc.response,
        )
      },
      routeOptions(searchDoc),
    )
}
