/**
 * Instants as the API takes them in a query: Unix seconds, a UTC day, or an ISO 8601 time. The history's range
 * (`from`, `to`) takes UTC times (`Z`); a price's `at` also takes a time with its offset (`+02:00`), as a tax tool
 * exports a transaction's local time. One parser for both: the schema's pattern lets the form through, this
 * checks the date is real (no 2026-02-30) and turns it into Unix seconds.
 */
import type { ApiError } from '../../http/errors'
import { utcDayStart } from './intervals'

const SECONDS = '\\d{1,11}'
const DAY = '\\d{4}-\\d{2}-\\d{2}'
const TIME = 'T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?'

/** Unix seconds, a UTC day or an ISO 8601 UTC time (`Z`). */
export const UTC_INSTANT_PATTERN = `^(?:${SECONDS}|${DAY}(?:${TIME}Z)?)$`

/** The same, and an ISO 8601 time with an offset (`2026-01-01T12:00:00+02:00`). */
export const INSTANT_PATTERN = `^(?:${SECONDS}|${DAY}(?:${TIME}(?:Z|[+-]\\d{2}:\\d{2}))?)$`

/** Unix seconds from a form the pattern let through; `rule`'s 400 for a date or time that is not real. */
export function parseInstant(raw: string, rule: (detail?: string) => ApiError): number {
  if (/^\d+$/.test(raw)) return Number(raw)
  const day = utcDayStart(raw.slice(0, 10))
  // A bare day is 00:00 UTC (Date.parse reads it so; a time without an offset would be local, which the pattern refuses).
  const ms = Date.parse(raw)
  if (day === null || Number.isNaN(ms)) throw rule(`${raw} is not a real date.`)
  return Math.floor(ms / 1000)
}
