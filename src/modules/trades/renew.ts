/**
 * Answers built from the chain records are renewed as the follower records, so a swap is served as soon as it is
 * recorded rather than when the cached answer expires (live means seconds with Ogmios): a token's swaps drop its
 * `/trades` and `/ohlcv` answers, its detail (`chainPools`), its pools' `/pools/{poolId}`; created pools drop
 * `/pools/new`; a rollback drops them all; a block batch that changed chain figures drops the `/chain/tokens` pages.
 * The keys are the routes' (trades, charts, pools, tokens, chain-tip, chain-tokens).
 * Other instances (serving what the follower's instance stored) see them within their cache lifetimes.
 */
import type { ChainFollower } from '../../chain/follower'
import type { ChainStore } from '../../chain/store'

export function renewChainAnswers(
  follower: Pick<ChainFollower, 'onTrades' | 'onNewPools' | 'onRollback'>,
  store: Pick<ChainStore, 'onTokensChanged'>,
  responses: { invalidate(prefix: string): void },
): void {
  follower.onTrades((swaps) => {
    for (const unit of new Set(swaps.map((s) => s.tokenUnit))) {
      responses.invalidate(`trades|${unit}|`)
      responses.invalidate(`ohlcv|${unit}|`)
      responses.invalidate(`token|${unit}`)
    }
    for (const poolId of new Set(swaps.map((s) => s.poolId))) responses.invalidate(`pool|${poolId}`)
    responses.invalidate('chain-tip')
  })
  follower.onNewPools((pools) => {
    responses.invalidate('pools-new|')
    for (const p of pools) responses.invalidate(`pool|${p.poolId}`)
  })
  store.onTokensChanged(() => responses.invalidate('chain-tokens|'))
  follower.onRollback(() => {
    for (const prefix of ['trades|', 'ohlcv|', 'token|', 'pool|', 'pools-new|', 'chain-tip']) responses.invalidate(prefix)
  })
}
