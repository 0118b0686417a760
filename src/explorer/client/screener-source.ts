import type { ScreenerBody } from '../../modules/tokens/schemas'
import { apiGet, type ApiErrorBody } from './api'
import { openLive } from './live'
import { applyScreenerDelta, isNewer, snapshotBody, type ScreenerDeltaEvent, type ScreenerSnapshotEvent } from './screener-merge'

/** Polling, only while the stream is unavailable: the list's own cache lifetime is of this order. */
const POLL_MS = 30_000
/** After falling back to polling, try the stream again this much later (a 429 asks for 30 s; be gentler). */
const LIVE_RETRY_MS = 5 * 60_000

/**
 * Where the screener's rows come from: the live stream's `screener` topic (snapshot → the whole table, each
 * `screener` event → its changed rows and removed units, `reset` → the snapshot that follows it). When the
 * browser has no EventSource or the stream is refused or keeps failing, GET /api/v1/tokens every 30 s instead
 * (and the stream is tried again after 5 minutes). Returns a function that stops the updates.
 */
export function subscribeScreener(onRows: (body: ScreenerBody) => void, onError: (error: ApiErrorBody) => void): () => void {
  let held: ScreenerBody | null = null
  let stopped = false
  let stopCurrent = () => {}

  const show = (body: ScreenerBody) => {
    held = body
    onRows(body)
  }
  // One REST read: while polling, and when the stream holds no screener yet (before the service's first build).
  const read = async () => {
    const res = await apiGet<ScreenerBody>('/tokens')
    if (stopped) return
    if (!res.ok) onError(res.error)
    else if (isNewer(res.body, held)) show(res.body)
  }

  const live = () => {
    stopCurrent = openLive(['screener'], {
      snapshot: (data) => {
        const body = snapshotBody(data as ScreenerSnapshotEvent)
        if (body === null) void read()
        else show(body)
      },
      screener: (data) => {
        if (held === null) void read() // a change before the first table: read the whole of it
        else show(applyScreenerDelta(held, data as ScreenerDeltaEvent))
      },
      // `reset`: what was missed is not held any more; the snapshot that follows replaces the table.
    }, () => {
      if (!stopped) poll(typeof EventSource !== 'undefined')
    })
  }

  const poll = (retryLive: boolean) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const started = Date.now()
    const tick = async () => {
      if (retryLive && Date.now() - started >= LIVE_RETRY_MS) return live()
      await read()
      if (!stopped) timer = setTimeout(tick, POLL_MS)
    }
    stopCurrent = () => clearTimeout(timer)
    void tick()
  }

  live()
  const stop = () => {
    stopped = true
    stopCurrent()
  }
  addEventListener('pagehide', stop, { once: true })
  return stop
}
