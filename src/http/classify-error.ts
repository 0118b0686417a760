import { BudgetRefusal, FairShareRefusal, UpstreamError } from '../upstream/errors'
import { apiError } from './error-catalogue'
import { ApiError } from './errors'

/**
 * What a thrown value answers, for REST (error-handler.ts, after Elysia's own codes) and MCP tools alike:
 * domain errors as they are, an upstream failure with no cached copy as 502 naming the upstream, a client over
 * its fair share of an upstream's budget, or a call refused by an upstream's minute budget, day or month quota
 * or spent tier, as 503 with Retry-After and its code (nothing was called), anything else as a bare 500.
 */
export function classifyError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof FairShareRefusal) {
    return apiError('busy_for_this_client', { upstream: error.upstream, retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) })
  }
  if (error instanceof BudgetRefusal) {
    const params = { upstream: error.upstream, retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) }
    return apiError(error.reason === 'over_budget' ? 'upstream_budget_spent' : error.reason === 'quota' ? 'upstream_quota_paced' : 'upstream_quota_exhausted', params)
  }
  if (error instanceof UpstreamError) return apiError('upstream_unavailable', { upstream: error.upstream, failure: error.failure })
  return apiError('internal_error')
}
