import { Elysia } from 'elysia'
import { ownBodyRouteOptions, routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { postPricesDoc, priceAtDoc, pricesDoc } from './catalogue'
import { bodyEntries, priceAtRequest, queryEntries } from './request'
import type { PriceService } from './service'

/**
 * One cache entry per list of entries, in order: the GET's and the POST's. Named by the list's SHA-256, so a list of
 * 100 units (12 KB) costs the cache a key of 71 characters (a collision would serve another list's answer: SHA-256).
 */
const batchKey = (entries: readonly string[]) => `prices|${new Bun.CryptoHasher('sha256').update(entries.join(',')).digest('hex')}`

export function priceRoutes(deps: { responses: ResponseCache; prices: PriceService }) {
  const { responses, prices } = deps
  const batch = cachedRoute(responses, pricesDoc)
  const priceAt = cachedRoute(responses, priceAtDoc)
  return new Elysia({ name: 'prices' })
    .get(
      '/prices',
      ({ request, query }) => {
        const entries = queryEntries(query.units)
        return batch(request, batchKey(entries), () => prices.batch(entries))
      },
      routeOptions(pricesDoc),
    )
    .post(
      '/prices',
      // The GET's answer for the same list (one entry, one build): a POST costs what the GET costs.
      async ({ request }) => {
        const entries = await bodyEntries(request)
        return batch(request, batchKey(entries), () => prices.batch(entries))
      },
      ownBodyRouteOptions(postPricesDoc),
    )
    .get(
      '/tokens/:asset/price',
      ({ request, params, query }) => {
        const input = priceAtRequest({ ...query, asset: params.asset }, prices.now())
        return priceAt(request, `price|${input.unit}|${input.at ?? 'now'}|${input.quote}`, () => prices.priceAt(input))
      },
      routeOptions(priceAtDoc),
    )
}
