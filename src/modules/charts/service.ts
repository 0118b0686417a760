/**
 * OHLCV for one pool of a token: which pool (the most liquid chartable one unless asked), and its candles: from
 * source B, built by this service from the chain follower's records of the pool, or both stitched at the
 * follower's first record (stitch.ts), optionally re-based to ADA with the market provider's ADA/USD series.
 * Shared by the REST route and the MCP tool; returns exactly the JSON body the endpoint serves, and whether it
 * was built from stale or partial inputs.
 *
 * Degrading: when source B is refused or fails with no cached copy, a followed pool is still charted from the
 * chain, and `missing` names source B (its earlier history, its other pools); a pool only source B has cannot be.
 */
import { isKnownToken } from '../tokens/known-token'
import { apiError } from '../../http/error-catalogue'
import { missingOf } from '../../http/missing-source'
import { chartCoverage, stitchedChartCoverage } from '../../market/coverage'
import type { ServiceDeps } from '../../core'
import { asCore, chainStep, declareChain } from '../../upstream/call-context'
import { settle, UpstreamError } from '../../upstream/errors'
import type { Fetched } from '../../upstream/fetched'
import { adaSeriesFor, matchToleranceMs, rebaseToAda } from './ada-rebase'
import type { Candle } from '../../market/candle'
import { latest, orderCandles } from './candles'
import { readHistory, type History } from './history'
import { chartablePools, chartChoices, type ChartablePool, type ChartChoice, type FollowedPool } from './pools'
import type { OhlcvRequest } from './request'
import { candleSeconds, TIMEFRAME_SPECS, type TimeframeSpec } from './timeframes'
import { completeWeeks, weeklyCandles } from './weekly'
import type { OhlcvBody } from './schemas'
import { ChainStore } from '../../chain/store'
import { asOf, chainChartCoverage } from '../../chain/serving'
import { TokenIdentities } from '../../chain/identities'
import { shownTicker, type TokenIdentity } from '../../chain/token-identity'
import type { ChainPoolRow } from '../../db/schema'
import { MAX_TOKENS_PER_CALL, type GtPool } from '../../upstream/geckoterminal'
import { chainCandles } from './chain'
import { labelled, seamOf, stitchCandles, type SourcedCandle } from './stitch'

/** The oldest week is dropped when the history read stops inside the pool's life: its first days are missing. */
const wholeWeeks = (weeks: Candle[], history: History): Candle[] => (history.reachedStart ? weeks : weeks.slice(1))

export type ChartServiceDeps = ServiceDeps<'config' | 'upstreams' | 'registry'> & Partial<ServiceDeps<'database'>>

/** Candles of one part of a chart, and whether they came from stale or partial reads. */
interface Part {
  candles: SourcedCandle[]
  stale: boolean
}

/** The chain-built part: also where it starts (the interval of the follower's first record of the pool; null: none). */
type ChainPart = Part & { seam: number | null }

/** A token's chartable pools and what they were read from (ChartService.poolChoices). */
export interface PoolChoices {
  /** Most liquid first: the first is the default chart. */
  choices: ChartChoice[]
  followed: ChainPoolRow[]
  /** Source B's listing of the token's pools, or the refusal or failure that left it out. */
  listed: Fetched<{ pools: GtPool[] }> | UpstreamError
  identity: TokenIdentity
}

export class ChartService {
  private readonly chain: ChainStore | null
  private readonly identities: TokenIdentities

  constructor(private readonly deps: ChartServiceDeps) {
    this.chain = deps.database ? new ChainStore(deps.database) : null
    this.identities = new TokenIdentities(deps.registry, deps.database ?? null)
  }

  async ohlcv(request: OhlcvRequest): Promise<Fetched<OhlcvBody>> {
    // The chain a cold chart needs: (the chain API's word on an unknown unit,) the pool look-up, the newest page.
    // Admitted at its first cold call from this client's share, or refused before it; older pages are extra.
    const { choices, followed, listed, identity } = await this.poolChoices(request.unit, 1)
    // Without source B's listing only the followed pools can be charted (and a unit nobody follows not at all).
    if (listed instanceof UpstreamError && (followed.length === 0 || (request.pool !== null && !followed.some((p) => p.poolId === request.pool)))) {
      throw listed
    }
    if (choices.length === 0) {
      throw apiError('no_chartable_pool', { unit: request.unit, sourceBDexes: this.deps.config.sourceBDexes })
    }
    const choice = request.pool === null ? choices[0] : choices.find((c) => c.ref.address === request.pool)
    if (choice === undefined) {
      throw apiError('pool_not_found', { unit: request.unit, pool: request.pool ?? '' })
    }

    const chainPart = choice.chain === null ? null : await this.chainPart(choice.chain, request, identity)
    // Source B's candles: a pool only source B has; a followed pool's past before the follower's first record of it,
    // when the chart reaches back there and source B can have it (it lists the pool, or its id is source B's address).
    const past = chainPart === null ? null : sourceBPast(choice, chainPart, request, TIMEFRAME_SPECS[request.tf], Math.floor(this.deps.now() / 1000))
    const history =
      chainPart === null ? await settle(this.sourceBPart(choice.sourceB!, request)) : past === null ? null : await settle(this.sourceBPart(past.pool, request, past.before))
    // A pool only source B has: its candles are the chart, and their failure is the answer's.
    if (choice.chain === null && history instanceof UpstreamError) throw history
    const sourceB = history instanceof UpstreamError ? null : history
    const missing = missingOf([listed, history])
    const candles = latest(chainPart === null ? sourceB!.candles : stitch(sourceB, chainPart), request.limit)
    return {
      data: {
        asset: request.unit,
        pool: choice.ref,
        tf: request.tf,
        quote: request.quote === 'ada' ? 'ADA' : 'USD',
        poolChoices: choices.map((c) => c.ref),
        candles,
        coverage: this.coverage(choice, chainPart, sourceB, request.pool !== null, shownTicker(identity)),
        missing,
        // Source B scales its own candles; chain-built ones by these decimals.
        decimalsSource: chainPart === null || chainPart.candles.length === 0 ? null : identity.decimalsSource,
        asOf: chainPart === null ? null : asOf(await this.chain!.cursor()),
      },
      stale: missing.length > 0 || (!(listed instanceof UpstreamError) && listed.stale) || (sourceB?.stale ?? false) || (chainPart?.stale ?? false),
    }
  }

  /**
   * The token's chartable pools, most liquid first (the first is the default chart), and what they were read from:
   * the followed pools, source B's listing (or why it is missing: then only the followed pools are choices) and
   * the token's identity. A unit outside the registry that nobody follows is asked of the chain API first, so
   * made-up units never spend source B's budget (404 `no_chartable_pool` when it does not know it). A followed
   * curated token's source B pools are the screener's batch (a core read), so its candles are read from source B
   * only before the chain's record. Declares the request's chain of cold calls: the chain API's word, the listing,
   * and `candlePages` candle pages after it.
   */
  async poolChoices(unit: string, candlePages: number): Promise<PoolChoices> {
    // A unit with a followed pool is known: its pools were read on chain.
    const followed = await this.followedPools(unit)
    const curated = this.deps.registry.get(unit) !== undefined
    const known = curated || followed.length > 0
    const fromBatch = curated && followed.length > 0
    declareChain(fromBatch ? { geckoterminal: candlePages } : known ? { geckoterminal: 1 + candlePages } : { geckoterminal: 1 + candlePages, koios: 1 })
    if (!known) {
      await this.requireKnownAsset(unit)
      chainStep('koios')
    }
    const identity = await this.identities.of(unit)
    const listed = await settle(fromBatch ? this.batchPools(unit) : this.deps.upstreams.geckoterminal.tokenPools(unit))
    if (!fromBatch) chainStep('geckoterminal')
    const sourceBPools = listed instanceof UpstreamError ? [] : chartablePools(unit, listed.data.pools, this.deps.config)
    const nowSeconds = Math.floor(this.deps.now() / 1000)
    const choices = chartChoices(followed, sourceBPools, shownTicker(identity), await this.adaUsd(followed, sourceBPools), nowSeconds)
    return { choices, followed, listed, identity }
  }

  /** A curated token's source B pools from the screener's batch: a core-plan resource, refreshed at its interval whoever asks. */
  private async batchPools(unit: string): Promise<Fetched<{ pools: GtPool[] }>> {
    const read = await asCore(() => this.deps.upstreams.geckoterminal.tokensMulti(this.deps.registry.batchOf(unit, MAX_TOKENS_PER_CALL)!))
    return { data: { pools: read.data.pools }, stale: read.stale }
  }

  /** Source B's candles of one of its pools (those before `before`, when given), re-based to ADA when asked, labelled `sourceB`. */
  private async sourceBPart(pool: Pick<ChartablePool, 'address' | 'createdAt'>, request: OhlcvRequest, before?: number): Promise<Part> {
    const spec = TIMEFRAME_SPECS[request.tf]
    const history = await readHistory(this.deps.upstreams.geckoterminal, pool, spec, request.limit, before)
    const usd = orderCandles(history.pages)
    let candles = latest(spec.weekly ? wholeWeeks(weeklyCandles(usd), history) : usd, request.limit)
    let adaStale = false
    if (request.quote === 'ada' && candles.length > 0) {
      const from = candles[0].time
      const choice = adaSeriesFor(from, this.deps.now())
      const series = await this.deps.upstreams.coingecko.adaPriceSeries(choice.days)
      const tolerance = matchToleranceMs(choice, spec.upstreamSeconds)
      // Weeks are re-based day by day, so each price is matched near its own day, then aggregated; a week
      // that lost a day (no ADA price near it) is left out rather than passed off as whole.
      if (spec.weekly) {
        const days = usd.filter((c) => c.time >= from)
        candles = weeklyCandles(completeWeeks(rebaseToAda(days, series.data, tolerance), days))
      } else candles = rebaseToAda(candles, series.data, tolerance)
      adaStale = series.stale || series.data.length === 0
    }
    return { candles: labelled(candles, 'sourceB'), stale: history.stale || history.partial || adaStale }
  }

  /** The candles built from the follower's records of a pool (no upstream call but ADA's price), and where they start. */
  private async chainPart(pool: FollowedPool, request: OhlcvRequest, identity: TokenIdentity): Promise<ChainPart> {
    const spec = TIMEFRAME_SPECS[request.tf]
    const { coingecko } = this.deps.upstreams
    const built = await chainCandles(this.chain!, coingecko, pool.poolId, spec, request.quote, request.limit, this.deps.now(), identity.decimals)
    return { candles: labelled(built.candles, 'chain'), stale: built.stale, seam: pool.firstRecord === null ? null : seamOf(pool.firstRecord, spec) }
  }

  private coverage(choice: ChartChoice, chain: ChainPart | null, sourceB: Part | null, picked: boolean, ticker: string): string {
    if (chain === null) return chartCoverage(choice.ref, picked)
    const seam = chain.seam
    if (sourceB === null || seam === null || !sourceB.candles.some((c) => c.time < seam)) return chainChartCoverage(ticker, choice.chain!.dex)
    return stitchedChartCoverage(choice.ref, new Date(seam * 1000).toISOString().replace('.000Z', 'Z'))
  }

  /** ADA's USD price, to rank a pool only source B lists against the followed ones (null: not needed, or unknown). */
  private async adaUsd(followed: readonly ChainPoolRow[], sourceB: readonly ChartablePool[]): Promise<number | null> {
    if (followed.length === 0 || sourceB.every((b) => followed.some((p) => p.poolId === b.address))) return null
    const snapshot = await settle(this.deps.upstreams.coingecko.adaMarket())
    return snapshot instanceof UpstreamError ? null : (snapshot.data?.priceUsd ?? null)
  }

  /** The token's pools the chain follower records (any token, with a database), deepest first, with their first record. */
  private async followedPools(unit: string): Promise<FollowedPool[]> {
    if (this.chain === null) return []
    const chain = this.chain
    return Promise.all((await chain.pools(unit)).map(async (pool) => ({ ...pool, firstRecord: await chain.firstRecord(pool.poolId) })))
  }

  /**
   * Source B's budget (about 10 calls a minute) is shared with the screener: a unit outside the registry is
   * looked up there only once the chain API knows it, so made-up units cannot spend it. (A chain API outage
   * then answers 502 for such units rather than guessing.)
   */
  private async requireKnownAsset(unit: string): Promise<void> {
    if (!(await isKnownToken(this.deps.registry, this.deps.upstreams.koios, unit))) {
      throw apiError('no_chartable_pool', { unit, sourceBDexes: null })
    }
  }
}

/**
 * Where source B's past of a followed pool is read from, or null when the chain fills the chart: the chain-built
 * candles fill `limit`, or its record reaches back to the chart's start, or the follower read the pool's creation
 * (nothing older exists). Else the candles before the seam (all of them for a pool the follower holds no price of
 * yet: found by the discovery pass, quiet since), of the pool as source B lists it, or by its id for a Minswap V2
 * pool (source B's address of it) that the batch's top pools do not name.
 */
function sourceBPast(choice: ChartChoice, chain: ChainPart, request: OhlcvRequest, spec: TimeframeSpec, nowSeconds: number) {
  const pool = choice.chain!
  const chartStart = nowSeconds - candleSeconds(spec) * request.limit
  if (pool.createdHeight !== null) return null
  if (chain.seam !== null && (chain.candles.length >= request.limit || chain.seam <= chartStart)) return null
  const address = choice.sourceB?.address ?? (pool.dex === 'minswap-v2' ? pool.poolId : null)
  return address === null ? null : { pool: { address, createdAt: choice.sourceB?.createdAt ?? null }, before: chain.seam ?? undefined }
}

/** A followed pool's candles: source B's before the chain's first record of it, when source B has them. */
function stitch(sourceB: Part | null, chain: ChainPart): SourcedCandle[] {
  if (chain.seam === null) return sourceB?.candles ?? chain.candles
  return sourceB === null ? chain.candles : stitchCandles(sourceB.candles, chain.candles, chain.seam)
}
