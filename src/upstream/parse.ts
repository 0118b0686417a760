/**
 * Tolerant readers for upstream JSON. Upstreams send numbers as strings ("0.0013"), nulls, missing keys and
 * the odd wrong type; these helpers turn each field into a value or null and never throw. Shape checks that
 * must fail a whole answer (an array expected, an object received) use `expectArray` / `expectObject`.
 */
import { UpstreamError, type UpstreamName } from './errors'

export type Json = Record<string, unknown>

export function obj(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null
}

export function arr(value: unknown): unknown[] | null {
  return Array.isArray(value) ? value : null
}

/** A finite number from a number or a numeric string; null otherwise. */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value)
    return Number.isFinite(parsed) ? parsed : null
  }
  return null
}

/** A non-negative integer count (transaction counts, decimals); null when absent or not integral. */
export function count(value: unknown): number | null {
  const n = num(value)
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** A non-empty string, or null. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/**
 * An exact non-negative integer as a decimal string (lovelace, token quantities, supply). Accepts digit
 * strings, and numbers only when they are safe integers (a float cannot carry an exact amount).
 */
export function intString(value: unknown): string | null {
  if (typeof value === 'string' && /^\d+$/.test(value)) return value.replace(/^0+(?=\d)/, '')
  if (typeof value === 'string' && /^\d+\.0*$/.test(value)) return value.split('.')[0].replace(/^0+(?=\d)/, '')
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  return null
}

/** An ISO 8601 timestamp to unix milliseconds, or null. */
export function isoToMs(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? ms : null
}

export function expectArray(upstream: UpstreamName, value: unknown, what: string): unknown[] {
  const list = arr(value)
  if (list === null) throw new UpstreamError(upstream, 'bad_shape', `${what}: expected a JSON array`)
  return list
}

export function expectObject(upstream: UpstreamName, value: unknown, what: string): Json {
  const o = obj(value)
  if (o === null) throw new UpstreamError(upstream, 'bad_shape', `${what}: expected a JSON object`)
  return o
}

/**
 * A map of time windows (`{h1: …, h24: …}`) read window by window: each value the reader accepts is kept,
 * missing or unreadable windows are left out (upstreams omit windows with no activity).
 */
export function readWindows<W extends string, T>(
  value: unknown,
  windows: readonly W[],
  read: (v: unknown) => T | null,
): Partial<Record<W, T>> {
  const o = obj(value)
  const out: Partial<Record<W, T>> = {}
  if (o === null) return out
  for (const w of windows) {
    const v = read(o[w])
    if (v !== null) out[w] = v
  }
  return out
}

/** Map over a list, keeping only the items the reader accepts (one malformed row never sinks the answer). */
export function keep<T>(list: unknown[], read: (item: unknown) => T | null): T[] {
  const out: T[] = []
  for (const item of list) {
    const value = read(item)
    if (value !== null) out.push(value)
  }
  return out
}
