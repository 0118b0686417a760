import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedPerOrigin } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { chainTokensDoc } from './catalogue'
import { chainTokensKey, chainTokensRequest } from './request'
import type { ChainTokensService } from './service'

export function chainTokensRoutes(deps: { responses: ResponseCache; chainTokens: ChainTokensService }) {
  // Rows carry logo URLs built from the origin.
  const answer = cachedPerOrigin(deps.responses, chainTokensDoc)
  return new Elysia({ name: 'chain-tokens' }).get(
    '/chain/tokens',
    ({ request, query }) => {
      const input = chainTokensRequest(query)
      return answer(request, `chain-tokens|${chainTokensKey(input)}`, (origin) => deps.chainTokens.list(input, origin))
    },
    routeOptions(chainTokensDoc),
  )
}
