/**
 * OHLCV for one pool of a token: which pool, its candles from source B, optionally re-based to ADA with the
 * market provider's ADA/USD series. Shared by the REST route and the MCP tool; returns exactly the JSON body
 * the endpoint serves, and whether it was built from stale or partial inputs.
 */
import { splitUnit } from '../../cardano/unit'
import { apiError } from '../../http/error-catalogue'
import { chartCoverage } from '../../market/coverage'
import type { ServiceDeps } from '../../core'
import { chainStep, declareChain } from '../../upstream/call-context'
import type { Fetched } from '../../upstream/fetched'
import { adaSeriesFor, matchToleranceMs, rebaseToAda } from './ada-rebase'
import type { Candle } from '../../market/candle'
import { latest, orderCandles } from './candles'
import { readHistory, type History } from './history'
import { chartablePools, poolRef } from './pools'
import type { OhlcvRequest } from './request'
import { TIMEFRAME_SPECS } from './timeframes'
import { completeWeeks, weeklyCandles } from './weekly'
import type { OhlcvBody } from './schemas'
import { ChainStore } from '../../chain/store'
import { chainChartCoverage, chainPoolRef } from '../../chain/serving'
import { TokenIdentities } from '../../chain/identities'
import { shownTicker } from '../../chain/token-identity'
import type { ChainPoolRow } from '../../db/schema'
import { chainCandles } from './chain'
import type { ChartablePool } from './pools'

/** Source B's pools that the chain follower records too (Minswap V2: same id) are charted from the chain. */
const withoutFollowed = (choices: ChartablePool[], followed: readonly ChainPoolRow[]) =>
  choices.filter((c) => !followed.some((p) => p.poolId === c.address))

/** The oldest week is dropped when the history read stops inside the pool's life: its first days are missing. */
const wholeWeeks = (weeks: Candle[], history: History): Candle[] => (history.reachedStart ? weeks : weeks.slice(1))

export type ChartServiceDeps = ServiceDeps<'config' | 'upstreams' | 'registry'> & Partial<ServiceDeps<'database'>>

export class ChartService {
  private readonly chain: ChainStore | null
  private readonly identities: TokenIdentities

  constructor(private readonly deps: ChartServiceDeps) {
    this.chain = deps.database ? new ChainStore(deps.database) : null
    this.identities = new TokenIdentities(deps.registry, deps.database ?? null)
  }

  async ohlcv(request: OhlcvRequest): Promise<Fetched<OhlcvBody>> {
    const { geckoterminal, coingecko } = this.deps.upstreams
    const spec = TIMEFRAME_SPECS[request.tf]
    // The chain a cold chart needs: (the chain API's word on an unknown unit,) the pool look-up, the newest page.
    // Admitted at its first cold call from this client's share, or refused before it; older pages are extra.
    // A unit with a followed pool is known: its pools were read on chain.
    const followed = await this.followedPools(request.unit)
    const known = this.deps.registry.get(request.unit) !== undefined || followed.length > 0
    declareChain(known ? { geckoterminal: 2 } : { geckoterminal: 2, koios: 1 })
    if (!known) await this.requireKnownAsset(request.unit)
    if (!known) chainStep('koios')
    if (followed.length > 0 && (request.pool === null || followed.some((p) => p.poolId === request.pool))) {
      // Charted from the chain: source B's pool listing (the other choices) is the one upstream read left.
      declareChain({ geckoterminal: 1 })
      return this.chainOhlcv(request, followed)
    }
    const listed = await geckoterminal.tokenPools(request.unit)
    chainStep('geckoterminal')
    const choices = withoutFollowed(chartablePools(request.unit, listed.data.pools, this.deps.config), followed)
    if (choices.length === 0) {
      throw apiError('no_chartable_pool', { unit: request.unit, sourceBDexes: this.deps.config.sourceBDexes })
    }
    const pool = request.pool === null ? choices[0] : choices.find((p) => p.address === request.pool)
    if (pool === undefined) {
      throw apiError('pool_not_found', { unit: request.unit, pool: request.pool ?? '' })
    }

    const history = await readHistory(geckoterminal, pool, spec, request.limit)
    const usd = orderCandles(history.pages)
    let candles = latest(spec.weekly ? wholeWeeks(weeklyCandles(usd), history) : usd, request.limit)
    let adaStale = false
    if (request.quote === 'ada' && candles.length > 0) {
      const from = candles[0].time
      const choice = adaSeriesFor(from, this.deps.now())
      const series = await coingecko.adaPriceSeries(choice.days)
      const tolerance = matchToleranceMs(choice, spec.upstreamSeconds)
      // Weeks are re-based day by day, so each price is matched near its own day, then aggregated; a week
      // that lost a day (no ADA price near it) is left out rather than passed off as whole.
      if (spec.weekly) {
        const days = usd.filter((c) => c.time >= from)
        candles = weeklyCandles(completeWeeks(rebaseToAda(days, series.data, tolerance), days))
      } else candles = rebaseToAda(candles, series.data, tolerance)
      adaStale = series.stale || series.data.length === 0
    }

    return {
      data: {
        asset: request.unit,
        pool: poolRef(pool),
        tf: request.tf,
        quote: request.quote === 'ada' ? 'ADA' : 'USD',
        poolChoices: [...(await this.chainRefs(request.unit, followed)), ...choices.map(poolRef)],
        candles,
        coverage: chartCoverage(pool, request.pool !== null),
        decimalsSource: null,
      },
      stale: listed.stale || history.stale || history.partial || adaStale,
    }
  }

  /** The token's pools the chain follower records (any token, with a database), deepest first. */
  private async followedPools(unit: string): Promise<ChainPoolRow[]> {
    if (this.chain === null) return []
    return this.chain.pools(unit)
  }

  private async chainRefs(unit: string, pools: readonly ChainPoolRow[]) {
    if (pools.length === 0) return []
    const ticker = shownTicker(await this.identities.of(unit))
    return pools.map((p) => chainPoolRef(p, ticker))
  }

  /**
   * A followed pool charted from its recorded updates (the deepest followed pool unless `pool` names one). Source
   * B's other pools are still offered in poolChoices when its listing answers; without it the chain's are enough.
   */
  private async chainOhlcv(request: OhlcvRequest, followed: ChainPoolRow[]): Promise<Fetched<OhlcvBody>> {
    const pool = followed.find((p) => p.poolId === request.pool) ?? followed[0]
    const spec = TIMEFRAME_SPECS[request.tf]
    const identity = await this.identities.of(request.unit)
    const built = await chainCandles(this.chain!, this.deps.upstreams.coingecko, pool.poolId, spec, request.quote, request.limit, this.deps.now(), identity.decimals)
    let others: ChartablePool[] = []
    let listingStale = false
    try {
      const listed = await this.deps.upstreams.geckoterminal.tokenPools(request.unit)
      others = withoutFollowed(chartablePools(request.unit, listed.data.pools, this.deps.config), followed)
      listingStale = listed.stale
    } catch {
      listingStale = true
    }
    const ticker = shownTicker(identity)
    return {
      data: {
        asset: request.unit,
        pool: chainPoolRef(pool, ticker),
        tf: request.tf,
        quote: request.quote === 'ada' ? 'ADA' : 'USD',
        poolChoices: [...(await this.chainRefs(request.unit, followed)), ...others.map(poolRef)],
        candles: built.candles,
        coverage: chainChartCoverage(ticker, pool.dex),
        decimalsSource: identity.decimalsSource,
      },
      stale: built.stale || listingStale,
    }
  }

  /**
   * Source B's budget (about 10 calls a minute) is shared with the screener: a unit outside the registry is
   * looked up there only once the chain API knows it, so made-up units cannot spend it. (A chain API outage
   * then answers 502 for such units rather than guessing.)
   */
  private async requireKnownAsset(unit: string): Promise<void> {
    if (this.deps.registry.get(unit) !== undefined) return
    const known = await this.deps.upstreams.koios.assetInfo([splitUnit(unit)])
    if (!known.data.some((a) => a.policyId + a.assetNameHex === unit)) {
      throw apiError('no_chartable_pool', { unit, sourceBDexes: null })
    }
  }
}
