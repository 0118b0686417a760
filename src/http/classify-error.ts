import { FairShareRefusal, UpstreamError } from '../upstream/errors'
import { apiError } from './error-catalogue'
import { ApiError } from './errors'

/**
 * What a thrown value answers, for REST (error-handler.ts, after Elysia's own codes) and MCP tools alike:
 * domain errors as they are, an upstream failure with no cached copy as 502 naming the upstream, a client over
 * its fair share of an upstream's budget as 503 with Retry-After (nothing was called), anything else as a bare 500.
 */
export function classifyError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof FairShareRefusal) {
    return apiError('busy_for_this_client', { upstream: error.upstream, retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) })
  }
  if (error instanceof UpstreamError) return apiError('upstream_unavailable', { upstream: error.upstream, failure: error.failure })
  return apiError('internal_error')
}
