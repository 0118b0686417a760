/**
 * The inputs of GET /chain/tokens, each rule once: REST validates the query with these schemas and the MCP tool
 * its arguments; what is left is defaults, case and the page cursor (an opaque keyset: the last row's sort value
 * and unit, bound to the sort and order it was given for).
 */
import { t } from 'elysia'
import { anyCasePattern, caseless, literals } from '../../catalogue/literals'
import { param, type ParamValues } from '../../catalogue/types'
import { CHAIN_SORTS, type ChainSort, type Keyset } from '../../chain/figures-read'
import { normaliseUnit } from '../../cardano/unit'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'
import { ORDERS, type SortOrder } from '../tokens/screener-order'
import { SEARCH_MAX_LENGTH } from '../tokens/inputs'

export const CHAIN_TOKENS_LIMIT = { min: 1, max: 200, default: 50 } as const
export const DEFAULT_CHAIN_SORT: ChainSort = 'liquidity'
const DEFAULT_ORDER: SortOrder = 'desc'
const CURSOR_MAX = 400

export const CHAIN_TOKENS_INVALID = {
  sort: () => apiError('invalid_sort', { columns: CHAIN_SORTS, of: 'the chain figures', default: DEFAULT_CHAIN_SORT }),
  order: () => apiError('invalid_order'),
  limit: () => apiError('invalid_limit', { ...CHAIN_TOKENS_LIMIT, of: 'tokens to list' }),
  cursor: () => apiError('invalid_cursor'),
  q: () => apiError('invalid_search_query', { maxLength: SEARCH_MAX_LENGTH }),
}

export const chainTokensParams = [
  param({
    name: 'sort',
    in: 'query',
    required: false,
    description: `What to sort by (exact case): ${CHAIN_SORTS.join(', ')}. Default ${DEFAULT_CHAIN_SORT}`,
    schema: t.Union(literals(CHAIN_SORTS), { default: DEFAULT_CHAIN_SORT, examples: ['volume24h'], error: invalid(CHAIN_TOKENS_INVALID.sort()) }),
  }),
  param({
    name: 'order',
    in: 'query',
    required: false,
    description: 'desc (largest or newest first, default) or asc, either case; unknown figures (null) come last either way',
    schema: t.String({ pattern: anyCasePattern(ORDERS), default: DEFAULT_ORDER, examples: ['asc'], error: invalid(CHAIN_TOKENS_INVALID.order()) }),
  }),
  param({
    name: 'limit',
    in: 'query',
    required: false,
    description: `Rows per page (${CHAIN_TOKENS_LIMIT.min}–${CHAIN_TOKENS_LIMIT.max}, default ${CHAIN_TOKENS_LIMIT.default})`,
    schema: t.Integer({
      minimum: CHAIN_TOKENS_LIMIT.min,
      maximum: CHAIN_TOKENS_LIMIT.max,
      default: CHAIN_TOKENS_LIMIT.default,
      examples: [20],
      error: invalid(CHAIN_TOKENS_INVALID.limit()),
    }),
  }),
  param({
    name: 'cursor',
    in: 'query',
    required: false,
    description: 'The next page: the previous answer’s nextCursor, with the same sort and order',
    schema: t.String({ pattern: `^[A-Za-z0-9_-]{1,${CURSOR_MAX}}$`, error: invalid(CHAIN_TOKENS_INVALID.cursor()) }),
  }),
  param({
    name: 'q',
    in: 'query',
    required: false,
    description:
      `Only tokens whose ticker or name contains this text (any case), whose unit starts with it (a unit or a policy id), ` +
      `or whose fingerprint (asset1…) it is (1–${SEARCH_MAX_LENGTH} characters)`,
    schema: t.String({ minLength: 1, maxLength: SEARCH_MAX_LENGTH, pattern: '\\S', examples: ['snek'], error: invalid(CHAIN_TOKENS_INVALID.q()) }),
  }),
]

export interface ChainTokensRequest {
  sort: ChainSort
  order: SortOrder
  limit: number
  /** Where the page starts (null: the first page). */
  after: Keyset | null
  /** The filter text, trimmed; null: every token. */
  q: string | null
}

/** The page cursor of the row after which the next page starts. */
export function encodeCursor(sort: ChainSort, order: SortOrder, after: Keyset): string {
  return Buffer.from(`${sort}|${order}|${after.value ?? 'null'}|${after.unit}`, 'utf8').toString('base64url')
}

function decodeCursor(cursor: string, sort: ChainSort, order: SortOrder): Keyset {
  const [s, o, value, unit, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const number = value === 'null' ? null : Number(value)
  const normalUnit = unit === undefined ? null : normaliseUnit(unit)
  if (s !== sort || o !== order || rest.length > 0 || normalUnit === null || (number !== null && (value === '' || !Number.isFinite(number)))) {
    throw CHAIN_TOKENS_INVALID.cursor()
  }
  return { value: number, unit: normalUnit }
}

export function chainTokensRequest(input: ParamValues<typeof chainTokensParams>): ChainTokensRequest {
  const sort = input.sort ?? DEFAULT_CHAIN_SORT
  const order = caseless(ORDERS, input.order, DEFAULT_ORDER)
  const q = input.q?.trim() ?? ''
  return {
    sort,
    order,
    limit: input.limit ?? CHAIN_TOKENS_LIMIT.default,
    after: input.cursor === undefined ? null : decodeCursor(input.cursor, sort, order),
    q: q === '' ? null : q,
  }
}

/** The request's cache key part: equal requests give equal keys whatever the query spelled. */
export const chainTokensKey = (r: ChainTokensRequest) =>
  `${r.sort}|${r.order}|${r.limit}|${r.after === null ? '' : `${r.after.value}:${r.after.unit}`}|${r.q?.toLowerCase() ?? ''}`
