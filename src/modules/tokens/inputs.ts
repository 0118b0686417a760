/**
 * The search text, defined once: REST validates `q` with this parameter schema and the MCP tool its argument
 * (both answer with the schema's `{code, error, hint}`), so only trimming is left once it passes.
 */
import { t } from 'elysia'
import { param } from '../../catalogue/types'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'

export const SEARCH_MAX_LENGTH = 100

export const searchParam = param({
  name: 'q',
  in: 'query',
  required: true,
  description: `Search text: a ticker, a name or an asset unit (1–${SEARCH_MAX_LENGTH} characters, not only spaces)`,
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
