/**
 * A token's chain figures from its followed pools (pure): what GET /api/v1/chain/tokens lists and a token detail's
 * `chain` carries, before identity and ADA's USD price are applied (modules/chain-tokens/). Kept per token in
 * chain_token_figures by figures-upkeep.ts whenever one of its pools changes or the 24 h window moves.
 *
 * - The deepest pool is the one with the most tradeable ADA (ties: the smaller pool id); its price is the token's.
 * - Liquidity is twice the tradeable ADA reserves summed over the token's pools (a constant-product pool holds equal
 *   value on both sides); volume, buys and sells are its trades (swaps with a side) in the window, summed.
 * - change24h: the deepest pool's price now against its price at the window's start, the newest state at or before
 *   it (its current state, when that is older than the start; else its newest update then); null when no such state
 *   is known (a pool younger than the window, or older than the follower's records) or either price is unknown.
 * - pairCreatedAt: the oldest pool's creation; null when any pool's creation was not read (it predates the records).
 */
import { ADA_DECIMALS, priceOf } from './pool-update'

/** The figures' window: the 24 h up to the newest block recorded. */
export const WINDOW_SECONDS = 86_400

export interface PoolFigures {
  poolId: string
  dex: string
  /** Tradeable reserves, base units. */
  reserveAda: bigint
  reserveToken: bigint
  /** Block time of the pool's current state; null when not kept. */
  stateTime: number | null
  /** Unix seconds of its creation, null when the follower did not read it. */
  createdTime: number | null
  volumeLovelace: number
  buys: number
  sells: number
  /** Price per base unit at the window's start from its updates (null: none known). */
  refPrice: number | null
}

export interface TokenFigures {
  pairCount: number
  dexIds: string[]
  topPoolId: string
  topReserveAda: bigint
  topReserveToken: bigint
  /** ADA per base unit in the deepest pool; null for an empty reserve. */
  topPrice: number | null
  reserveLovelace: bigint
  volumeLovelace: number
  buys: number
  sells: number
  txns: number
  change24h: number | null
  /** Unix seconds. */
  pairCreatedAt: number | null
}

const deeper = (a: PoolFigures, b: PoolFigures) => a.reserveAda > b.reserveAda || (a.reserveAda === b.reserveAda && a.poolId < b.poolId)

/** The token's figures with the window starting at `windowStart` (null: nothing recorded yet); null for no pool. */
export function tokenFigures(pools: readonly PoolFigures[], windowStart: number | null): TokenFigures | null {
  if (pools.length === 0) return null
  const top = pools.reduce((best, pool) => (deeper(pool, best) ? pool : best))
  const topPrice = priceOf(top.reserveToken, top.reserveAda, 0, ADA_DECIMALS)
  const stateBeforeStart = windowStart !== null && top.stateTime !== null && top.stateTime <= windowStart
  const ref = stateBeforeStart ? topPrice : top.refPrice
  const sum = (pick: (p: PoolFigures) => number) => pools.reduce((total, p) => total + pick(p), 0)
  const buys = sum((p) => p.buys)
  const sells = sum((p) => p.sells)
  const created = pools.map((p) => p.createdTime)
  return {
    pairCount: pools.length,
    dexIds: [...new Set(pools.map((p) => p.dex))].sort(),
    topPoolId: top.poolId,
    topReserveAda: top.reserveAda,
    topReserveToken: top.reserveToken,
    topPrice,
    reserveLovelace: pools.reduce((total, p) => total + p.reserveAda, 0n),
    volumeLovelace: sum((p) => p.volumeLovelace),
    buys,
    sells,
    txns: buys + sells,
    change24h: ref !== null && ref > 0 && topPrice !== null ? (topPrice / ref - 1) * 100 : null,
    pairCreatedAt: created.every((t) => t !== null) ? Math.min(...(created as number[])) : null,
  }
}
