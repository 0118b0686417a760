import { describe, expect, it } from 'bun:test'
import { Memo } from '../../src/cache/memo'
import { isUpstreamFailure, UpstreamError } from '../../src/upstream/errors'

function setup(bounds: { maxEntries?: number; maxBytes?: number } = {}) {
  let now = 1_000_000
  const events: string[] = []
  const memo = new Memo({
    name: 'test',
    maxEntries: bounds.maxEntries ?? 100,
    maxBytes: bounds.maxBytes ?? 1_000_000,
    now: () => now,
    staleOnError: isUpstreamFailure,
    onEvent: (_cache, event) => events.push(event),
  })
  return { memo, events, advance: (ms: number) => (now += ms) }
}

const upstreamDown = () => new UpstreamError('koios', 'network', 'connection refused')

/** A loader whose calls are counted and whose answers the test releases. */
function controlledLoader<T>() {
  let calls = 0
  const pending: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = []
  return {
    get calls() {
      return calls
    },
    load: () =>
      new Promise<T>((resolve, reject) => {
        calls += 1
        pending.push({ resolve, reject })
      }),
    resolveAll(value: T) {
      for (const p of pending.splice(0)) p.resolve(value)
    },
    rejectAll(error: unknown) {
      for (const p of pending.splice(0)) p.reject(error)
    },
  }
}

describe('Memo', () => {
  it('loads on a miss and answers from memory while the entry is fresh', async () => {
    const { memo, advance } = setup()
    let calls = 0
    const loader = async () => ++calls
    expect(await memo.get('k', { ttlMs: 1000 }, loader)).toMatchObject({ value: 1, state: 'MISS' })
    advance(999)
    expect(await memo.get('k', { ttlMs: 1000 }, loader)).toMatchObject({ value: 1, state: 'HIT' })
    expect(calls).toBe(1)
  })

  it('makes one loader call for any number of concurrent misses on one key', async () => {
    const { memo } = setup()
    const loader = controlledLoader<string>()
    const waiting = Array.from({ length: 200 }, () => memo.get('k', { ttlMs: 1000 }, loader.load))
    loader.resolveAll('v')
    const results = await Promise.all(waiting)
    expect(loader.calls).toBe(1)
    expect(results.every((r) => r.value === 'v')).toBe(true)
  })

  it('serves an expired entry at once and refreshes it once in the background', async () => {
    const { memo, advance } = setup()
    await memo.get('k', { ttlMs: 1000 }, async () => 'old')
    advance(1500) // past the TTL, inside the default SWR window (one TTL)
    const loader = controlledLoader<string>()
    const first = await memo.get('k', { ttlMs: 1000 }, loader.load)
    const second = await memo.get('k', { ttlMs: 1000 }, loader.load)
    expect(first).toMatchObject({ value: 'old', state: 'STALE' })
    expect(second).toMatchObject({ value: 'old', state: 'STALE' })
    expect(loader.calls).toBe(1)
    loader.resolveAll('new')
    await Bun.sleep(0)
    expect(await memo.get('k', { ttlMs: 1000 }, loader.load)).toMatchObject({ value: 'new', state: 'HIT' })
  })

  it('answers synchronously while fresh, and once expired only while its refresh runs', async () => {
    const { memo, events, advance } = setup()
    expect(memo.servable('k')).toBeUndefined()
    await memo.get('k', { ttlMs: 1000 }, async () => 'old')
    expect(memo.servable('k')).toMatchObject({ value: 'old', state: 'HIT' })
    advance(1500)
    // Expired with no refresh running: `get` must see it to start one.
    expect(memo.servable('k')).toBeUndefined()
    const loader = controlledLoader<string>()
    await memo.get('k', { ttlMs: 1000 }, loader.load)
    events.length = 0
    expect(memo.servable('k')).toMatchObject({ value: 'old', state: 'STALE' })
    expect(events).toEqual(['stale'])
    loader.resolveAll('new')
    await Bun.sleep(0)
    expect(memo.servable('k')).toMatchObject({ value: 'new', state: 'HIT' })
    // Past the SWR window nothing is served synchronously, even with a load running.
    advance(2500)
    void memo.get('k', { ttlMs: 1000 }, controlledLoader<string>().load)
    expect(memo.servable('k')).toBeUndefined()
  })

  it('waits for a fresh value when the entry is past the SWR window', async () => {
    const { memo, advance } = setup()
    await memo.get('k', { ttlMs: 1000, swrMs: 500 }, async () => 'old')
    advance(1600)
    expect(await memo.get('k', { ttlMs: 1000, swrMs: 500 }, async () => 'new')).toMatchObject({ value: 'new', state: 'MISS' })
  })

  it('serves the old copy as STALE when the upstream fails, and fails when there is no copy', async () => {
    const { memo, advance } = setup()
    await memo.get('k', { ttlMs: 1000, swrMs: 0 }, async () => 'copy')
    advance(5000)
    const failing = async () => {
      throw upstreamDown()
    }
    expect(await memo.get('k', { ttlMs: 1000, swrMs: 0 }, failing)).toMatchObject({ value: 'copy', state: 'STALE' })
    await expect(memo.get('other', { ttlMs: 1000 }, failing)).rejects.toBeInstanceOf(UpstreamError)
  })

  it('stops standing in a failed upstream once the copy is older than staleIfErrorMs', async () => {
    const { memo, advance } = setup()
    const options = { ttlMs: 1000, swrMs: 0, staleIfErrorMs: 10_000 }
    await memo.get('k', options, async () => 'copy')
    advance(10_001)
    await expect(
      memo.get('k', options, async () => {
        throw upstreamDown()
      }),
    ).rejects.toBeInstanceOf(UpstreamError)
  })

  it('does not hide errors that are not upstream failures behind a stale copy', async () => {
    const { memo, advance } = setup()
    await memo.get('k', { ttlMs: 1000, swrMs: 0 }, async () => 'copy')
    advance(2000)
    await expect(
      memo.get('k', { ttlMs: 1000, swrMs: 0 }, async () => {
        throw new TypeError('bug')
      }),
    ).rejects.toBeInstanceOf(TypeError)
  })

  it('keeps a failed background refresh from replacing the copy', async () => {
    const { memo, advance, events } = setup()
    await memo.get('k', { ttlMs: 1000 }, async () => 'copy')
    advance(1200)
    const loader = controlledLoader<string>()
    await memo.get('k', { ttlMs: 1000 }, loader.load)
    loader.rejectAll(upstreamDown())
    await Bun.sleep(0)
    expect(events).toContain('refresh_error')
    expect(memo.peek('k')).toBe('copy')
  })

  it('takes the TTL from the value when given a function', async () => {
    const { memo, advance } = setup()
    const ttlMs = (v: { short: boolean }) => (v.short ? 100 : 10_000)
    await memo.get('short', { ttlMs, swrMs: 0 }, async () => ({ short: true }))
    await memo.get('long', { ttlMs, swrMs: 0 }, async () => ({ short: false }))
    advance(200)
    expect((await memo.get('short', { ttlMs, swrMs: 0 }, async () => ({ short: true }))).state).toBe('MISS')
    expect((await memo.get('long', { ttlMs, swrMs: 0 }, async () => ({ short: false }))).state).toBe('HIT')
  })

  it('evicts the least recently used entries past the entry bound', async () => {
    const { memo } = setup({ maxEntries: 3 })
    for (const k of ['a', 'b', 'c']) await memo.get(k, { ttlMs: 1e6 }, async () => k)
    await memo.get('a', { ttlMs: 1e6 }, async () => 'a') // touch a: b is now the oldest
    await memo.get('d', { ttlMs: 1e6 }, async () => 'd')
    expect(memo.size.entries).toBe(3)
    expect(memo.peek('b')).toBeUndefined()
    expect(memo.peek('a')).toBe('a')
  })

  it('evicts past the byte bound and counts bytes back down on delete', async () => {
    const { memo } = setup({ maxBytes: 2500 })
    const sizeOf = () => 1000
    for (const k of ['a', 'b', 'c']) await memo.get(k, { ttlMs: 1e6, sizeOf }, async () => k)
    expect(memo.size).toEqual({ entries: 2, bytes: 2000 })
    expect(memo.peek('a')).toBeUndefined()
    memo.deleteByPrefix('b')
    expect(memo.size).toEqual({ entries: 1, bytes: 1000 })
  })
})
