/**
 * Prices for portfolios and tax tools: many tokens at once from the figures the service already holds, and one
 * token's price at any past moment. Shared by the REST routes (GET and POST /prices, GET /tokens/{asset}/price)
 * and the MCP tools.
 *
 * The batch reads no detail and builds nothing per token (what a script could multiply by asking for other lists and
 * orders is a build from kept figures and one cache entry under a short key, never an upstream call per list): a curated token's row is the screener's last build (kept
 * by TokenService, rebuilt from the same cached reads once older than its lifetime), a followed token's the chain
 * figures of its deepest pool, any other unit source A's pairs of it, read per unit (cached per unit; units read
 * together go out in calls of 30) and admitted call by call as any cold read: a refusal nulls that row with its
 * code and retryAfter, never the answer.
 *
 * A past price: for a followed token the pool its chart uses by default (ChartService.poolChoices), the last swap
 * at or before the moment while swaps are kept, the stored hourly candle beyond; before the follower's first record
 * of that pool the service's own history for a curated token (free, 5-minute points), else source B's hourly
 * candle of the pool (one call per 40-day block, cached for good). See past-price.ts.
 */
import { normaliseUnit } from '../../cardano/unit'
import { ChainStore } from '../../chain/store'
import { retentionHorizon } from '../../chain/retention'
import { pricePerToken } from '../../chain/token-identity'
import type { ServiceDeps } from '../../core'
import type { ChainPoolRow } from '../../db/schema'
import { orWhenUnavailable } from '../../db/client'
import type { RouteRead } from '../../http/cached-route'
import { apiError } from '../../http/error-catalogue'
import { ApiError } from '../../http/errors'
import { missingOf } from '../../http/missing-source'
import { settle, UpstreamError } from '../../upstream/errors'
import type { Fetched } from '../../upstream/fetched'
import type { ChainTokensService } from '../chain-tokens/service'
import type { ChartService } from '../charts/service'
import type { ChartablePool, ChartChoice } from '../charts/pools'
import { historyDatabaseBusy } from '../history/service'
import { ADA_UNIT } from '../history/snapshot'
import { recordedPriceAt, type RecordedPrice } from '../history/store'
import { screenerDoc } from '../tokens/catalogue'
import { aggregateMarket } from '../tokens/aggregate'
import { poolsOfToken } from '../tokens/pools'
import type { ScreenerBody, ScreenerRow } from '../tokens/schemas'
import type { TokenService } from '../tokens/service'
import { adaUsdAt } from '../trades/ada-usd'
import { BATCH_COVERAGE, priceAtCoverage } from './coverage'
import { BATCH_CACHE_SECONDS, FOR_GOOD_SECONDS, OPEN_PRICE_CACHE_SECONDS } from './lifetimes'
import { candleAtOrBefore, HOUR_SECONDS, isFinal, oldestCandle, SOURCE_B_PAGE_ROWS, sourceBBlockEnd } from './past-price'
import type { PriceAtRequest } from './request'
import { pricedRow, refusedRow, tidy, unpricedRow } from './rows'
import type { PriceAtBody, PriceAtSource, PriceRow, PricesBody } from './schemas'

export type PriceServiceDeps = ServiceDeps<'config' | 'upstreams' | 'registry' | 'database'>

/** The other services whose kept figures and rules the prices read. */
export interface PriceSources {
  tokens: Pick<TokenService, 'latestScreener'>
  charts: Pick<ChartService, 'poolChoices'>
  chainTokens: Pick<ChainTokensService, 'currentChainFigures'>
}

/** A kept screener build is used while it is no older than the screener's own answer may be. */
const SCREENER_LIFETIME_MS = (screenerDoc.cacheSeconds ?? BATCH_CACHE_SECONDS) * 1000
/** A history snapshot this close to the moment is used before source B's candle; a farther one only when nothing else prices it. */
const HISTORY_NEAR_SECONDS = 2 * HOUR_SECONDS
/** The recorded ADA price stands in for the market provider's series this close to the moment. */
const ADA_HISTORY_NEAR_SECONDS = 2 * HOUR_SECONDS

/** What priced a moment, before conversion. */
interface Found {
  source: PriceAtSource
  pricedAt: number
  interval: number | null
  /** ADA per whole token (chain), or USD per whole token (history, source B). */
  priceAda: number | null
  priceUsd: number | null
  pool: ChartChoice['ref'] | null
  txHash: string | null
  chain: boolean
}

export class PriceService {
  private readonly store: ChainStore | null

  constructor(
    private readonly deps: PriceServiceDeps,
    private readonly sources: PriceSources,
  ) {
    this.store = deps.database === null ? null : new ChainStore(deps.database)
  }

  /** The service's clock, for the route that checks `at` against it. */
  readonly now = (): number => this.deps.now()

  /** One row per entry (as from priceEntries: distinct, units lowercase), in order. */
  async batch(entries: readonly string[]): Promise<RouteRead<PricesBody>> {
    const units = entries.map((entry) => normaliseUnit(entry))
    const curated = units.some((unit) => unit !== null && this.deps.registry.get(unit) !== undefined)
    const [screener, ada] = await Promise.all([
      curated ? settle(this.sources.tokens.latestScreener(SCREENER_LIFETIME_MS)) : null,
      settle(this.deps.upstreams.coingecko.adaMarket()),
    ])
    const adaUsd = ada instanceof UpstreamError ? null : (ada.data?.priceUsd ?? null)
    const screenerRows = new Map<string, ScreenerRow>()
    if (screener !== null && !(screener instanceof UpstreamError)) for (const row of screener.data.tokens) screenerRows.set(row.address, row)
    const screenerAsOf = screener === null || screener instanceof UpstreamError ? null : oldestSource(screener.data)
    // The followed tokens' chain figures (the store keeps them per token as the follower records): one read for all.
    const unpriced = units.filter((unit): unit is string => unit !== null && !(screenerRows.get(unit)?.priceUsd != null))
    const chain = await this.sources.chainTokens.currentChainFigures(unpriced)

    const rows = await Promise.all(
      entries.map(async (entry, i): Promise<PriceRow> => {
        const unit = units[i]
        if (unit === null) return unpricedRow(entry, 'invalid_unit')
        const row = screenerRows.get(unit)
        if (row !== undefined && row.priceUsd !== null) {
          return pricedRow(unit, { source: 'screener', priceUsd: row.priceUsd, priceAda: null, change24h: row.change24h, asOf: screenerAsOf, decimalsSource: null }, adaUsd)
        }
        const figures = chain.data.get(unit)
        if (figures !== undefined) {
          if (figures.priceAda === null) return unpricedRow(unit, 'no_pool')
          const asOf = figures.asOf?.time == null ? null : new Date(figures.asOf.time * 1000).toISOString()
          return pricedRow(unit, { source: 'chain', priceAda: figures.priceAda, priceUsd: figures.priceUsd, change24h: figures.change24h, asOf, decimalsSource: figures.decimalsSource }, adaUsd)
        }
        if (this.deps.registry.get(unit) !== undefined) {
          // A curated token the screener could not build (a refusal or failure) or that has no pool of either source.
          return screener instanceof UpstreamError ? refusedRow(unit, screener) : unpricedRow(unit, 'no_pool')
        }
        return this.sourceARow(unit, adaUsd)
      }),
    )
    const retryAfters = rows.flatMap((r) => (r.retryAfter === null ? [] : [r.retryAfter]))
    const stale = retryAfters.length > 0 || ada instanceof UpstreamError || anyStaleRead(screener, ada, chain)
    return {
      data: { adaUsd, coverage: BATCH_COVERAGE, count: rows.length, prices: rows },
      stale,
      ...(retryAfters.length > 0 ? { ttlSeconds: Math.min(...retryAfters) } : {}),
    }
  }

  /** A unit neither curated nor followed: source A's pairs of it (the screener's rules: its base-side pairs, liquidity-weighted). */
  private async sourceARow(unit: string, adaUsd: number | null): Promise<PriceRow> {
    const read = await settle(this.deps.upstreams.dexscreener.pairsOfToken(unit))
    if (read instanceof UpstreamError) return refusedRow(unit, read)
    const pools = poolsOfToken(unit, read.data, null, this.deps.config, (u) => this.deps.registry.get(u)?.ticker)
    const market = aggregateMarket(pools, null)
    if (market.priceUsd !== null) {
      const asOf = read.at === undefined ? null : new Date(read.at).toISOString()
      return pricedRow(unit, { source: 'sourceA', priceUsd: market.priceUsd, priceAda: null, change24h: market.change24h, asOf, decimalsSource: null }, adaUsd)
    }
    // Source A knows the token (a pair with it as the quote) but has no priced pool of its own.
    if (read.data.length > 0) return unpricedRow(unit, 'no_pool')
    return unpricedRow(unit, this.followsEveryToken() ? 'unknown_token' : 'not_followed')
  }

  /** Whether the chain follower records every token's ADA pools here (else a unit it lacks may still trade on chain). */
  private followsEveryToken(): boolean {
    const { chain } = this.deps.config
    return this.deps.database !== null && chain.follow && chain.pools === 'all'
  }

  /** The price of a token at a moment (now when the request has none), in both currencies. */
  async priceAt(request: PriceAtRequest): Promise<RouteRead<PriceAtBody>> {
    const nowMs = this.deps.now()
    const now = Math.floor(nowMs / 1000)
    const at = request.at ?? now
    const { unit } = request
    const choices = await this.choicesOf(unit)
    const pool = choices?.choices[0] ?? null
    // Reads that were refused or failed: the answer says so (`missing`) and is kept no longer than they ask.
    const failures: UpstreamError[] = choices !== null && choices.listed instanceof UpstreamError ? [choices.listed] : []
    const earliest: number[] = []
    const curated = this.deps.registry.get(unit) !== undefined

    let found: Found | null = null
    let chainReadTo: number | null | undefined
    if (pool?.chain != null && this.store !== null) {
      const first = await this.store.firstRecord(pool.chain.poolId)
      if (first !== null) earliest.push(first)
      if (first !== null && at >= first) {
        found = await this.chainPrice(pool.chain, pool.ref, at, nowMs, choices!.identity.decimals)
        chainReadTo = (await this.store.cursor())?.time ?? null
      }
    }
    const history = found === null && curated ? await this.recorded(unit, at) : null
    if (history?.first != null) earliest.push(history.first)
    const near = history?.price != null && at - history.price.recordedAtMs / 1000 <= HISTORY_NEAR_SECONDS ? history.price : null
    if (found === null && near !== null) found = historyFound(near)
    if (found === null && pool?.sourceB != null) {
      const candle = await this.sourceBCandle(pool.sourceB, pool.ref, at, now)
      if (candle instanceof UpstreamError) failures.push(candle)
      else if ('found' in candle) found = candle.found
      else if (candle.earliest !== null) earliest.push(candle.earliest)
    }
    // A snapshot far from the moment is still the last price recorded before it.
    if (found === null && history?.price != null) found = historyFound(history.price)
    if (found === null) {
      // A source that might have priced it was refused or failed: ask again, rather than say nothing prices it.
      if (failures.length > 0) throw failures[0]
      const later = earliest.filter((t) => t > at)
      throw apiError('price_not_recorded', { unit, at, earliest: later.length === 0 ? null : Math.min(...later) })
    }

    const ada = await this.adaUsd(at, nowMs)
    if (ada.failure !== null) failures.push(ada.failure)
    const missing = missingOf(failures)
    const priceAda = found.priceAda ?? (found.priceUsd === null || ada.price === null ? null : found.priceUsd / ada.price)
    const priceUsd = found.priceUsd ?? (found.priceAda === null || ada.price === null ? null : found.priceAda * ada.price)
    const final = missing.length === 0 && request.at !== null && isFinal(at, now, found.chain ? chainReadTo : undefined)
    return {
      data: {
        unit,
        at,
        quote: request.quote === 'ada' ? 'ADA' : 'USD',
        price: tidy(request.quote === 'ada' ? priceAda : priceUsd),
        priceAda: tidy(priceAda),
        priceUsd: tidy(priceUsd),
        adaUsd: ada.price,
        source: found.source,
        pricedAt: found.pricedAt,
        interval: found.interval,
        distanceSeconds: at - found.pricedAt,
        pool: found.pool,
        txHash: found.txHash,
        decimalsSource: found.chain ? choices!.identity.decimalsSource : null,
        coverage: priceAtCoverage({
          source: found.source,
          pool: found.pool === null ? null : `${found.pool.name} on ${found.pool.dexId}`,
          pricedAt: found.pricedAt,
          retentionDays: this.deps.config.chain.retentionDays,
        }),
        missing,
      },
      stale: missing.length > 0,
      ttlSeconds: missing.length > 0 ? Math.min(...missing.map((m) => m.retryAfter)) : final ? FOR_GOOD_SECONDS : OPEN_PRICE_CACHE_SECONDS,
    }
  }

  /**
   * The token's chart pools, as its chart picks them (null: none can exist: a unit outside the registry the chain
   * API does not know). Declares the request's cold calls: source B's listing and one candle page.
   */
  private async choicesOf(unit: string) {
    try {
      return await this.sources.charts.poolChoices(unit, 1)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'no_chartable_pool') return null
      throw error
    }
  }

  /**
   * A followed pool's price at `at`: the last swap at or before it while swaps are kept (from the retention
   * horizon on), else the stored hourly candle holding it or the last before it.
   */
  private async chainPrice(pool: ChainPoolRow, ref: ChartChoice['ref'], at: number, nowMs: number, decimals: number | null): Promise<Found | null> {
    const store = this.store!
    const chain = { pool: ref, interval: null, priceUsd: null, chain: true }
    if (at >= retentionHorizon(nowMs, this.deps.config.chain.retentionDays)) {
      const [swap] = await store.swaps(pool.tokenUnit, pool.poolId, at + 1, 1)
      if (swap !== undefined && swap.adaPerUnit !== null) {
        return { ...chain, source: 'chain-trade', pricedAt: swap.blockTime, priceAda: pricePerToken(swap.adaPerUnit, decimals), txHash: swap.txHash }
      }
    }
    const hour = await store.hourAtOrBefore(pool.poolId, at)
    if (hour === null) return null
    return { ...chain, source: 'chain-hourly', pricedAt: hour.hourStart, interval: HOUR_SECONDS, priceAda: pricePerToken(hour.close, decimals), txHash: null }
  }

  /**
   * Source B's hourly candle holding `at` (or the last before it) from the page of its 960-hour block: one call
   * per block, kept for good once the block is over. Before the pool's creation no call is made.
   */
  private async sourceBCandle(
    pool: ChartablePool,
    ref: ChartChoice['ref'],
    at: number,
    now: number,
  ): Promise<{ found: Found } | { earliest: number | null } | UpstreamError> {
    if (pool.createdAt !== null && at < pool.createdAt) return { earliest: pool.createdAt }
    const before = sourceBBlockEnd(at)
    const ttlSeconds = before <= Math.floor(now / HOUR_SECONDS) * HOUR_SECONDS ? FOR_GOOD_SECONDS : OPEN_PRICE_CACHE_SECONDS
    const page = await settle(this.deps.upstreams.geckoterminal.poolOhlcv(pool.address, 'hour', 1, SOURCE_B_PAGE_ROWS, ttlSeconds * 1000, before))
    if (page instanceof UpstreamError) return page
    const rows = page.data ?? []
    const candle = candleAtOrBefore(rows, at)
    if (candle === null) return { earliest: oldestCandle(rows) ?? pool.createdAt }
    return { found: { source: 'sourceB-candle', pricedAt: candle.time, interval: HOUR_SECONDS, priceAda: null, priceUsd: candle.close, pool: ref, txHash: null, chain: false } }
  }

  /** The last price this service recorded for a unit at or before `at`, and its first record (no database: none). */
  private async recorded(unit: string, at: number): Promise<{ price: RecordedPrice | null; first: number | null } | null> {
    const database = this.deps.database
    if (database === null) return null
    return orWhenUnavailable(() => database.read((db) => recordedPriceAt(db, unit, at)), historyDatabaseBusy)
  }

  /**
   * ADA's USD price at `at`: the market provider's series (the window reaching back to it), else the service's own
   * ADA history near it (past the series' 365 days). A failed series is a missing source.
   */
  private async adaUsd(at: number, nowMs: number): Promise<{ price: number | null; failure: UpstreamError | null }> {
    const series = await adaUsdAt(this.deps.upstreams.coingecko, [at], nowMs)
    const fromSeries = series.at(at)
    if (fromSeries !== null) return { price: fromSeries, failure: null }
    const recorded = await this.recorded(ADA_UNIT, at)
    const near = recorded?.price != null && at - recorded.price.recordedAtMs / 1000 <= ADA_HISTORY_NEAR_SECONDS ? recorded.price.priceUsd : null
    return { price: near, failure: series.failure }
  }
}

const historyFound = (price: RecordedPrice): Found => ({
  source: 'history',
  pricedAt: Math.floor(price.recordedAtMs / 1000),
  interval: null,
  priceAda: null,
  priceUsd: price.priceUsd,
  pool: null,
  txHash: null,
  chain: false,
})

/** The oldest source read of a screener build (ISO 8601): the time its merged figures are from. */
function oldestSource(body: ScreenerBody): string {
  const { sourceA, sourceB } = body.sourcesAsOf
  return sourceB !== null && sourceB < sourceA ? sourceB : sourceA
}

const anyStaleRead = (...reads: Array<Fetched<unknown> | UpstreamError | null>) => reads.some((r) => r !== null && !(r instanceof UpstreamError) && r.stale)
