import { apiError } from '../../http/error-catalogue'
import { BudgetRefusal, FairShareRefusal, UpstreamError } from '../../upstream/errors'

/** After a 429 the chain API's burst window is about a minute; other failures (timeout, 5xx) are worth a retry sooner. */
const RETRY_AFTER_SECONDS = { rate_limited: 60, other: 30 }

/**
 * A chain API read a write depends on. Its failure (no cached copy to stand in) is a 503 with Retry-After, never the
 * reads' 502: the write was fine, only its check could not be made, and nothing was saved. A read refused before
 * any call (this client's share, the minute's budget, the day's quota) keeps its own 503, which already says when.
 */
export async function chainChecked<T>(check: 'writer' | 'token', read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof FairShareRefusal || error instanceof BudgetRefusal || !(error instanceof UpstreamError)) throw error
    const retryAfterSeconds = error.failure === 'rate_limited' ? RETRY_AFTER_SECONDS.rate_limited : RETRY_AFTER_SECONDS.other
    throw apiError('chain_check_unavailable', { check, retryAfterSeconds })
  }
}
