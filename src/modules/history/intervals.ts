/**
 * The time grid of the recorded history: 5-minute snapshots, hourly roll-ups, and the candle timeframes built
 * from them. Pure.
 */

/** One snapshot per token per 5-minute interval (interval starts are multiples of 300 s, UTC). */
export const SNAPSHOT_SECONDS = 300
export const HOUR_SECONDS = 3600
export const DAY_SECONDS = 86_400

/** Candle timeframes of the history endpoints, with their length. */
export const HISTORY_TIMEFRAMES = { '5m': SNAPSHOT_SECONDS, '1h': HOUR_SECONDS, '1d': DAY_SECONDS } as const
export type HistoryTimeframe = keyof typeof HISTORY_TIMEFRAMES
export const HISTORY_TIMEFRAME_NAMES = ['5m', '1h', '1d'] as const satisfies readonly HistoryTimeframe[]

/** Start (Unix seconds) of the interval of `seconds` holding the instant `ms`. */
export function intervalStart(ms: number, seconds: number): number {
  return Math.floor(ms / 1000 / seconds) * seconds
}

/** Start (Unix seconds) of the UTC day `YYYY-MM-DD`, or null when it is not a real calendar day. */
export function utcDayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (match === null) return null
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return new Date(ms).toISOString().slice(0, 10) === day ? ms / 1000 : null
}

export const isoDay = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10)
