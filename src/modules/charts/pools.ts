/**
 * The pools a token can be charted from: source B pools whose base token is the unit (a pool where it is the
 * quote side charts another token's price), on a DEX source B names that is not one of source A's (the same
 * rule as the screener's merge; source A has no candles). One per address, deepest (largest USD reserve)
 * first; ties keep source B's order.
 */
import { chainPoolRef } from '../../chain/serving'
import type { ChainPoolRow } from '../../db/schema'
import { isSourceADex, type CoverageConfig } from '../../market/coverage'
import type { GtPool } from '../../upstream/geckoterminal'
import type { PoolRef } from './schemas'

export interface ChartablePool extends PoolRef {
  reserveUsd: number | null
  /** Unix seconds; paging back stops there. */
  createdAt: number | null
}

export function chartablePools(unit: string, pools: readonly GtPool[], dexes: CoverageConfig): ChartablePool[] {
  const seen = new Set<string>()
  const out: ChartablePool[] = []
  for (const pool of pools) {
    const address = pool.address.toLowerCase()
    if (pool.dexId === null || isSourceADex(dexes, pool.dexId)) continue
    if (pool.baseTokenUnit?.toLowerCase() !== unit || seen.has(address)) continue
    seen.add(address)
    out.push({
      address,
      dexId: pool.dexId,
      name: pool.name ?? 'unnamed pool',
      reserveUsd: pool.reserveUsd,
      createdAt: pool.createdAt === null ? null : Math.floor(pool.createdAt / 1000),
    })
  }
  return out.sort((a, b) => (b.reserveUsd ?? 0) - (a.reserveUsd ?? 0))
}

export const poolRef = (pool: PoolRef): PoolRef => ({ address: pool.address, dexId: pool.dexId, name: pool.name })

/**
 * One pool the chart may show: followed on chain (`chain`), listed by source B (`sourceB`), or both (a Minswap V2
 * pool's id is source B's pool address). `liquidityUsd` ranks them: source B's reserve when it lists the pool,
 * else twice the pool's ADA reserve at ADA's USD price (a constant-product pool holds equal value on both sides);
 * null when neither is known.
 */
export interface ChartChoice {
  ref: PoolRef
  chain: ChainPoolRow | null
  sourceB: ChartablePool | null
  liquidityUsd: number | null
}

/**
 * The token's chartable pools, most liquid first: the followed pools and source B's chartable pools, one entry
 * per address. Unknown liquidity sorts last; ties go to the larger ADA reserve, then to the order given.
 */
export function chartChoices(followed: readonly ChainPoolRow[], sourceB: readonly ChartablePool[], ticker: string, adaUsd: number | null): ChartChoice[] {
  const listed = new Map(sourceB.map((p) => [p.address, p]))
  const choices: ChartChoice[] = followed.map((chain) => {
    const pool = listed.get(chain.poolId) ?? null
    const fromReserve = adaUsd === null ? null : (2 * Number(chain.reserveAda) * adaUsd) / 1e6
    return { ref: chainPoolRef(chain, ticker), chain, sourceB: pool, liquidityUsd: pool?.reserveUsd ?? fromReserve }
  })
  for (const pool of sourceB) {
    if (!followed.some((f) => f.poolId === pool.address)) choices.push({ ref: poolRef(pool), chain: null, sourceB: pool, liquidityUsd: pool.reserveUsd })
  }
  const ada = (c: ChartChoice) => (c.chain === null ? -1 : Number(c.chain.reserveAda))
  return choices
    .map((choice, order) => ({ choice, order }))
    .sort((a, b) => (b.choice.liquidityUsd ?? -1) - (a.choice.liquidityUsd ?? -1) || ada(b.choice) - ada(a.choice) || a.order - b.order)
    .map(({ choice }) => choice)
}
