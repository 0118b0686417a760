/**
 * A chart's time axis to scale: pure, so the unit tests cover it. lightweight-charts gives every data point one
 * slot of the same width whatever its time, so candles alone would squeeze out the hours without trades (22:00,
 * 23:00, 02:00 at equal steps). A whitespace point (a time without prices, the library's way of drawing a gap)
 * for every interval without a candle keeps the distance between two candles proportional to the time between
 * them.
 */

/** The most slots (candles and empty intervals) one chart holds; past it the oldest candles are left out, never the gaps. */
export const MAX_SLOTS = 20_000

/** One slot of the time axis: a candle, or an interval without one (`candle` null). */
export interface Slot<T> {
  time: number
  candle: T | null
}

export interface ScaledCandles<T> {
  slots: Slot<T>[]
  /** Intervals without a candle between the first candle shown and the last. */
  empty: number
  /** The oldest candles left out to stay within `maxSlots`. */
  leftOut: number
}

/**
 * The candles (ascending, one per interval of `step` seconds) with an empty slot for every interval between two
 * of them that has none. Built from the newest back, so a history too long for `maxSlots` loses its oldest candles.
 */
export function toScale<T extends { time: number }>(candles: readonly T[], step: number, maxSlots = MAX_SLOTS): ScaledCandles<T> {
  if (candles.length === 0) return { slots: [], empty: 0, leftOut: 0 }
  const newestFirst: Slot<T>[] = [{ time: candles[candles.length - 1].time, candle: candles[candles.length - 1] }]
  let empty = 0
  let i = candles.length - 2
  for (; i >= 0; i--) {
    const older = candles[i]
    const newer = candles[i + 1]
    // The intervals strictly between the two (half a step of slack for a seam whose times are not on the grid).
    const between: number[] = []
    for (let t = newer.time - step; t > older.time + step / 2; t -= step) between.push(t)
    if (newestFirst.length + between.length + 1 > maxSlots) break
    for (const time of between) newestFirst.push({ time, candle: null })
    newestFirst.push({ time: older.time, candle: older })
    empty += between.length
  }
  return { slots: newestFirst.reverse(), empty, leftOut: i + 1 }
}
