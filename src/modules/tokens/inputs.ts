/**
 * Input rules of the token endpoints, as pure functions that throw the same `{code, error, hint}` the REST schemas
 * answer with, so the MCP tools (which skip HTTP) reject exactly what the endpoints reject.
 */
import { apiError } from '../../http/error-catalogue'

export const SEARCH_MAX_LENGTH = 100
export const invalidQuery = () => apiError('invalid_search_query', { maxLength: SEARCH_MAX_LENGTH })

/** The search text, trimmed; 400 when it is empty, only whitespace, or longer than 100 characters. */
export function parseSearchQuery(raw: string): string {
  const query = raw.trim()
  if (query === '' || raw.length > SEARCH_MAX_LENGTH) throw invalidQuery()
  return query
}
