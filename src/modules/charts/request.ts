/**
 * The inputs of GET /tokens/{asset}/ohlcv, each rule defined once: the parameter schemas below are what REST
 * validates the query with (catalogue.ts lists them) and what the MCP tool checks its arguments with
 * (mcp/arguments.ts), both answering with the schema's `{code, error, hint}`. What is left to do once they pass
 * is normalising: defaults, lowercase unit and pool.
 */
import { t } from 'elysia'
import { anyCasePattern, caseless, literals, timeframeSpellings } from '../../catalogue/literals'
import { param, type ParamValues } from '../../catalogue/types'
import { assetParam, parseAssetUnit } from '../../http/asset-input'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'
import { DEFAULT_TIMEFRAME, TIMEFRAMES, type Timeframe } from './timeframes'

const QUOTES = ['usd', 'ada'] as const
export type Quote = (typeof QUOTES)[number]

/** `quote=usd|ada`, in either case (answers write "quote":"ADA"); the 400 of every endpoint that takes it. */
export const quoteParam = (description: string) =>
  param({
    name: 'quote',
    in: 'query',
    required: false,
    description,
    // Case-insensitive, since answers write "quote":"ADA"; tf stays case-sensitive (1m is not 1M).
    schema: t.String({ pattern: anyCasePattern(QUOTES), default: 'usd', examples: ['ada', 'ADA'], error: invalid(apiError('invalid_quote')) }),
  })

/** The quote a validated `quote` names (usd when absent). */
export const quoteOf = (raw: string | undefined): Quote => caseless(QUOTES, raw, 'usd')

export const LIMIT = { min: 1, max: 500, default: 300 } as const

/** A pool address: hex, even length, 8 to 160 characters (a Minswap V2 pool id is 120). */
const POOL_PATTERN = '^(?:[0-9a-fA-F]{2}){4,80}$'

export const SAMPLE_POOL = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4c2ffadbb87144e875749122e0bbb9f535eeaa7f5660c6c4a91bcc4121e477f08d'

/** The 400 of each input, as the schemas' `error` options give it. */
export const INVALID = {
  asset: () => apiError('invalid_asset_unit'),
  tf: () => apiError('invalid_timeframe', { timeframes: TIMEFRAMES, default: DEFAULT_TIMEFRAME }),
  limit: () => apiError('invalid_limit', LIMIT),
  quote: () => apiError('invalid_quote'),
  pool: () => apiError('invalid_pool_address'),
}

export const ohlcvParams = [
  assetParam('Asset unit: 56-hex policy id followed by the asset name in hex', 'asset'),
  param({
    name: 'tf',
    in: 'query',
    required: false,
    description: `Timeframe of one candle: ${TIMEFRAMES.join(', ')}; hours, days and weeks in either case (1H is 1h), minutes lowercase (1M would read as a month)`,
    schema: t.Union(literals(timeframeSpellings(TIMEFRAMES)), { default: DEFAULT_TIMEFRAME, examples: ['1h', '1D'], error: invalid(INVALID.tf()) }),
  }),
  param({
    name: 'limit',
    in: 'query',
    required: false,
    description: 'Number of candles (the newest ones)',
    schema: t.Integer({ minimum: LIMIT.min, maximum: LIMIT.max, default: LIMIT.default, examples: [100], error: invalid(INVALID.limit()) }),
  }),
  quoteParam('Denomination: usd as read, or ada (derived with the market provider’s ADA/USD series); either case (ADA as the answers write it, or ada)'),
  param({
    name: 'pool',
    in: 'query',
    required: false,
    description: "Chart this pool instead of the most liquid: an address from poolChoices (or a source_b pair's pairAddress)",
    schema: t.String({ pattern: POOL_PATTERN, examples: [SAMPLE_POOL], error: invalid(INVALID.pool()) }),
  }),
]

/** The path and query values once the schemas passed (REST) or the tool arguments were checked (MCP). */
type OhlcvInput = ParamValues<typeof ohlcvParams>

export interface OhlcvRequest {
  /** Lowercase asset unit. */
  unit: string
  tf: Timeframe
  quote: Quote
  limit: number
  /** Lowercase pool address, or null for the token's most liquid chartable pool. */
  pool: string | null
}

/** Applies the defaults and normalises the unit and the pool. */
export function ohlcvRequest(input: OhlcvInput): OhlcvRequest {
  return {
    unit: parseAssetUnit(input.asset),
    tf: caseless(TIMEFRAMES, input.tf, DEFAULT_TIMEFRAME),
    // The schema let only usd or ada through, in any case.
    quote: quoteOf(input.quote),
    limit: input.limit ?? LIMIT.default,
    pool: input.pool === undefined ? null : input.pool.toLowerCase(),
  }
}
