/**
 * The chart timeframes and how each is read from source B. Source B serves minute (1, 5, 15), hour (1, 4, 12)
 * and day (1) candles; weeks are built here from daily candles. Lifetimes follow the spec: the finer the
 * candle, the sooner a new one appears.
 */
import type { OhlcvTimeframe } from '../../upstream/geckoterminal'

export const TIMEFRAMES = ['1m', '5m', '15m', '1h', '4h', '12h', '1d', '1w'] as const
export type Timeframe = (typeof TIMEFRAMES)[number]
export const DEFAULT_TIMEFRAME: Timeframe = '1h'

export interface TimeframeSpec {
  /** Source B's timeframe and aggregate of the candles read. */
  upstream: OhlcvTimeframe
  aggregate: number
  /** Length of one candle read from source B, in seconds. */
  upstreamSeconds: number
  /** Candles are weeks built from the daily candles read. */
  weekly: boolean
  /** Lifetime of the answer and of the newest page of candles, per pool and timeframe. */
  cacheSeconds: number
}

const MINUTE = 60
const HOUR = 3600
const DAY = 86_400

const spec = (upstream: OhlcvTimeframe, aggregate: number, unit: number, cacheSeconds: number, weekly = false): TimeframeSpec => ({
  upstream,
  aggregate,
  upstreamSeconds: aggregate * unit,
  weekly,
  cacheSeconds,
})

export const TIMEFRAME_SPECS: Record<Timeframe, TimeframeSpec> = {
  '1m': spec('minute', 1, MINUTE, 30),
  '5m': spec('minute', 5, MINUTE, 60),
  '15m': spec('minute', 15, MINUTE, 60),
  '1h': spec('hour', 1, HOUR, 120),
  '4h': spec('hour', 4, HOUR, 120),
  '12h': spec('hour', 12, HOUR, 120),
  '1d': spec('day', 1, DAY, 300),
  '1w': spec('day', 1, DAY, 300, true),
}


/** Length of one candle of the answer, in seconds (a week for 1w, whose candles are built from daily ones). */
export const candleSeconds = (spec: TimeframeSpec): number => (spec.weekly ? 7 * DAY : spec.upstreamSeconds)
