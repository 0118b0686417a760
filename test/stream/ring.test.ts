/** The resume ring: bounded in events and bytes, what a reconnect missed on its topics, and when it gets snapshots instead. */
import { describe, expect, it } from 'bun:test'
import { ResumeRing } from '../../src/modules/stream/ring'

const frame = (bytes: number) => new Uint8Array(bytes)
const filled = (bounds = { events: 100, bytes: 100_000 }) => {
  const ring = new ResumeRing('p-0', bounds)
  for (let i = 1; i <= 6; i++) ring.push({ id: `p-${i}`, topic: i % 2 === 0 ? 'screener' : `token:u${i}`, frame: frame(100) })
  return ring
}
const ids = (entries: Array<{ id: string }> | null) => entries?.map((e) => e.id) ?? null

describe('ResumeRing', () => {
  it('gives the events after an id on the stream’s topics, none from the id of the last event', () => {
    const ring = filled()
    expect(ids(ring.since('p-2', new Set(['screener']), Infinity))).toEqual(['p-4', 'p-6'])
    expect(ids(ring.since('p-2', new Set(['screener', 'token:u3']), Infinity))).toEqual(['p-3', 'p-4', 'p-6'])
    expect(ids(ring.since('p-6', new Set(['screener']), Infinity))).toEqual([])
    // The id a snapshot before any event carried: everything since start.
    expect(ids(ring.since('p-0', new Set(['screener']), Infinity))).toEqual(['p-2', 'p-4', 'p-6'])
  })

  it('knows nothing of an id it never held (another process’s) or no longer holds', () => {
    const ring = filled({ events: 3, bytes: 100_000 })
    expect(ring.size.events).toBe(3)
    expect(ring.since('q-1', new Set(['screener']), Infinity)).toBeNull()
    expect(ring.since('p-1', new Set(['screener']), Infinity)).toBeNull()
    // The id just before the oldest held event: nothing it missed was dropped.
    expect(ids(ring.since('p-3', new Set(['screener']), Infinity))).toEqual(['p-4', 'p-6'])
  })

  it('drops the oldest past the byte bound', () => {
    const ring = filled({ events: 100, bytes: 350 })
    expect(ring.size).toEqual({ events: 3, bytes: 300 })
  })

  it('answers null (reset and snapshots) when what was missed on the topics is over the replay bound', () => {
    const ring = filled()
    // Three screener events of 100 bytes since p-0.
    expect(ids(ring.since('p-0', new Set(['screener']), 300))).toEqual(['p-2', 'p-4', 'p-6'])
    expect(ring.since('p-0', new Set(['screener']), 299)).toBeNull()
    // Only the stream's own topics count.
    expect(ids(ring.since('p-0', new Set(['token:u1']), 100))).toEqual(['p-1'])
  })
})
