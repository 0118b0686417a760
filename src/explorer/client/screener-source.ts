import type { ScreenerBody } from '../../modules/tokens/schemas'
import { apiGet, type ApiErrorBody } from './api'

/** How often the screener re-reads the list (the list's own cache lifetime is of this order). */
const POLL_MS = 30_000

/**
 * Where the screener's updates come from: for now a poll of GET /api/v1/tokens. The hook for the live stream
 * (issue 21): replace the body of this function with an EventSource on /api/v1/stream?topics=prices that
 * calls `onRows` with the snapshot and then with each update; the page does not change.
 * Returns a function that stops the updates.
 */
export function subscribeScreener(onRows: (body: ScreenerBody) => void, onError: (error: ApiErrorBody) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const tick = async () => {
    const res = await apiGet<ScreenerBody>('/tokens')
    if (stopped) return
    if (res.ok) onRows(res.body)
    else onError(res.error)
    timer = setTimeout(tick, POLL_MS)
  }
  void tick()
  const stop = () => {
    stopped = true
    clearTimeout(timer)
  }
  addEventListener('pagehide', stop, { once: true })
  return stop
}
