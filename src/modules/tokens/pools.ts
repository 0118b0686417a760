/**
 * Which pools count for a token, and one shape for pools of either source.
 *
 * - Source A: Cardano pairs whose base token is the unit (`baseSidePairs`); a pair where the unit is the quote
 *   side is another token's market.
 * - Source B: pools whose base token is the unit and whose DEX is not one of source A's DEXes (SOURCE_A_DEXES,
 *   matched by family: `sundaeswap-v3` is SundaeSwap), so the two sets are disjoint and merged sums never count
 *   a pool twice. A pool whose DEX source B does not name is left out too: it cannot be shown to be off source
 *   A's DEXes.
 * Within a source a pool is counted once (by address), whichever answer it came from. The deepest pool has the
 * most USD liquidity (source A `liquidity.usd`, source B `reserve_in_usd`, unknown = 0); ties go to source A,
 * then upstream order. The figures built from these pools: aggregate.ts. The docs (internals guide) point here: these two
 * comments are where the pool aggregation rules are written.
 */
import { isSourceADex, type CoverageConfig } from '../../market/coverage'
import { baseSidePairs } from '../../market/pricing'
import type { DexPair, PairInfo, TokenRef } from '../../upstream/dexscreener'
import type { GtPool } from '../../upstream/geckoterminal'

export type PoolSource = 'source_a' | 'source_b'

export type ChangeWindow = 'h1' | 'h6' | 'h24'
export const CHANGE_WINDOWS: ChangeWindow[] = ['h1', 'h6', 'h24']

/** One pool of a token. USD figures; null where the upstream did not report one. */
export interface MarketPool {
  source: PoolSource
  dexId: string
  address: string
  quoteSymbol: string
  /** The pool's page on the upstream's site. */
  url: string
  priceUsd: number | null
  liquidityUsd: number | null
  volume24h: number | null
  /** Percent price change per window, only for the windows the pool reports. */
  change: Partial<Record<ChangeWindow, number>>
  /** Source A only: source B has no per-pool buy/sell counts (its rows show 0, clients render "—"). */
  txns24h: { buys: number; sells: number } | null
  /** Unix milliseconds. */
  createdAt: number | null
  /** The base token's market cap and FDV as this pool's upstream states them. */
  marketCap: number | null
  fdv: number | null
  /** Source A only: what it calls the base token, and the token's links when it has a profile. */
  baseToken: TokenRef | null
  info: PairInfo | null
}

export interface TokenPools {
  sourceA: MarketPool[]
  sourceB: MarketPool[]
}

/** Looks up a ticker for a quote-side unit (the registry), when the pool itself does not name it. */
export type SymbolLookup = (unit: string) => string | undefined

const SOURCE_B_POOL_PAGE = 'https://www.geckoterminal.com/cardano/pools/'
const SOURCE_A_PAIR_PAGE = 'https://dexscreener.com/cardano/'

/** The pair's page on source A's site: as it sends it, else built the way it builds them. */
export const sourceAPairUrl = (pair: DexPair): string => pair.url ?? SOURCE_A_PAIR_PAGE + pair.pairAddress.toLowerCase()

export function sourceAPool(pair: DexPair): MarketPool {
  return {
    source: 'source_a',
    dexId: pair.dexId,
    address: pair.pairAddress,
    quoteSymbol: pair.quoteToken.symbol ?? '',
    url: sourceAPairUrl(pair),
    priceUsd: pair.priceUsd,
    liquidityUsd: pair.liquidityUsd,
    volume24h: pair.volume.h24 ?? null,
    change: changesOf(pair.priceChange),
    txns24h: pair.txns.h24 ?? { buys: 0, sells: 0 },
    createdAt: pair.pairCreatedAt === null ? null : Math.trunc(pair.pairCreatedAt),
    marketCap: pair.marketCap,
    fdv: pair.fdv,
    baseToken: pair.baseToken,
    info: pair.info,
  }
}

export function sourceBPool(pool: GtPool & { dexId: string }, symbolOf: SymbolLookup): MarketPool {
  return {
    source: 'source_b',
    dexId: pool.dexId,
    address: pool.address,
    quoteSymbol: quoteSymbolOf(pool, symbolOf),
    url: SOURCE_B_POOL_PAGE + pool.address,
    priceUsd: pool.baseTokenPriceUsd,
    liquidityUsd: pool.reserveUsd,
    volume24h: pool.volumeUsd.h24 ?? null,
    change: changesOf(pool.priceChange),
    txns24h: null,
    createdAt: pool.createdAt,
    marketCap: pool.marketCapUsd,
    fdv: pool.fdvUsd,
    baseToken: null,
    info: null,
  }
}

/** The windows the service reports (each source has others too), only those the pool states. */
function changesOf(reported: Partial<Record<string, number>>): MarketPool['change'] {
  const change: MarketPool['change'] = {}
  for (const w of CHANGE_WINDOWS) if (reported[w] !== undefined) change[w] = reported[w]
  return change
}

/**
 * Source B pools carry no quote symbol: ADA for `lovelace`, else the registry's ticker, else the part after
 * " / " in the pool's name ("SNEK / ADA", possibly followed by a fee such as "0.3%").
 */
function quoteSymbolOf(pool: GtPool, symbolOf: SymbolLookup): string {
  const quote = pool.quoteTokenUnit?.toLowerCase() ?? null
  if (quote === 'lovelace') return 'ADA'
  const known = quote === null ? undefined : symbolOf(quote)
  if (known !== undefined) return known
  const named = pool.name?.split(' / ')[1]?.trim().split(/\s+/)[0]
  return named ?? ''
}

/** The pools that count for one token, from whatever the two sources answered (source B null: unavailable). */
export function poolsOfToken(
  unit: string,
  pairsA: readonly DexPair[],
  poolsB: readonly GtPool[] | null,
  dexes: CoverageConfig,
  symbolOf: SymbolLookup,
): TokenPools {
  const sourceA = onePerAddress(baseSidePairs(pairsA, unit, dexes).map(sourceAPool))
  const sourceB = onePerAddress(
    (poolsB ?? [])
      .filter((p): p is GtPool & { dexId: string } => p.dexId !== null && !isSourceADex(dexes, p.dexId))
      .filter((p) => p.baseTokenUnit?.toLowerCase() === unit)
      .map((p) => sourceBPool(p, symbolOf)),
  )
  return { sourceA, sourceB }
}

function onePerAddress(pools: MarketPool[]): MarketPool[] {
  const seen = new Set<string>()
  return pools.filter((p) => {
    const key = p.address.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Deepest first; ties keep their order (source A before source B, then upstream order). */
export function byLiquidityDesc(pools: readonly MarketPool[]): MarketPool[] {
  return [...pools].sort((a, b) => (b.liquidityUsd ?? 0) - (a.liquidityUsd ?? 0))
}

/** The pool with the most USD liquidity (unknown counts as 0; the first wins a tie); null when there is none. */
export function deepestPool(pools: readonly MarketPool[]): MarketPool | null {
  return byLiquidityDesc(pools)[0] ?? null
}
