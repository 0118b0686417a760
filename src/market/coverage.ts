/**
 * The `coverage` strings. Their wording is part of the API (documented in the docs' coverage guide); keep it
 * stable. DEX aggregates cover only the DEXes of source A and source B, never the whole chain.
 */

export interface CoverageConfig {
  sourceADexes: string[]
  sourceBDexes: string[]
}

/**
 * A DEX's family name: GeckoTerminal suffixes network and version (`minswap-cardano`, `sundaeswap-v3`), source A
 * does not (`sundaeswap`). Comparing families keeps a source B pool on a source A DEX out of the merge.
 */
export function dexFamily(dexId: string): string {
  return dexId.toLowerCase().split(/[-_]/)[0]
}

export function isSourceADex(config: CoverageConfig, dexId: string | null): boolean {
  if (dexId === null) return false
  const family = dexFamily(dexId)
  return config.sourceADexes.some((d) => dexFamily(d) === family)
}

/** Source B's DEXes: the configured ones plus any seen in the data (not source A's), Minswap first. */
export function sourceBDexes(config: CoverageConfig, seen: Iterable<string> = []): string[] {
  const all = new Set(config.sourceBDexes.map((d) => d.toLowerCase()))
  for (const d of seen) if (!isSourceADex(config, d)) all.add(d.toLowerCase())
  return [...all].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}

const rank = (dexId: string) => (dexFamily(dexId) === 'minswap' ? 0 : 1)

const PREFIX = 'DEX figures across covered DEXes only, not chain-wide:'

/** Both sources contributed: names source A's DEXes and source B's DEXes, each with its source. */
export function mergedCoverage(config: CoverageConfig, seenSourceB: Iterable<string> = []): string {
  return `${PREFIX} ${config.sourceADexes.join(', ')} (source A); ${sourceBDexes(config, seenSourceB).join(', ')} (source B).`
}

/** Source A alone: search, wallet prices, and screener/detail when source B is unavailable. */
export function sourceAOnlyCoverage(config: CoverageConfig): string {
  return `${PREFIX} ${config.sourceADexes.join(', ')} (source A).`
}

/** Source B alone: the token detail while source A is unavailable. */
export function sourceBOnlyCoverage(config: CoverageConfig, seenSourceB: Iterable<string> = []): string {
  return `${PREFIX} ${sourceBDexes(config, seenSourceB).join(', ')} (source B).`
}

/** Neither DEX source answered (the token detail's chain facts alone): the answer's `missing` says why. */
export const NO_DEX_COVERAGE = 'No DEX figures: neither source A nor source B answered (see missing); chain facts only.'

/** The wording for the DEX sources an answer holds. */
export function dexCoverage(config: CoverageConfig, answered: { sourceA: boolean; sourceB: boolean }, seenSourceB: Iterable<string> = []): string {
  if (answered.sourceA) return answered.sourceB ? mergedCoverage(config, seenSourceB) : sourceAOnlyCoverage(config)
  return answered.sourceB ? sourceBOnlyCoverage(config, seenSourceB) : NO_DEX_COVERAGE
}

/** OHLCV: one pool from source B, never an aggregate; the deepest (top) one unless the caller picked it. */
export function chartCoverage(pool: { dexId: string; name: string }, picked: boolean): string {
  const which = picked ? 'the chosen' : 'the deepest (top)'
  return `Candles of ${which} source B pool (${pool.name} on ${pool.dexId}) only, not an all-DEX aggregate.`
}

/**
 * OHLCV of a followed pool with source B's history before the follower's first record of it: one pool, two
 * sources, and where the seam is (ISO 8601 UTC).
 */
export function stitchedChartCoverage(pool: { dexId: string; name: string }, seamIso: string): string {
  return (
    `Candles of one pool (${pool.name} on ${pool.dexId}): from ${seamIso} on built by this service from the swaps and reserve ` +
    'changes it read on chain (source "chain"), before that source B\'s candles of the same pool (source "sourceB"); not an all-DEX aggregate.'
  )
}

/** The rules every coverage string follows, published in the index, the OpenAPI document, llms.txt and MCP. */
export const COVERAGE_RULES = [
  'DEX aggregates (volume, liquidity) cover only the DEXes of source A and source B: never chain-wide totals. Label them "across covered DEXes".',
  'Source A and source B pool sets are disjoint (source B pools on source A DEXes are left out), so merged figures never double count.',
  'Every aggregate answer carries a `coverage` string naming the DEXes it covers and the source of each; when source B is unavailable the figures fall back to source A alone and the string says so.',
  'Market-provider figures (ADA price, series, ecosystem list) are a different universe and are never mixed into a DEX aggregate. A wallet\'s totalValueUsd is a valuation that adds its ADA (market provider) to its tokens (source A) and shows the two parts apart (adaValueUsd, holdingsValueUsd).',
  'Unpriced wallet holdings are kept with a null value and counted (unpricedHoldings); no total includes them, and a total that would miss holdings because a source is down is null.',
  'Trades, chain-built candles and new pools are read by this service from the chain: ADA pools of any token on Minswap V1/V2, SundaeSwap V1/V3, WingRiders V1/V2 and Splash, one trade per pool per batch (orders netted), since the follower started; asOf names the last block read. Not chain-wide.',
  'Chain figures (GET /chain/tokens, a token detail\'s `chain`) come from those records alone: ADA pairs on the followed DEXes only; liquidity is twice the tradeable ADA reserves; volume and trade counts cover the 24 h up to the newest block recorded; a token whose decimals are unknown is priced per base unit (decimalsSource `unknown`).',
]
