/**
 * The inputs of GET /tokens/{asset}/ohlcv as pure rules that throw the same `{code, error, hint}` the REST schemas
 * answer with, so the MCP tool (which skips HTTP) rejects exactly what the endpoint rejects.
 */
import { parseAssetUnit } from '../../http/asset-input'
import { apiError } from '../../http/error-catalogue'
import { DEFAULT_TIMEFRAME, isTimeframe, TIMEFRAMES, type Timeframe } from './timeframes'

export type Quote = 'usd' | 'ada'
export const QUOTES: Quote[] = ['usd', 'ada']

export const LIMIT = { min: 1, max: 500, default: 300 } as const

/** A pool address: hex, even length, 8 to 160 characters (a Minswap V2 pool id is 120). */
export const POOL_PATTERN = '^(?:[0-9a-fA-F]{2}){4,80}$'
const POOL_RE = new RegExp(POOL_PATTERN)

/** The 400 of each input, as the schemas' `error` options and the parser below give it. */
export const INVALID = {
  asset: () => apiError('invalid_asset_unit'),
  tf: () => apiError('invalid_timeframe', { timeframes: TIMEFRAMES, default: DEFAULT_TIMEFRAME }),
  limit: () => apiError('invalid_limit', LIMIT),
  quote: () => apiError('invalid_quote'),
  pool: () => apiError('invalid_pool_address'),
}

export interface OhlcvRequest {
  /** Lowercase asset unit. */
  unit: string
  tf: Timeframe
  quote: Quote
  limit: number
  /** Lowercase pool address, or null for the token's deepest source B pool. */
  pool: string | null
}

export interface RawOhlcvRequest {
  asset: string
  tf?: string
  quote?: string
  limit?: number | string
  pool?: string
}

/** Checks and normalises the inputs, applying the defaults. */
export function parseOhlcvRequest(raw: RawOhlcvRequest): OhlcvRequest {
  const unit = parseAssetUnit(raw.asset)
  const tf = raw.tf ?? DEFAULT_TIMEFRAME
  if (!isTimeframe(tf)) throw INVALID.tf()
  const quote = raw.quote ?? 'usd'
  if (quote !== 'usd' && quote !== 'ada') throw INVALID.quote()
  const limit = raw.limit === undefined ? LIMIT.default : typeof raw.limit === 'number' ? raw.limit : Number(raw.limit)
  if (!Number.isInteger(limit) || limit < LIMIT.min || limit > LIMIT.max) throw INVALID.limit()
  if (raw.pool !== undefined && !POOL_RE.test(raw.pool)) throw INVALID.pool()
  return { unit, tf, quote, limit, pool: raw.pool === undefined ? null : raw.pool.toLowerCase() }
}
