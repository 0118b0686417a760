import type { Raw } from '../builders'

export interface FakeRequest {
  method: string
  /** Path below the upstream's base URL, e.g. `/tokens/v1/cardano/…`. */
  path: string
  query: URLSearchParams
  /** Parsed JSON body for POSTs (undefined when absent or not JSON). */
  body: unknown
  /** Raw body text, for size limits. */
  bodyText: string
  headers: Headers
}

export type FakeAnswer = { status: number; body: unknown; headers?: Record<string, string> }

export const json = (body: unknown, status = 200, headers?: Record<string, string>): FakeAnswer => ({ status, body, headers })

export const lower = (s: unknown) => (typeof s === 'string' ? s.toLowerCase() : '')

export function byNumberDesc(field: (r: Raw) => unknown) {
  return (a: Raw, b: Raw) => Number(field(b) ?? 0) - Number(field(a) ?? 0)
}
