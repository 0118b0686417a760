/**
 * The inputs of GET /tokens/{asset}/trades, each rule once: REST validates the query with these schemas and the
 * MCP tool its arguments; what is left is defaults and lowercasing.
 */
import { t } from 'elysia'
import { param, type ParamValues } from '../../catalogue/types'
import { assetParam, parseAssetUnit } from '../../http/asset-input'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'

export const TRADES_LIMIT = { min: 1, max: 500, default: 100 } as const

/** A pool id: an LP-token unit (56-hex policy + name), 8 to 160 hex characters like the chart's pool. */
const POOL_PATTERN = '^(?:[0-9a-fA-F]{2}){4,80}$'

export const TRADES_INVALID = {
  limit: () => apiError('invalid_limit', { ...TRADES_LIMIT, of: 'trades' }),
  pool: () => apiError('invalid_pool_address'),
  before: () => apiError('invalid_before'),
}

export const tradesParams = [
  assetParam('Asset unit: 56-hex policy id followed by the asset name in hex (any token with a followed ADA pool)', 'asset'),
  param({
    name: 'limit',
    in: 'query',
    required: false,
    description: 'Number of trades (the newest ones before `before`)',
    schema: t.Integer({ minimum: TRADES_LIMIT.min, maximum: TRADES_LIMIT.max, default: TRADES_LIMIT.default, examples: [50], error: invalid(TRADES_INVALID.limit()) }),
  }),
  param({
    name: 'pool',
    in: 'query',
    required: false,
    description: "Only this followed pool's trades: its id (LP-token unit, hex) as `pool.address` gives it",
    schema: t.String({ pattern: POOL_PATTERN, error: invalid(TRADES_INVALID.pool()) }),
  }),
  param({
    name: 'before',
    in: 'query',
    required: false,
    description: 'Only trades strictly older than this time, Unix seconds (page back with the last trade’s time)',
    schema: t.Integer({ minimum: 0, maximum: 99_999_999_999, examples: [1764547200], error: invalid(TRADES_INVALID.before()) }),
  }),
]

type TradesInput = ParamValues<typeof tradesParams>

export interface TradesRequest {
  unit: string
  limit: number
  pool: string | null
  before: number | null
}

export function tradesRequest(input: TradesInput): TradesRequest {
  return {
    unit: parseAssetUnit(input.asset),
    limit: input.limit ?? TRADES_LIMIT.default,
    pool: input.pool === undefined ? null : input.pool.toLowerCase(),
    before: input.before ?? null,
  }
}
