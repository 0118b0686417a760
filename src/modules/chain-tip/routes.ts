import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import type { FollowerPosition } from '../../chain/position'
import type { Koios } from '../../upstream/koios'
import { chainTipDoc } from './catalogue'
import { readChainTip } from './read'

export function chainTipRoutes(deps: { responses: ResponseCache; koios: Koios; position: { read(): Promise<FollowerPosition> } | null }) {
  const answer = cachedRoute(deps.responses, chainTipDoc)
  return new Elysia({ name: 'chain-tip' }).get(
    '/chain/tip',
    ({ request }) => answer(request, 'chain-tip', () => readChainTip(deps.koios, deps.position)),
    routeOptions(chainTipDoc),
  )
}
