import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import type { OriginPolicy } from '../../http/base-url'
import { cachedRoute } from '../../http/cached-route'
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
  const screener = cachedRoute(responses, screenerDoc, { headers })
  const detail = cachedRoute(responses, tokenDetailDoc, { headers })
  const search = cachedRoute(responses, searchDoc, { headers })
  return new Elysia({ name: 'tokens' })
    .get(
      '/tokens',
      ({ request }) => {
        const origin = originOf(request)
        return screener(request, `tokens|${origin}`, () => tokens.screener(origin))
      },
      routeOptions(screenerDoc),
    )
    .get(
      '/tokens/:asset',
      ({ request, params }) => {
        const origin = originOf(request)
        const unit = parseAssetUnit(params.asset)
        return detail(request, `token|${unit}|${origin}`, async () => {
          const read = await tokens.detail(unit, origin)
          return read.holdersPending ? { ...read, ttlSeconds: HOLDERS_PENDING_TTL_SECONDS } : read
        })
      },
      routeOptions(tokenDetailDoc),
    )
    .get(
      '/search',
      ({ request, query }) => {
        const origin = originOf(request)
        const q = parseSearchQuery(query.q)
        return search(request, `search|${q}|${origin}`, () => tokens.search(q, origin))
      },
      routeOptions(searchDoc),
    )
}
