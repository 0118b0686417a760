/**
 * Reading a pool's candles from source B, newest page first. One call returns at most 1000 rows and spans at
 * most about six months, so deeper history is paged with `before_timestamp` (the oldest time read so far).
 *
 * Budget: source B allows about 10 calls a minute, shared with the screener and token detail. So
 * - pages are cached per pool and source timeframe, whatever the request's `limit` or `quote` (1d and 1w read
 *   the same daily pages); an older page is asked for before a grid time (pageBefore), not before the exact
 *   oldest row, so its key stays the same while the newest page slides on: a sparse pool's second page is read
 *   once per grid step, not once per refresh of the first;
 * - the newest page lives as long as the answer (30 s for 1m … 300 s for 1d/1w); older pages hold closed
 *   candles only and are kept for hours;
 * - paging stops once the request's candles are read, at the pool's creation, at a page with nothing older,
 *   or after a few pages;
 * - an older page that cannot be read (over budget, upstream down) does not fail the chart: it is served with
 *   the history read so far and marked partial, so the answer is labelled stale and rebuilt soon.
 */
import { UpstreamError } from '../../upstream/errors'
import type { GeckoTerminal } from '../../upstream/geckoterminal'
import type { Candle } from '../../market/candle'
import type { ChartablePool } from './pools'
import type { TimeframeSpec } from './timeframes'
import { weekStart } from '../../market/weeks'

/** Source B's largest page. */
export const ROWS_PER_CALL = 1000
/** Older pages hold closed candles: they change only when the newest page moves on. */
export const HISTORY_TTL_MS = 6 * 60 * 60_000
/** Daily series: about two years (four six-month pages); finer series: two pages. */
export const MAX_PAGES_DAILY = 4
export const MAX_PAGES_INTRADAY = 2
const DAY_S = 86_400
/** Grid of older pages' `before_timestamp`: at most this long, and at most this many candles. */
const GRID_MAX_S = HISTORY_TTL_MS / 1000
const GRID_MAX_CANDLES = 100

/**
 * The `before_timestamp` of the page older than `oldest` (unix seconds): `oldest` rounded up to the grid. The page
 * overlaps the one before by less than a grid step (at most 100 candles; the overlap is skipped), in exchange for
 * a key that does not change with every new candle.
 */
export function pageBefore(oldest: number, spec: TimeframeSpec): number {
  const grid = Math.min(GRID_MAX_S, GRID_MAX_CANDLES * spec.upstreamSeconds)
  return Math.ceil(oldest / grid) * grid
}

export interface History {
  /** The pages read, newest first, rows as sent. */
  pages: Candle[][]
  /** Some page was a stale copy. */
  stale: boolean
  /** An older page could not be read: the series is shorter than it should be. */
  partial: boolean
  /** The pages reach the start of the pool's history, so the oldest candle read is not cut. */
  reachedStart: boolean
}

export function maxPages(spec: TimeframeSpec): number {
  return spec.upstreamSeconds >= DAY_S ? MAX_PAGES_DAILY : MAX_PAGES_INTRADAY
}

/**
 * Reads pages until `candles` candles of the timeframe are covered. For weeks that means one week more than
 * asked: pages cover time without holes, so a row from an older week proves the newer weeks are whole.
 * `before` (Unix s): only candles before it, the past of a followed pool before the follower's first record of it
 * (the seam): closed candles, so even the first page is kept as long as the older ones, under a key that does not move.
 */
export async function readHistory(source: GeckoTerminal, pool: Pick<ChartablePool, 'address' | 'createdAt'>, spec: TimeframeSpec, candles: number, before?: number): Promise<History> {
  const pages: Candle[][] = []
  const seen = new Set<number>()
  const enough = spec.weekly ? () => seen.size > candles : () => seen.size >= candles
  let stale = false
  let partial = false
  let reachedStart = false
  let oldest = Number.POSITIVE_INFINITY
  for (let page = 0; page < maxPages(spec); page++) {
    const until = page === 0 ? before : pageBefore(oldest, spec)
    const ttlMs = page === 0 && before === undefined ? spec.cacheSeconds * 1000 : HISTORY_TTL_MS
    let read: { data: Candle[] | null; stale: boolean }
    try {
      read = await source.poolOhlcv(pool.address, spec.upstream, spec.aggregate, ROWS_PER_CALL, ttlMs, until)
    } catch (error) {
      // The newest page is the chart: without it the caller serves a cached answer or a 502.
      if (page === 0 || !(error instanceof UpstreamError)) throw error
      partial = true
      break
    }
    stale ||= read.stale
    const older = (read.data ?? []).filter((row) => row.time < oldest)
    // Nothing older than what we have (an empty page, or only the repeated boundary row): history ends here.
    if (older.length === 0) {
      reachedStart = true
      break
    }
    pages.push(read.data!)
    for (const row of older) {
      seen.add(spec.weekly ? weekStart(row.time) : row.time)
      oldest = Math.min(oldest, row.time)
    }
    if (enough()) break
    if (pool.createdAt !== null && oldest <= pool.createdAt) {
      reachedStart = true
      break
    }
  }
  return { pages, stale, partial, reachedStart }
}
