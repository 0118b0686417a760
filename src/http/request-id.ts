/**
 * Request ids: the caller's X-Request-Id when it is sane, else a cheap counter-based one. The observing wrapper
 * assigns it; log lines written deeper in (the error handler) read it back.
 */

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,64}$/
const BOOT = Date.now().toString(36)
let sequence = 0

const requestIds = new WeakMap<Request, string>()

/** Picks the request's id and remembers it for `requestIdOf`. */
export function assignRequestId(request: Request): string {
  const incoming = request.headers.get('x-request-id')
  const requestId = incoming !== null && INCOMING_ID.test(incoming) ? incoming : `${BOOT}-${(++sequence).toString(36)}`
  requestIds.set(request, requestId)
  return requestId
}

/** The id assigned to this request, for log lines written deeper in (the error handler). */
export const requestIdOf = (request: Request): string | undefined => requestIds.get(request)
