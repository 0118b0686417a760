/**
 * A resume is bounded: a Last-Event-ID whose missed events on the stream's topics are more than STREAM_MAX_BACKLOG_KB
 * gets `reset` and fresh snapshots, not a replay (an old id such as `<process start>-0` bought up to 8 MB of replay
 * on every open).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { readRaw, SNEK, startStreamService, type StreamService } from './support'

let s: StreamService
let start: string
beforeAll(async () => {
  s = await startStreamService({ env: { STREAM_MAX_BACKLOG_KB: '16' } })
  // The id a snapshot carried before any event: `<process start>-0`.
  start = s.svc.deps.stream.lastEventId()
  // The first build changes every row: one screener event of every row (over 16 KB), one token event per row.
  await s.refresh()
})
afterAll(() => s.stop())

const open = (topics: string, lastEventId: string) =>
  fetch(`${s.base}/api/v1/stream?topics=${topics}`, { headers: { 'last-event-id': lastEventId } })

describe('Last-Event-ID', () => {
  it(`answers <process start>-0 with reset and snapshots when what it missed is over STREAM_MAX_BACKLOG_KB`, async () => {
    expect(start).toMatch(/-0$/)
    const res = await open('screener', start)
    const text = await readRaw(res, (t) => t.includes('event: snapshot'))
    await res.body?.cancel()
    expect(text).toContain('event: reset')
    expect(text).toContain('more than a replay sends')
    expect(text).toContain('event: snapshot')
    expect(text).not.toContain('event: screener')
  })

  it('still replays what a stream missed within the bound (one token’s event)', async () => {
    const res = await open(`token:${SNEK}`, start)
    const text = await readRaw(res, (t) => t.includes('event: token'))
    await res.body?.cancel()
    expect(text).toContain('event: token')
    expect(text).not.toContain('event: reset')
    expect(text).not.toContain('event: snapshot')
  })
})
