/**
 * Pure arithmetic of DEX prices, shared by the screener, token detail and wallet valuation.
 */
import type { DexPair } from '../upstream/dexscreener'
import { isSourceADex, type CoverageConfig } from './coverage'

/**
 * Liquidity-weighted mean of a figure over pools. Pools that do not report the figure are left out; pools
 * with zero or unknown liquidity carry no weight; when no reporting pool has positive liquidity, the figure of
 * the deepest reporting pool (the first on ties) stands alone. Null when no pool reports it.
 */
export function liquidityWeighted<T>(
  pools: readonly T[],
  figure: (pool: T) => number | null | undefined,
  liquidity: (pool: T) => number | null | undefined,
): number | null {
  let weighted = 0
  let weight = 0
  let fallback: { value: number; liquidity: number } | null = null
  for (const pool of pools) {
    const value = figure(pool)
    if (value === null || value === undefined || !Number.isFinite(value)) continue
    const l = liquidity(pool)
    const depth = l !== null && l !== undefined && Number.isFinite(l) && l > 0 ? l : 0
    if (depth > 0) {
      weighted += value * depth
      weight += depth
    }
    if (fallback === null || depth > fallback.liquidity) fallback = { value, liquidity: depth }
  }
  if (weight > 0) return weighted / weight
  return fallback?.value ?? null
}

/**
 * Source A pairs that are this token's own market: Cardano pairs whose base token is the unit, on one of source
 * A's DEXes (SOURCE_A_DEXES). Pairs where the unit is the quote side are another token's market and count for
 * none of this unit's figures; a pair on any other DEX is left out so the two sources stay disjoint even if
 * source A starts indexing a DEX source B covers (add it to SOURCE_A_DEXES to count it from source A instead).
 */
export function baseSidePairs(pairs: readonly DexPair[], unit: string, dexes: CoverageConfig): DexPair[] {
  return pairs.filter(
    (p) => p.chainId === 'cardano' && p.baseToken.address.toLowerCase() === unit && isSourceADex(dexes, p.dexId),
  )
}

/** A token's USD price from source A: liquidity-weighted over its base-side pairs; null when unpriced. */
export function sourceAPrice(pairs: readonly DexPair[], unit: string, dexes: CoverageConfig): number | null {
  return liquidityWeighted(baseSidePairs(pairs, unit, dexes), (p) => p.priceUsd, (p) => p.liquidityUsd)
}
