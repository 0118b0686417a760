/**
 * ADA-denominated candles, derived from USD ones: each price field and the volume are divided by ADA's USD
 * price at the candle's start, read from the market provider's ADA/USD series (`/coins/cardano/market_chart`)
 * at the point nearest to that time. The series is the finest one that reaches back to the oldest candle: the
 * provider sends 5-minute points for 1 day, hourly points up to 90 days and daily points beyond; 365 days is as
 * far back as its free tier goes. A candle with no point within its tolerance (older than the series, or in a
 * gap of it) is left out rather than divided by a far-off price.
 */
import { ADA_WINDOWS, DAY_MS, type AdaWindow } from '../../market/ada-windows'
import type { PricePoint } from '../../upstream/coingecko'
import type { Candle } from '../../market/candle'

/**
 * The finest of the three canonical windows (market/ada-windows.ts, shared with GET /market) that reaches back
 * to the oldest candle (the longest one when none does).
 */
export function adaSeriesFor(oldestCandleSeconds: number, nowMs: number): AdaWindow {
  const spanMs = nowMs - oldestCandleSeconds * 1000
  return ADA_WINDOWS.find((s) => spanMs <= s.days * DAY_MS) ?? ADA_WINDOWS[ADA_WINDOWS.length - 1]
}

/** How far the matched point may be from a candle: one step of the series or one candle, whichever is longer. */
export function matchToleranceMs(series: AdaWindow, candleSeconds: number): number {
  return Math.max(series.stepMs, candleSeconds * 1000)
}

/** The price of the point nearest to `timeMs` (the earlier one on a tie); null when none is within tolerance. */
export function nearestPrice(series: readonly PricePoint[], timeMs: number, toleranceMs: number): number | null {
  if (series.length === 0) return null
  // First point at or after timeMs; the nearest is it or the one before.
  let lo = 0
  let hi = series.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (series[mid][0] < timeMs) lo = mid + 1
    else hi = mid
  }
  const before = lo > 0 ? series[lo - 1] : undefined
  const after = lo < series.length ? series[lo] : undefined
  const nearest =
    before === undefined ? after! : after === undefined ? before : timeMs - before[0] <= after[0] - timeMs ? before : after
  return Math.abs(nearest[0] - timeMs) <= toleranceMs ? nearest[1] : null
}

/** Each candle divided by ADA's USD price at its start; candles with no usable price are left out. */
export function rebaseToAda(candles: readonly Candle[], series: readonly PricePoint[], toleranceMs: number): Candle[] {
  const out: Candle[] = []
  for (const c of candles) {
    const ada = nearestPrice(series, c.time * 1000, toleranceMs)
    if (ada === null || !(ada > 0)) continue
    out.push({ time: c.time, open: c.open / ada, high: c.high / ada, low: c.low / ada, close: c.close / ada, volume: c.volume / ada })
  }
  return out
}
