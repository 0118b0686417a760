/**
 * Candles from a pool's recorded updates (pure), shared/chain/README.md §4 "Candle derivation": price = the
 * tradeable-reserve ratio after each update (ADA per whole token); open = the previous close (the last price
 * before the interval, when there is one); high/low over the prices in the interval and the open; close = the
 * last; volume = the ADA side of the swaps only (deposits and withdrawals move the price, never the volume).
 * Intervals without an update get no candle: nothing synthetic.
 */
import type { Candle } from '../market/candle'
import { weekStart } from '../market/weeks'

export interface PriceUpdate {
  /** Unix seconds. */
  time: number
  /** ADA per whole token; null when unknown (an empty reserve): skipped. */
  priceAda: number | null
  /** Lovelace of a swap's ADA side; null for anything but a swap. */
  amountAda: string | null
}

/** The start of the interval a time falls in; weeks start on Monday 00:00 UTC, as source B's weekly candles here do. */
export function bucketStart(time: number, seconds: number, weekly: boolean): number {
  return weekly ? weekStart(time) : Math.floor(time / seconds) * seconds
}

/** Updates in chain order (ascending) to ascending candles of `seconds` each. */
export function buildCandles(updates: readonly PriceUpdate[], seconds: number, weekly = false): Candle[] {
  const out: Candle[] = []
  let previousClose: number | null = null
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
