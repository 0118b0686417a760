/**
 * The inputs of GET /tokens/{asset}/ohlcv as pure rules that throw the same `{error, hint}` the REST schemas
 * answer with, so the MCP tool (which skips HTTP) rejects exactly what the endpoint rejects.
 */
import { INVALID_UNIT, parseAssetUnit } from '../../http/asset-input'
import { ApiError } from '../../http/errors'
import { DEFAULT_TIMEFRAME, isTimeframe, TIMEFRAMES, type Timeframe } from './timeframes'

export type Quote = 'usd' | 'ada'
export const QUOTES: Quote[] = ['usd', 'ada']

export const LIMIT = { min: 1, max: 500, default: 300 } as const

/** A pool address: hex, even length, 8 to 160 characters (a Minswap V2 pool id is 120). */
export const POOL_PATTERN = '^(?:[0-9a-fA-F]{2}){4,80}$'
const POOL_RE = new RegExp(POOL_PATTERN)

export const INVALID = {
  asset: INVALID_UNIT,
  tf: { error: 'Invalid timeframe', hint: `tf is one of ${TIMEFRAMES.join(', ')} (default ${DEFAULT_TIMEFRAME}).` },
  limit: {
    error: 'Invalid limit',
    hint: `limit is the number of candles: an integer from ${LIMIT.min} to ${LIMIT.max} (default ${LIMIT.default}).`,
  },
  quote: { error: 'Invalid quote', hint: 'quote is usd (default) or ada.' },
  pool: {
    error: 'Invalid pool address',
    hint: 'pool is a source B pool address in hex (8 to 160 hex characters, no cardano_ prefix); take one from poolChoices.',
  },
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

const fail = (rule: { error: string; hint: string }) => new ApiError(400, rule.error, rule.hint)

/** Checks and normalises the inputs, applying the defaults. */
export function parseOhlcvRequest(raw: RawOhlcvRequest): OhlcvRequest {
  const unit = parseAssetUnit(raw.asset)
  const tf = raw.tf ?? DEFAULT_TIMEFRAME
  if (!isTimeframe(tf)) throw fail(INVALID.tf)
  const quote = raw.quote ?? 'usd'
  if (quote !== 'usd' && quote !== 'ada') throw fail(INVALID.quote)
  const limit = raw.limit === undefined ? LIMIT.default : typeof raw.limit === 'number' ? raw.limit : Number(raw.limit)
  if (!Number.isInteger(limit) || limit < LIMIT.min || limit > LIMIT.max) throw fail(INVALID.limit)
  if (raw.pool !== undefined && !POOL_RE.test(raw.pool)) throw fail(INVALID.pool)
  return { unit, tf, quote, limit, pool: raw.pool === undefined ? null : raw.pool.toLowerCase() }
}
