/**
 * ADA's USD series comes from the market provider in three canonical windows, its own granularity bands: 1 day
 * at 5-minute points, 90 days hourly, 365 days daily. Every use (the /market series for any `days`, the
 * `quote=ada` candle re-basing) reads one of these three and slices it, so no caller's parameter ever makes
 * another upstream call.
 */
import type { AdaWindowDays, PricePoint } from '../upstream/coingecko'

export interface AdaWindow {
  /** The `days` asked of the provider. */
  days: AdaWindowDays
  /** Spacing of its points. */
  stepMs: number
}

export const DAY_MS = 86_400_000

export const ADA_WINDOWS: readonly AdaWindow[] = [
  { days: 1, stepMs: 5 * 60_000 },
  { days: 90, stepMs: 3_600_000 },
  { days: 365, stepMs: DAY_MS },
]

/** The finest window that spans `days` (the provider answers `days` with exactly this granularity). */
export function windowForDays(days: number): AdaWindow {
  return ADA_WINDOWS.find((w) => days <= w.days) ?? ADA_WINDOWS[ADA_WINDOWS.length - 1]
}

/** The last `days` of a window's points (oldest first), measured back from its newest point ("now"). */
export function lastDays(series: readonly PricePoint[], days: number): PricePoint[] {
  if (series.length === 0) return []
  const from = series[series.length - 1][0] - days * DAY_MS
  return series.filter((p) => p[0] >= from)
}
