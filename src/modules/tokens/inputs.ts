/**
 * The search text, defined once: REST validates `q` with this parameter schema and the MCP tool its argument
 * (both answer with the schema's `{code, error, hint}`), so only trimming is left once it passes.
 */
import { t } from 'elysia'
import { anyCasePattern, caseless, literals } from '../../catalogue/literals'
import { param, type ParamValues } from '../../catalogue/types'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'
import { ORDERS, SCREENER_DEFAULT_ORDER, SCREENER_DEFAULT_SORT, SCREENER_LIMIT, SORT_COLUMNS, type ScreenerView } from './screener-order'

export const SEARCH_MAX_LENGTH = 100

export const searchParam = param({
  name: 'q',
  in: 'query',
  required: true,
  description: `Search text: a ticker, a name, an asset unit or a fingerprint (asset1…) (1–${SEARCH_MAX_LENGTH} characters, not only spaces)`,
  schema: t.String({
    minLength: 1,
    maxLength: SEARCH_MAX_LENGTH,
    pattern: '\\S',
    examples: ['snek', 'USDM'],
    error: invalid(apiError('invalid_search_query', { maxLength: SEARCH_MAX_LENGTH })),
  }),
})

/** The search text as the service takes it: the schema let it through (1–100 characters, not only spaces). */
export const searchQuery = (input: { q: string }): string => input.q.trim()

/** `/tokens?sort=&order=&limit=`: how the cached screener list is ordered and cut (screener-order.ts). */
export const screenerParams = [
  param({
    name: 'sort',
    in: 'query',
    required: false,
    description: `Numeric column to sort by (exact case): ${SORT_COLUMNS.join(', ')}. Default ${SCREENER_DEFAULT_SORT}`,
    schema: t.Union(literals(SORT_COLUMNS), {
      default: SCREENER_DEFAULT_SORT,
      examples: ['volume24h'],
      error: invalid(apiError('invalid_sort', { columns: SORT_COLUMNS })),
    }),
  }),
  param({
    name: 'order',
    in: 'query',
    required: false,
    description: 'desc (largest first, default) or asc, either case (like quote); null figures come last either way',
    schema: t.String({ pattern: anyCasePattern(ORDERS), default: SCREENER_DEFAULT_ORDER, examples: ['asc', 'DESC'], error: invalid(apiError('invalid_order')) }),
  }),
  param({
    name: 'limit',
    in: 'query',
    required: false,
    description: `Keep the first N rows after sorting (${SCREENER_LIMIT.min}–${SCREENER_LIMIT.max}); default all`,
    schema: t.Integer({
      minimum: SCREENER_LIMIT.min,
      maximum: SCREENER_LIMIT.max,
      examples: [5],
      error: invalid(apiError('invalid_limit', { ...SCREENER_LIMIT, of: 'tokens to list' })),
    }),
  }),
]

/** The view once the schemas passed: defaults filled in. */
export const screenerView = (input: ParamValues<typeof screenerParams>): ScreenerView => ({
  sort: input.sort ?? SCREENER_DEFAULT_SORT,
  order: caseless(ORDERS, input.order, SCREENER_DEFAULT_ORDER),
  limit: input.limit ?? null,
})
