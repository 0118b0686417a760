/**
 * Input rules of the token endpoints, as pure functions that throw the same `{error, hint}` the REST schemas
 * answer with, so the MCP tools (which skip HTTP) reject exactly what the endpoints reject.
 */
import { ApiError } from '../../http/errors'

export const SEARCH_MAX_LENGTH = 100
export const INVALID_QUERY = {
  error: 'Invalid search query',
  hint: `q is the text to search for (a ticker, a name or an asset unit): 1 to ${SEARCH_MAX_LENGTH} characters, not only spaces, e.g. /api/v1/search?q=snek`,
}

/** The search text, trimmed; 400 when it is empty, only whitespace, or longer than 100 characters. */
export function parseSearchQuery(raw: string): string {
  const query = raw.trim()
  if (query === '' || raw.length > SEARCH_MAX_LENGTH) throw new ApiError(400, INVALID_QUERY.error, INVALID_QUERY.hint)
  return query
}
