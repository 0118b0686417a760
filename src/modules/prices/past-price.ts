/**
 * The arithmetic of a price at a past moment (pure): which candle holds the moment, the page of source B's hourly
 * candles that holds it, and when an answer can no longer change.
 *
 * Source B's candles are read a page of 1000 hourly rows at a time, asked for before the end of a fixed block of
 * 960 hours (40 days) on a grid: every moment of a block shares one call, cached for good once the block is over
 * (the past does not change), so a year of moments of one pool costs at most 10 calls whatever is asked. A block
 * is a multiple of the chart's own grid of older pages (charts/history.ts, 6 h), so a chart paging back may find
 * the same page cached. 1000 rows cover the block: a full page always holds the block's last row at or before
 * the moment; a shorter one reached the pool's first candle.
 */
import type { Candle } from '../../market/candle'

export const HOUR_SECONDS = 3600
/** The block of hours one source B page is asked for. */
export const SOURCE_B_BLOCK_SECONDS = 960 * HOUR_SECONDS
/** Rows asked for: more than the block's hours. */
export const SOURCE_B_PAGE_ROWS = 1000
/**
 * Blocks the follower must have read past an hour before a chain price of that hour is final: its last ~10 blocks
 * are provisional (a rollback replaces them), and it may be behind the chain.
 */
export const CHAIN_SETTLED_SECONDS = 600

/** The end (exclusive, Unix s) of the 960-hour block holding `at`: the page's `before_timestamp`. */
export const sourceBBlockEnd = (at: number): number => (Math.floor(at / SOURCE_B_BLOCK_SECONDS) + 1) * SOURCE_B_BLOCK_SECONDS

/** The end of the hour holding `at` (Unix s). */
export const hourEnd = (at: number): number => (Math.floor(at / HOUR_SECONDS) + 1) * HOUR_SECONDS

/** The newest candle starting at or before `at` (the one holding it, or the last before a quiet stretch); null when none does. */
export function candleAtOrBefore(rows: readonly Candle[], at: number): Candle | null {
  let found: Candle | null = null
  for (const row of rows) if (row.time <= at && (found === null || row.time > found.time)) found = row
  return found
}

/** The oldest candle's start, or null for none. */
export const oldestCandle = (rows: readonly Candle[]): number | null => (rows.length === 0 ? null : Math.min(...rows.map((r) => r.time)))

/**
 * Whether a price of `at` can no longer change: its hour is over, and for a chain price the follower has read
 * CHAIN_SETTLED_SECONDS past that hour (`chainReadTo`: the time of its last block; undefined: not a chain price).
 */
export function isFinal(at: number, nowSeconds: number, chainReadTo?: number | null): boolean {
  const end = hourEnd(at)
  if (end > nowSeconds) return false
  return chainReadTo === undefined || (chainReadTo !== null && chainReadTo >= end + CHAIN_SETTLED_SECONDS)
}
