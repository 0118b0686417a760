/**
 * Candles as the API serves them, from source B's rows. Source B sends each page newest first and can repeat
 * a boundary row (within a page, and across pages read with `before_timestamp`); quiet intervals have no row.
 * Here they become one ascending list with one candle per time. Gaps stay gaps: nothing is filled in.
 */
import type { Candle } from '../../market/candle'

/**
 * Pages of rows (the newest page first, each as sent) to ascending candles without duplicate times. For a
 * repeated time the first row sent wins: it comes from the newest read of that interval.
 */
export function orderCandles(pages: ReadonlyArray<readonly Candle[]>): Candle[] {
  const byTime = new Map<number, Candle>()
  for (const page of pages) {
    for (const row of page) {
      if (!byTime.has(row.time)) {
        byTime.set(row.time, { time: row.time, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume })
      }
    }
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time)
}

/** The newest `limit` candles of an ascending list, still ascending. */
export function latest(candles: readonly Candle[], limit: number): Candle[] {
  return candles.slice(Math.max(0, candles.length - limit))
}
