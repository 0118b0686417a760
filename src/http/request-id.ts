/**
 * Request ids: the caller's X-Request-Id when it is sane, else a cheap counter-based one. The observing wrapper
 * assigns it; log lines written deeper in (the error handler) read it back.
 */

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,64}$/
const BOOT = Date.now().toString(36)
let sequence = 0

const requestIds = new WeakMap<Request, string>()

/** The request's id: the caller's X-Request-Id when it is sane, else the next counter-based one. */
export function pickRequestId(request: Request): string {
  const incoming = request.headers.get('x-request-id')
  return incoming !== null && INCOMING_ID.test(incoming) ? incoming : `${BOOT}-${(++sequence).toString(36)}`
}

/**
 * Remembers the request's id for `requestIdOf`: done for requests that reach the router (the front cache's
 * answers take the id directly, so a hit skips the WeakMap write).
 */
export function rememberRequestId(request: Request, requestId: string): void {
  requestIds.set(request, requestId)
}

/** The id assigned to this request, for log lines written deeper in (the error handler). */
export const requestIdOf = (request: Request): string | undefined => requestIds.get(request)
