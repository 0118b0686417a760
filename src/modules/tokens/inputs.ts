/**
 * Input rules of the token endpoints, as pure functions that throw the same `{error, hint}` the REST schemas
 * answer with, so the MCP tools (which skip HTTP) reject exactly what the endpoints reject.
 */
import { normaliseUnit, UNIT_HINT } from '../../cardano/unit'
import { ApiError } from '../../http/errors'

export const INVALID_UNIT = { error: 'Invalid asset unit', hint: `${UNIT_HINT}.` }

export const SEARCH_MAX_LENGTH = 100
export const INVALID_QUERY = {
  error: 'Invalid search query',
  hint: `q is the text to search for (a ticker, a name or an asset unit): 1 to ${SEARCH_MAX_LENGTH} characters, not only spaces, e.g. /api/v1/search?q=snek`,
}

/** The asset unit in lowercase; 400 for anything that is not 56 hex of policy id plus an even-length hex name. */
export function parseAssetUnit(raw: string): string {
  const unit = normaliseUnit(raw)
  if (unit === null) throw new ApiError(400, INVALID_UNIT.error, INVALID_UNIT.hint)
  return unit
}

/** The search text, trimmed; 400 when it is empty, only whitespace, or longer than 100 characters. */
export function parseSearchQuery(raw: string): string {
  const query = raw.trim()
  if (query === '' || raw.length > SEARCH_MAX_LENGTH) throw new ApiError(400, INVALID_QUERY.error, INVALID_QUERY.hint)
  return query
}
