/**
 * ADA's USD price at given times, from the market provider's ADA series (the window that reaches the oldest time,
 * as the chart re-basing picks it: modules/charts/ada-rebase.ts). A time with no point within one step is
 * unknown (null), and so is everything while the provider fails with no cached copy (`failure` says why).
 */
import type { CoinGecko } from '../../upstream/coingecko'
import { settle, UpstreamError } from '../../upstream/errors'
import { adaSeriesFor, nearestPrice } from '../charts/ada-rebase'

export interface AdaUsd {
  at(timeSeconds: number): number | null
  stale: boolean
  /** The provider's refusal or failure when the series could not be read (every time is then unknown). */
  failure: UpstreamError | null
}

export async function adaUsdAt(coingecko: CoinGecko, times: readonly number[], nowMs: number, toleranceMs?: number): Promise<AdaUsd> {
  if (times.length === 0) return { at: () => null, stale: false, failure: null }
  const window = adaSeriesFor(Math.min(...times), nowMs)
  const series = await settle(coingecko.adaPriceSeries(window.days))
  if (series instanceof UpstreamError) return { at: () => null, stale: true, failure: series }
  const tolerance = toleranceMs ?? window.stepMs
  return { at: (t) => nearestPrice(series.data, t * 1000, tolerance), stale: series.stale, failure: null }
}
