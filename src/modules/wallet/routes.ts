import { Elysia } from 'elysia'
import { routeOptions } from '../../catalogue/route-options'
import type { ResponseCache } from '../../http/response-cache'
import { walletDoc } from './catalogue'
import { parseWalletInput } from './input'
import type { WalletService } from './service'

export function walletRoutes(deps: { responses: ResponseCache; wallet: WalletService }) {
  return new Elysia({ name: 'wallet' }).get(
    '/wallet/:address',
    ({ request, params }) => {
      // Classified before the cache: a bad input never occupies an entry, and equal inputs share one.
      const input = parseWalletInput(params.address)
      return deps.responses.serve(
        request,
        `wallet|${input.input}`,
        walletDoc.cacheSeconds!,
        async () => {
          const overview = await deps.wallet.overview(input)
          return { body: overview.data, stale: overview.stale }
        },
        walletDoc.response,
      )
    },
    routeOptions(walletDoc),
  )
}
