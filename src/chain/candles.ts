/**
 * Candles from a pool's recorded updates (pure), shared/chain/README.md §4 "Candle derivation": price = the
 * tradeable-reserve ratio after each update; open = the previous close (the last price before the interval, when
 * there is one); high/low over the prices in the interval and the open; close = the last; volume = the ADA side of
 * the swaps only (deposits and withdrawals move the price, never the volume). Intervals without an update get no
 * candle: nothing synthetic.
 *
 * Every pool's hourly candles are also stored (hourly-candles.ts keeps them with buildCandles at one hour), and
 * are all that is left of the updates past the retention: `chainSeries` charts a pool from hourly candles or from
 * updates, and gives exactly what buildCandles would give from all the updates for any interval of whole hours (an
 * hour's candle opens with the previous close, so the first hourly candle of a longer interval opens it and the
 * highs and lows of its hours cover the interval).
 */
import type { Candle } from '../market/candle'
import { weekStart } from '../market/weeks'

export const HOUR_SECONDS = 3600

export interface PriceUpdate {
  /** Unix seconds. */
  time: number
  /** ADA per base unit after the update, as recorded; null when unknown (an empty reserve): skipped. */
  priceAda: number | null
  /** Lovelace of a swap's ADA side; null for anything but a swap. */
  amountAda: string | null
}

/** The start of the interval a time falls in; weeks start on Monday 00:00 UTC, as source B's weekly candles here do. */
export function bucketStart(time: number, seconds: number, weekly: boolean): number {
  return weekly ? weekStart(time) : Math.floor(time / seconds) * seconds
}

/**
 * Updates in chain order (ascending) to ascending candles of `seconds` each. `opening`: the last price before
 * the first update, when known elsewhere (the close of the rolled-up candles before them); it opens the first candle.
 */
export function buildCandles(updates: readonly PriceUpdate[], seconds: number, weekly = false, opening: number | null = null): Candle[] {
  const out: Candle[] = []
  let previousClose: number | null = opening
  let current: Candle | null = null
  for (const u of updates) {
    if (u.priceAda === null || !Number.isFinite(u.priceAda)) continue
    const start = bucketStart(u.time, seconds, weekly)
    if (current === null || current.time !== start) {
      if (current !== null) {
        out.push(current)
        previousClose = current.close
      }
      const open: number = previousClose ?? u.priceAda
      current = { time: start, open, high: open, low: open, close: open, volume: 0 }
    }
    current.high = Math.max(current.high, u.priceAda)
    current.low = Math.min(current.low, u.priceAda)
    current.close = u.priceAda
    if (u.amountAda !== null) current.volume += Number(u.amountAda) / 1e6
  }
  if (current !== null) out.push(current)
  return out
}

/** Ascending candles of a shorter interval merged into ascending candles of `seconds` (first open, last close). */
export function mergeCandles(candles: readonly Candle[], seconds: number, weekly = false): Candle[] {
  const out: Candle[] = []
  for (const c of candles) {
    const start = bucketStart(c.time, seconds, weekly)
    const last = out[out.length - 1]
    if (last !== undefined && last.time === start) {
      last.high = Math.max(last.high, c.high)
      last.low = Math.min(last.low, c.low)
      last.close = c.close
      last.volume += c.volume
    } else out.push({ ...c, time: start })
  }
  return out
}

/** Whether candles of this interval are made of whole hours (the rolled-up past can chart them). */
export const ofWholeHours = (seconds: number, weekly: boolean) => weekly || seconds % HOUR_SECONDS === 0

/**
 * What charts a pool over a range: for intervals of whole hours its stored hourly candles (ascending); for shorter
 * ones its recorded updates in chain order, with the last price before them (`opening`: the newest update before,
 * or the close of the last hour stored before).
 */
export type PoolSeries = { hourly: readonly Candle[] } | { updates: readonly PriceUpdate[]; opening: number | null }

/**
 * A pool's candles of `seconds`: merged from its hourly candles (intervals of whole hours, the rolled-up past
 * included), or built from its updates (a shorter interval, opened by the last price before).
 */
export function chainSeries(series: PoolSeries, seconds: number, weekly = false): Candle[] {
  return 'hourly' in series ? mergeCandles(series.hourly, seconds, weekly) : buildCandles(series.updates, seconds, weekly, series.opening)
}
