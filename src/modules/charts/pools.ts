/**
 * The pools a token can be charted from: source B pools whose base token is the unit (a pool where it is the
 * quote side charts another token's price), on a DEX source B names that is not one of source A's (the same
 * rule as the screener's merge; source A has no candles). One per address, deepest (largest USD reserve)
 * first; ties keep source B's order.
 */
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
