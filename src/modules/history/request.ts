/**
 * Inputs of the history and export endpoints, each rule defined once: REST validates the query with these
 * parameter schemas and the MCP tool its arguments (both answer with the schema's `{code, error, hint}`). What
 * the schemas cannot say is checked here, with the same errors: a real date, from before to, a day begun.
 */
import { t } from 'elysia'
import { caseless, literals, timeframeSpellings } from '../../catalogue/literals'
import { param, type ParamValues } from '../../catalogue/types'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'
import { parseInstant, UTC_INSTANT_PATTERN } from './instants'
import { DAY_SECONDS, HISTORY_TIMEFRAME_NAMES, HISTORY_TIMEFRAMES, utcDayStart, type HistoryTimeframe, isoDay } from './intervals'

export const HISTORY_LIMIT = { min: 1, max: 1000, default: 300 } as const
export const DEFAULT_HISTORY_TIMEFRAME: HistoryTimeframe = '1h'
const EXPORT_FORMATS = ['ndjson', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

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

export const rangeParams = [
  param({
    name: 'tf',
    in: 'query',
    required: false,
    description: `Length of one candle: ${HISTORY_TIMEFRAME_NAMES.join(', ')}; hours and days in either case, minutes lowercase`,
    schema: t.Union(literals(timeframeSpellings(HISTORY_TIMEFRAME_NAMES)), {
      default: DEFAULT_HISTORY_TIMEFRAME,
      examples: ['1h', '1D'],
      error: invalid(HISTORY_INVALID.tf()),
    }),
  }),
  param({
    name: 'from',
    in: 'query',
    required: false,
    description: 'Start of the range: Unix seconds, a UTC day or an ISO 8601 UTC time. Given: the oldest `limit` candles from here; left out: the newest `limit` candles up to `to`',
    schema: t.String({ pattern: UTC_INSTANT_PATTERN, examples: ['2026-11-01', '1764547200'], error: invalid(HISTORY_INVALID.from()) }),
  }),
  param({
    name: 'to',
    in: 'query',
    required: false,
    description: 'End of the range (exclusive), same forms as from; default now',
    schema: t.String({ pattern: UTC_INSTANT_PATTERN, examples: ['2026-11-20'], error: invalid(HISTORY_INVALID.to()) }),
  }),
  param({
    name: 'limit',
    in: 'query',
    required: false,
    description: 'Number of candles at most',
    schema: t.Integer({
      minimum: HISTORY_LIMIT.min,
      maximum: HISTORY_LIMIT.max,
      default: HISTORY_LIMIT.default,
      examples: [100],
      error: invalid(HISTORY_INVALID.limit()),
    }),
  }),
]

/** The range values once validated (path parameters aside). */
export type HistoryInput = ParamValues<typeof rangeParams>

export interface HistoryRequest {
  tf: HistoryTimeframe
  /** [from, to) in Unix seconds, multiples of the timeframe, spanning at most `limit` candles. */
  from: number
  to: number
  limit: number
  /** With `from`, the oldest candles of the range are kept; without it, the newest (ending at `to` or now). */
  keep: 'oldest' | 'newest'
}

/** Turns the validated inputs into an aligned range of at most `limit` candles (400 for a date that is not real). */
export function parseHistoryRequest(raw: HistoryInput, nowMs: number): HistoryRequest {
  const tf = caseless(HISTORY_TIMEFRAME_NAMES, raw.tf, DEFAULT_HISTORY_TIMEFRAME)
  const limit = raw.limit ?? HISTORY_LIMIT.default
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

export interface ExportRequest {
  day: string
  /** Start of the day, Unix seconds. */
  from: number
  format: ExportFormat
  /** The day is over (its export no longer changes, until retention rolls it up after 90 days). */
  complete: boolean
}

export const exportParams = [
  param({
    name: 'day',
    in: 'query',
    required: false,
    description: 'UTC day, YYYY-MM-DD, today or earlier; default today (UTC)',
    schema: t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-01-31'], error: invalid(HISTORY_INVALID.day()) }),
  }),
  param({
    name: 'format',
    in: 'query',
    required: false,
    description: 'ndjson (application/x-ndjson) or csv (text/csv)',
    schema: t.Union(literals(EXPORT_FORMATS), {
      default: 'ndjson',
      examples: ['csv'],
      error: invalid(HISTORY_INVALID.format()),
    }),
  }),
]

/** The validated day and format; 400 for a day that is not real or has not begun. */
export function parseExportRequest(raw: ParamValues<typeof exportParams>, nowMs: number): ExportRequest {
  const format = raw.format ?? 'ndjson'
  const today = Math.floor(nowMs / 1000 / DAY_SECONDS) * DAY_SECONDS
  const day = raw.day ?? isoDay(today)
  const from = utcDayStart(day)
  if (from === null) throw HISTORY_INVALID.day()
  if (from > today) throw HISTORY_INVALID.day(`${day} has not begun yet.`)
  return { day, from, format, complete: from < today }
}
