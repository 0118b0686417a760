/**
 * Weekly candles from daily ones. A week starts on Monday 00:00 UTC; its candle takes the open of its first
 * daily candle, the close of its last, the highest high, the lowest low and the summed volume. A week with no
 * daily candle (no trade) has no candle; the current week is included as far as it has gone.
 */
import { weekStart } from '../../market/weeks'
import type { Candle } from '../../market/candle'

/**
 * The weeks of `subset` that hold every day `all` has in them: after re-basing to ADA some days can lose
 * their candle (no ADA price near them), and a week built from what is left would pass for a whole week.
 */
export function completeWeeks(subset: readonly Candle[], all: readonly Candle[]): Candle[] {
  const daysPerWeek = (days: readonly Candle[]) => {
    const counts = new Map<number, number>()
    for (const day of days) counts.set(weekStart(day.time), (counts.get(weekStart(day.time)) ?? 0) + 1)
    return counts
  }
  const expected = daysPerWeek(all)
  const present = daysPerWeek(subset)
  return subset.filter((day) => present.get(weekStart(day.time)) === expected.get(weekStart(day.time)))
}

/** Ascending daily candles to ascending weekly candles. */
export function weeklyCandles(daily: readonly Candle[]): Candle[] {
  const weeks: Candle[] = []
  for (const day of daily) {
    const start = weekStart(day.time)
    const week = weeks[weeks.length - 1]
    if (week === undefined || week.time !== start) {
      weeks.push({ time: start, open: day.open, high: day.high, low: day.low, close: day.close, volume: day.volume })
      continue
    }
    week.high = Math.max(week.high, day.high)
    week.low = Math.min(week.low, day.low)
    week.close = day.close
    week.volume += day.volume
  }
  return weeks
}
