/**
 * The explorer's one way onto the live stream (GET /api/v1/stream): an EventSource on this origin (the CSP's
 * `connect-src 'self'` covers it) that the browser reconnects and resumes by itself. It gives up, and says so
 * through `onGiveUp`, when the browser has no EventSource, when the service refuses the stream (a 400, or a
 * 429/503 from the stream caps: EventSource closes for good on any non-200), or when reconnecting keeps failing.
 */

/** Reconnection attempts in a row without an open stream before the page stops trying. */
const MAX_FAILURES = 3

export type LiveHandlers = Record<string, (data: unknown) => void>

/** Returns a function that closes the stream; `onGiveUp` runs at most once (at once when EventSource is missing). */
export function openLive(topics: string[], handlers: LiveHandlers, onGiveUp: () => void): () => void {
  if (typeof EventSource === 'undefined') {
    onGiveUp()
    return () => {}
  }
  // Topics are names, ':' and hex units: nothing to escape.
  const source = new EventSource(`/api/v1/stream?topics=${topics.join(',')}`)
  let failures = 0
  let done = false
  const close = () => {
    done = true
    source.close()
    removeEventListener('pagehide', close)
  }
  for (const [type, handle] of Object.entries(handlers)) {
    source.addEventListener(type, (event) => {
      let data: unknown
      try {
        data = JSON.parse((event as MessageEvent<string>).data)
      } catch {
        return // not our framing: ignored rather than break the page
      }
      handle(data)
    })
  }
  source.onopen = () => {
    failures = 0
  }
  source.onerror = () => {
    if (done) return
    failures++
    if (source.readyState === EventSource.CLOSED || failures >= MAX_FAILURES) {
      close()
      onGiveUp()
    }
  }
  addEventListener('pagehide', close)
  return close
}
