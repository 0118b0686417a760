/**
 * A token's market figures from its pools (see pools.ts for which pools count). Pure arithmetic.
 *
 * - liquidityUsd: source A `liquidity.usd` plus source B `reserve_in_usd`, summed over the pools that report it
 *   (null when none does: an unknown is never a 0);
 * - volume24h: both sources' 24 h USD volume, summed the same way;
 * - priceUsd and change1h/6h/24h: liquidity-weighted over the pools that report the figure
 *   (`liquidityWeighted`: zero liquidity carries no weight; all zero, the deepest pool's figure);
 * - buys24h / sells24h / txns24h: source A pairs only;
 * - pairCount, dexIds (sorted, unique, lowercase, as each source writes them: `minswap-cardano`, `sundaeswap`),
 *   topPairAddress (deepest pool of either source),
 *   pairCreatedAt (earliest creation, ms);
 * - marketCap / fdv: source A's deepest pair, else source B's token figures, else what source B's deepest pool
 *   states for the token.
 * A figure no pool reports is null. The registry's ticker, name and decimals win over upstream text
 * (chain-facts.ts).
 */
import { liquidityWeighted } from '../../market/pricing'
import { deepestPool, type MarketPool, type TokenPools } from './pools'

export interface MarketFigures {
  priceUsd: number | null
  change1h: number | null
  change6h: number | null
  change24h: number | null
  volume24h: number | null
  liquidityUsd: number | null
  marketCap: number | null
  fdv: number | null
  buys24h: number
  sells24h: number
  txns24h: number
  pairCount: number
  dexIds: string[]
  topPairAddress: string | null
  pairCreatedAt: number | null
}

/** Source B's own figures for the token, when it has them (tokens/multi). */
export interface SourceBTokenFigures {
  marketCapUsd: number | null
  fdvUsd: number | null
}

export function aggregateMarket(pools: TokenPools, sourceBToken: SourceBTokenFigures | null): MarketFigures {
  const all = [...pools.sourceA, ...pools.sourceB]
  const weighted = (figure: (p: MarketPool) => number | null | undefined) =>
    tidy(liquidityWeighted(all, figure, (p) => p.liquidityUsd))
  const deepestA = deepestPool(pools.sourceA)
  const deepestB = deepestPool(pools.sourceB)
  const buys = sum(pools.sourceA.map((p) => p.txns24h?.buys))
  const sells = sum(pools.sourceA.map((p) => p.txns24h?.sells))
  const created = all.map((p) => p.createdAt).filter((t): t is number => t !== null)
  return {
    priceUsd: weighted((p) => p.priceUsd),
    change1h: weighted((p) => p.change.h1),
    change6h: weighted((p) => p.change.h6),
    change24h: weighted((p) => p.change.h24),
    volume24h: tidy(knownSum(all.map((p) => p.volume24h))),
    liquidityUsd: tidy(knownSum(all.map((p) => p.liquidityUsd))),
    marketCap: deepestA?.marketCap ?? sourceBToken?.marketCapUsd ?? deepestB?.marketCap ?? null,
    fdv: deepestA?.fdv ?? sourceBToken?.fdvUsd ?? deepestB?.fdv ?? null,
    buys24h: buys,
    sells24h: sells,
    txns24h: buys + sells,
    pairCount: all.length,
    dexIds: [...new Set(all.map((p) => p.dexId.toLowerCase()))].sort(),
    topPairAddress: deepestPool(all)?.address ?? null,
    pairCreatedAt: created.length === 0 ? null : Math.min(...created),
  }
}

/** The sum of the known values; null when none is known. */
function knownSum(values: ReadonlyArray<number | null | undefined>): number | null {
  return values.some((v) => v !== null && v !== undefined && Number.isFinite(v)) ? sum(values) : null
}

function sum(values: ReadonlyArray<number | null | undefined>): number {
  let total = 0
  for (const v of values) if (v !== null && v !== undefined && Number.isFinite(v)) total += v
  return total
}

/** Drops binary floating-point noise from sums and means (0.1 + 0.2 → 0.3); twelve significant digits stay. */
function tidy<T extends number | null>(value: T): T {
  return (value === null ? null : Number(value.toPrecision(12))) as T
}
