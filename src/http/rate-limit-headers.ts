/**
 * `RateLimit-Policy` and `RateLimit` (IETF draft-ietf-httpapi-ratelimit-headers, structured fields) on answers
 * that spent or were refused cold-read allowance: one policy per upstream the request met, named after its
 * neutral name, with the client's share of that upstream's long-tail minute (`q`, over `w` = 60 s), what is left
 * of it (`r`) and the seconds until its oldest call leaves the window (`t`). Cached answers spend nothing and
 * carry neither header.
 */
import type { ClientShare } from '../upstream/budget-ledger'
import { UPSTREAM_LABEL, type UpstreamName } from '../upstream/errors'

const policyName = (upstream: UpstreamName) => UPSTREAM_LABEL[upstream].replace(/\s+/g, '-')

export function rateLimitHeaders(shares: ReadonlyMap<UpstreamName, ClientShare>): { policy: string; state: string } {
  const list = [...shares.values()]
  return {
    policy: list.map((s) => `"${policyName(s.upstream)}";q=${s.limit};w=60`).join(', '),
    state: list.map((s) => `"${policyName(s.upstream)}";r=${s.remaining};t=${Math.max(0, Math.ceil(s.resetMs / 1000))}`).join(', '),
  }
}

/** The answer with both headers (a copy: the response cache's prebuilt answers are shared between requests). */
export function withRateLimitHeaders(response: Response, shares: ReadonlyMap<UpstreamName, ClientShare>): Response {
  const { policy, state } = rateLimitHeaders(shares)
  const headers = new Headers(response.headers)
  headers.set('ratelimit-policy', policy)
  headers.set('ratelimit', state)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
