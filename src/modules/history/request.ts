/**
 * Inputs of the history and export endpoints as pure rules throwing the same `{code, error, hint}` as the REST
 * schemas, so the MCP tool rejects exactly what the endpoints reject.
 */
import { apiError } from '../../http/error-catalogue'
import type { ApiError } from '../../http/errors'
import { DAY_SECONDS, HISTORY_TIMEFRAME_NAMES, HISTORY_TIMEFRAMES, isHistoryTimeframe, utcDayStart, type HistoryTimeframe } from './intervals'

export const HISTORY_LIMIT = { min: 1, max: 1000, default: 300 } as const
export const DEFAULT_HISTORY_TIMEFRAME: HistoryTimeframe = '1h'
export const EXPORT_FORMATS = ['ndjson', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Unix seconds (digits) or an ISO 8601 UTC day or time. */
export const INSTANT_PATTERN = '^(?:\\d{1,11}|\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?Z)?)$'
const INSTANT_RE = new RegExp(INSTANT_PATTERN)

/** The 400 of each input (an optional detail sentence goes in front of the hint), as the schemas give it too. */
export const HISTORY_INVALID = {
  tf: () => apiError('invalid_timeframe', { timeframes: HISTORY_TIMEFRAME_NAMES, default: DEFAULT_HISTORY_TIMEFRAME }),
  from: (detail?: string) => apiError('invalid_from', { detail }),
  to: (detail?: string) => apiError('invalid_to', { detail }),
  range: () => apiError('invalid_range'),
  limit: () => apiError('invalid_limit', HISTORY_LIMIT),
  day: (detail?: string) => apiError('invalid_day', { detail }),
  format: () => apiError('invalid_format', { formats: EXPORT_FORMATS, default: 'ndjson' }),
}

export interface RawHistoryRequest {
  tf?: string
  from?: string
  to?: string
  limit?: number | string
}

export interface HistoryRequest {
  tf: HistoryTimeframe
  /** [from, to) in Unix seconds, multiples of the timeframe, spanning at most `limit` candles. */
  from: number
  to: number
  limit: number
  /** With `from`, the oldest candles of the range are kept; without it, the newest (ending at `to` or now). */
  keep: 'oldest' | 'newest'
}

/** Checks the inputs and turns them into an aligned range of at most `limit` candles. */
export function parseHistoryRequest(raw: RawHistoryRequest, nowMs: number): HistoryRequest {
  const tf = raw.tf ?? DEFAULT_HISTORY_TIMEFRAME
  if (!isHistoryTimeframe(tf)) throw HISTORY_INVALID.tf()
  const limit = raw.limit === undefined ? HISTORY_LIMIT.default : typeof raw.limit === 'number' ? raw.limit : Number(raw.limit)
  if (!Number.isInteger(limit) || limit < HISTORY_LIMIT.min || limit > HISTORY_LIMIT.max) throw HISTORY_INVALID.limit()
  const seconds = HISTORY_TIMEFRAMES[tf]
  const from = raw.from === undefined ? null : parseInstant(raw.from, HISTORY_INVALID.from)
  const toGiven = raw.to === undefined ? null : parseInstant(raw.to, HISTORY_INVALID.to)
  if (from !== null && toGiven !== null && from >= toGiven) throw HISTORY_INVALID.range()
  // Candles are whole timeframes: the range is widened to their edges, then cut to `limit` candles.
  const end = Math.ceil((toGiven ?? Math.floor(nowMs / 1000) + 1) / seconds) * seconds
  if (from === null) return { tf, from: end - limit * seconds, to: end, limit, keep: 'newest' }
  const start = Math.floor(from / seconds) * seconds
  return { tf, from: start, to: Math.min(end, start + limit * seconds), limit, keep: 'oldest' }
}

/** Unix seconds from the accepted forms; 400 with the rule's hint otherwise. */
export function parseInstant(raw: string, rule: (detail?: string) => ApiError): number {
  if (!INSTANT_RE.test(raw)) throw rule()
  if (/^\d+$/.test(raw)) return Number(raw)
  const day = utcDayStart(raw.slice(0, 10))
  const ms = Date.parse(raw)
  if (day === null || Number.isNaN(ms)) throw rule(`${raw} is not a real date.`)
  return Math.floor(ms / 1000)
}

export interface ExportRequest {
  day: string
  /** Start of the day, Unix seconds. */
  from: number
  format: ExportFormat
  /** The day is over (its export no longer changes, until retention rolls it up after 90 days). */
  complete: boolean
}

const isExportFormat = (value: string): value is ExportFormat => EXPORT_FORMATS.some((f) => f === value)

export function parseExportRequest(raw: { day?: string; format?: string }, nowMs: number): ExportRequest {
  const format = raw.format ?? 'ndjson'
  if (!isExportFormat(format)) throw HISTORY_INVALID.format()
  const from = raw.day === undefined ? null : utcDayStart(raw.day)
  if (raw.day === undefined || from === null) throw HISTORY_INVALID.day()
  const today = Math.floor(nowMs / 1000 / DAY_SECONDS) * DAY_SECONDS
  if (from > today) throw HISTORY_INVALID.day(`${raw.day} has not begun yet.`)
  return { day: raw.day, from, format, complete: from < today }
}
