/**
 * The inputs of GET /market, each rule defined once: REST validates the query with these parameter schemas and
 * the MCP tool its arguments (both answer with the schema's `{code, error, hint}`); marketQuery applies defaults.
 */
import { t } from 'elysia'
import { param, type ParamValues } from '../../catalogue/types'
import { apiError } from '../../http/error-catalogue'
import { invalid } from '../../http/errors'
import { ECOSYSTEM_SIZE } from './schemas'

const DEFAULT_DAYS = 1
export const MIN_DAYS = 1
export const MAX_DAYS = 365

export const INVALID_DAYS = apiError('invalid_days', { min: MIN_DAYS, max: MAX_DAYS, default: DEFAULT_DAYS })
export const INVALID_ECOSYSTEM = apiError('invalid_ecosystem', { size: ECOSYSTEM_SIZE })

export const marketParams = [
  param({
    name: 'days',
    in: 'query',
    required: false,
    description: `Series window in days, ${MIN_DAYS} to ${MAX_DAYS}; default ${DEFAULT_DAYS}`,
    schema: t.Integer({
      minimum: MIN_DAYS,
      maximum: MAX_DAYS,
      default: DEFAULT_DAYS,
      examples: [1, 7, 30, 365],
      error: invalid(INVALID_DAYS),
  }),
  }),
  param({
    name: 'ecosystem',
    in: 'query',
    required: false,
    description: `1 to include the top ${ECOSYSTEM_SIZE} Cardano ecosystem tokens; leave it out otherwise`,
    schema: t.Integer({
      minimum: 1,
      maximum: 1,
      examples: [1],
      error: invalid(INVALID_ECOSYSTEM),
  }),
  }),
]

export interface MarketQuery {
  /** Integer MIN_DAYS–MAX_DAYS. */
  days: number
  ecosystem: boolean
}

/** The query once its schemas passed (REST) or the tool arguments were checked (MCP), defaults applied. */
export function marketQuery(input: ParamValues<typeof marketParams>): MarketQuery {
  return { days: input.days ?? DEFAULT_DAYS, ecosystem: input.ecosystem === 1 }
}
