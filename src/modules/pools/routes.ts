import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { NEW_POOLS_CACHE_SECONDS, newPoolsDoc, POOL_CACHE_SECONDS, poolDoc } from './catalogue'
import { newPoolsRequest, poolIdOf } from './request'
import type { PoolsService } from './service'

export function poolRoutes(deps: { responses: ResponseCache; pools: PoolsService }) {
  const answerNew = cachedRoute(deps.responses, newPoolsDoc)
  const answerPool = cachedRoute(deps.responses, poolDoc)
  return new Elysia({ name: 'pools' })
    .get(
      '/pools/new',
      ({ request, query }) => {
        const input = newPoolsRequest(query)
        const key = `pools-new|${input.dex ?? 'all'}|${input.before ?? 'now'}|${input.limit}`
        return answerNew(request, key, () => deps.pools.newPools(input), NEW_POOLS_CACHE_SECONDS)
      },
      routeOptions(newPoolsDoc),
    )
    .get(
      '/pools/:poolId',
      ({ request, params }) => {
        const poolId = poolIdOf(params)
        return answerPool(request, `pool|${poolId}`, () => deps.pools.pool(poolId), POOL_CACHE_SECONDS)
      },
      routeOptions(poolDoc),
    )
}
