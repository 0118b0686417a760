/**
 * The liquidity section (pure), from the chain follower's records alone: the token's ADA pools, twice their
 * tradeable ADA reserves, the deepest one and when the oldest was created. A pool whose creation the follower did
 * not read (it predates the follower's records) has no creation time; the oldest pool's time is then unknown.
 */
import { unixToIsoOrNull } from '../../cardano/slot-time'
import type { ChainPoolRow } from '../../db/schema'
import type { SafetyLiquidity } from './schemas'

const LOVELACE_PER_ADA = 1_000_000n

export function liquiditySection(pools: readonly Pick<ChainPoolRow, 'poolId' | 'dex' | 'reserveAda' | 'createdTime'>[]): SafetyLiquidity {
  const reserves = pools.map((p) => BigInt(p.reserveAda))
  const twice = 2n * reserves.reduce((sum, r) => sum + r, 0n)
  let deepest: (typeof pools)[number] | null = null
  for (const [i, pool] of pools.entries()) {
    if (deepest === null || reserves[i] > BigInt(deepest.reserveAda) || (reserves[i] === BigInt(deepest.reserveAda) && pool.poolId < deepest.poolId)) deepest = pool
  }
  const created = pools.flatMap((p) => (p.createdTime === null ? [] : [p.createdTime]))
  // One pool of unknown age: it predates the records, so the oldest one's time is unknown.
  const oldest = pools.length === 0 || created.length < pools.length ? null : Math.min(...created)
  return {
    poolCount: pools.length,
    // Whole ADA plus the lovelace as a fraction: exact to the lovelace for any reserve a number can hold.
    liquidityAda: Number(twice / LOVELACE_PER_ADA) + Number(twice % LOVELACE_PER_ADA) / 1e6,
    deepestPool: deepest === null ? null : { id: deepest.poolId, dexId: deepest.dex, reserveAda: deepest.reserveAda, createdAt: unixToIsoOrNull(deepest.createdTime) },
    oldestPoolCreatedAt: unixToIsoOrNull(oldest),
  }
}
