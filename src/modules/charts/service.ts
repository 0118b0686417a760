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
import { latest, orderCandles, type Candle } from './candles'
import { readHistory, type History } from './history'
import { chartablePools, poolRef } from './pools'
import type { OhlcvRequest } from './request'
import { TIMEFRAME_SPECS } from './timeframes'
import { completeWeeks, weeklyCandles } from './weekly'
import type { OhlcvBody } from './schemas'

/** The oldest week is dropped when the history read stops inside the pool's life: its first days are missing. */
const wholeWeeks = (weeks: Candle[], history: History): Candle[] => (history.reachedStart ? weeks : weeks.slice(1))

export type ChartServiceDeps = ServiceDeps<'config' | 'upstreams' | 'registry'>

export class ChartService {
  constructor(private readonly deps: ChartServiceDeps) {}

  async ohlcv(request: OhlcvRequest): Promise<Fetched<OhlcvBody>> {
    const { geckoterminal, coingecko } = this.deps.upstreams
    const spec = TIMEFRAME_SPECS[request.tf]
    // The chain a cold chart needs: (the chain API's word on an unknown unit,) the pool look-up, the newest page.
    // Admitted at its first cold call from this client's share, or refused before it; older pages are extra.
    const known = this.deps.registry.get(request.unit) !== undefined
    declareChain(known ? { geckoterminal: 2 } : { geckoterminal: 2, koios: 1 })
    await this.requireKnownAsset(request.unit)
    if (!known) chainStep('koios')
    const listed = await geckoterminal.tokenPools(request.unit)
    chainStep('geckoterminal')
    const choices = chartablePools(request.unit, listed.data.pools, this.deps.config)
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
        poolChoices: choices.map(poolRef),
        candles,
        coverage: chartCoverage(pool, request.pool !== null),
      },
      stale: listed.stale || history.stale || history.partial || adaStale,
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
