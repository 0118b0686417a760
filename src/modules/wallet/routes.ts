import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import { cachedRoute } from '../../http/cached-route'
import type { ResponseCache } from '../../http/response-cache'
import { walletDoc } from './catalogue'
import { parseWalletInput } from './input'
import type { WalletService } from './service'

export function walletRoutes(deps: { responses: ResponseCache; wallet: WalletService }) {
  const answer = cachedRoute(deps.responses, walletDoc)
  return new Elysia({ name: 'wallet' }).get(
    '/wallet/:address',
    ({ request, params }) => {
      // Classified before the cache: a bad input never occupies an entry, and equal inputs share one.
      const input = parseWalletInput(params.address)
      return answer(request, `wallet|${input.input}`, () => deps.wallet.overview(input))
    },
    routeOptions(walletDoc),
  )
}
