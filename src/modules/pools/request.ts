/**
 * The inputs of GET /pools/new and GET /pools/{poolId}, each rule once: REST validates with these schemas and the
 * MCP tools their arguments; what is left is defaults and lowercasing.
 */
import { t } from 'elysia'
import { literals } from '../../catalogue/literals'
import { param, type ParamValues } from '../../catalogue/types'
import { DEX_IDS, type DexId } from '../../chain/types'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'

export const NEW_POOLS_LIMIT = { min: 1, max: 200, default: 50 } as const

/** A pool id: its LP-token unit, hex, 8 to 160 characters (as the trades' and chart's pool parameter). */
const POOL_ID_PATTERN = '^(?:[0-9a-fA-F]{2}){4,80}$'

/** The examples' token outside the curated list (NEWT, described by the off-chain registry; the demo trades it). */
export const SAMPLE_NEW_TOKEN = `${'f1'.repeat(28)}4e455754`
/** Its Minswap V2 pool: the LP unit by the Minswap V2 rule (the demo's chain creates it). */
export const SAMPLE_NEW_POOL = 'f5808c2c990d86da54bfc97d89cee6efa20cd8461616359478d96b4cdae5db39ea0b33fde9ec7d2197e6a5c60f498f7f470938a0b367b943aee74d32'

export const POOLS_INVALID = {
  limit: () => apiError('invalid_limit', { ...NEW_POOLS_LIMIT, of: 'pools' }),
  dex: () => apiError('invalid_dex', { dexes: DEX_IDS }),
  before: () => apiError('invalid_before'),
  poolId: () => apiError('invalid_pool_id'),
}

export const newPoolsParams = [
  param({
    name: 'limit',
    in: 'query',
    required: false,
    description: 'Number of pools (the newest ones before `before`)',
    schema: t.Integer({ minimum: NEW_POOLS_LIMIT.min, maximum: NEW_POOLS_LIMIT.max, default: NEW_POOLS_LIMIT.default, examples: [20], error: invalid(POOLS_INVALID.limit()) }),
  }),
  param({
    name: 'dex',
    in: 'query',
    required: false,
    description: 'Only pools of this DEX (and version), as the chain follower names it',
    schema: t.Union(literals(DEX_IDS), { examples: ['minswap-v2'], error: invalid(POOLS_INVALID.dex()) }),
  }),
  param({
    name: 'before',
    in: 'query',
    required: false,
    description: 'Only pools created strictly before this time, Unix seconds (page back with the last pool’s created.time)',
    schema: t.Integer({ minimum: 0, maximum: 99_999_999_999, examples: [1764547200], error: invalid(POOLS_INVALID.before()) }),
  }),
]

export const poolParams = [
  param({
    name: 'poolId',
    in: 'path',
    required: true,
    description: "The pool's id: its LP-token unit in hex, as /pools/new, a token's chainPools or its trades give it",
    schema: t.String({ pattern: POOL_ID_PATTERN, examples: [SAMPLE_NEW_POOL], error: invalid(POOLS_INVALID.poolId()) }),
  }),
]

export interface NewPoolsRequest {
  limit: number
  dex: DexId | null
  before: number | null
}

export function newPoolsRequest(input: ParamValues<typeof newPoolsParams>): NewPoolsRequest {
  return { limit: input.limit ?? NEW_POOLS_LIMIT.default, dex: input.dex ?? null, before: input.before ?? null }
}

export const poolIdOf = (input: ParamValues<typeof poolParams>): string => input.poolId.toLowerCase()
