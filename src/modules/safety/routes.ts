import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import { parseAssetUnit } from '../../http/asset-input'
import { keptUntilRetry } from '../../http/missing-source'
import type { ResponseCache } from '../../http/response-cache'
import { SAFETY_CACHE_SECONDS, safetyDoc } from './catalogue'
import type { SafetyService } from './service'

export function safetyRoutes(deps: { responses: ResponseCache; safety: SafetyService }) {
  const answer = cachedRoute(deps.responses, safetyDoc)
  return new Elysia({ name: 'safety' }).get(
    '/tokens/:asset/safety',
    ({ request, params }) => {
      const unit = parseAssetUnit(params.asset)
      return answer(request, `safety|${unit}`, async () => keptUntilRetry(await deps.safety.report(unit, SAFETY_CACHE_SECONDS)))
    },
    routeOptions(safetyDoc),
  )
}
