/**
 * ADA's USD price at given times, from the market provider's ADA series (the window that reaches the oldest time,
 * as the chart re-basing picks it: modules/charts/ada-rebase.ts). A time with no point within one step is
 * unknown (null), and so is everything while the provider fails with no cached copy.
 */
import type { CoinGecko } from '../../upstream/coingecko'
import { adaSeriesFor, nearestPrice } from '../charts/ada-rebase'

export interface AdaUsd {
  at(timeSeconds: number): number | null
  stale: boolean
}

export async function adaUsdAt(coingecko: CoinGecko, times: readonly number[], nowMs: number, toleranceMs?: number): Promise<AdaUsd> {
  if (times.length === 0) return { at: () => null, stale: false }
  const window = adaSeriesFor(Math.min(...times), nowMs)
  try {
    const series = await coingecko.adaPriceSeries(window.days)
    const tolerance = toleranceMs ?? window.stepMs
    return { at: (t) => nearestPrice(series.data, t * 1000, tolerance), stale: series.stale }
  } catch {
    return { at: () => null, stale: true }
  }
}
