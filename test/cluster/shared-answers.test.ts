/**
 * The Redis tier behind the upstream Memo, against a real redis-server: two Memos stand for two instances, each
 * with its own connection to one Redis, on one clock the test moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { Memo } from '../../src/cache/memo'
import { SharedRedis } from '../../src/cluster/redis'
import { SharedAnswers } from '../../src/cluster/shared-answers'
import { Logger, memorySink } from '../../src/observability/logger'
import { isUpstreamFailure, UpstreamError } from '../../src/upstream/errors'
import { startRedis, type TestRedis } from '../support/redis'

const TTL_MS = 30_000
const WAIT_MS = 2000
const REDIS_TIMEOUT_MS = 200

let redis: TestRedis
let offset = 0
const now = () => Date.now() + offset
const connections: SharedRedis[] = []

/** One "instance": its own connection, tier and Memo. */
async function instance() {
  const connection = new SharedRedis(redis.url, REDIS_TIMEOUT_MS, new Logger('silent', memorySink()))
  await connection.start()
  connections.push(connection)
  const memo = new Memo({ name: 'upstream', maxEntries: 100, maxBytes: 1_000_000, now, staleOnError: isUpstreamFailure, shared: new SharedAnswers(connection, WAIT_MS, `t${connections.length}:`, now) })
  return { connection, memo }
}

/** Two instances sharing one key prefix (the tier's prefix must match for them to share). */
async function pair() {
  const prefix = `pair-${crypto.randomUUID()}:`
  const make = async () => {
    const connection = new SharedRedis(redis.url, REDIS_TIMEOUT_MS, new Logger('silent', memorySink()))
    await connection.start()
    connections.push(connection)
    return { connection, memo: new Memo({ name: 'upstream', maxEntries: 100, maxBytes: 1_000_000, now, staleOnError: isUpstreamFailure, shared: new SharedAnswers(connection, WAIT_MS, prefix, now) }) }
  }
  return [await make(), await make()] as const
}

function countingLoader<T>(value: () => T, delayMs = 0) {
  const loader = {
    calls: 0,
    load: async () => {
      loader.calls += 1
      if (delayMs > 0) await Bun.sleep(delayMs)
      return value()
    },
  }
  return loader
}

const OPTIONS = { ttlMs: TTL_MS, swrMs: 0 }

beforeAll(async () => {
  redis = await startRedis()
})

afterAll(async () => {
  for (const c of connections) c.close()
  await redis.stop()
})

describe('answers shared through Redis', () => {
  it('serves a value loaded by one instance to another without calling its loader, expiring at the same time', async () => {
    const [a, b] = await pair()
    const fromA = countingLoader(() => ({ price: 1.5, pools: ['p1'] }))
    const fromB = countingLoader(() => ({ price: 99, pools: [] as string[] }))
    const first = await a.memo.get('k', OPTIONS, fromA.load)
    offset += 5000
    const second = await b.memo.get('k', OPTIONS, fromB.load)
    expect(second.value).toEqual({ price: 1.5, pools: ['p1'] })
    expect(second.storedAt).toBe(first.storedAt)
    expect(fromB.calls).toBe(0)
    // Past the lifetime counted from A's load, B loads anew.
    offset += TTL_MS
    expect((await b.memo.get('k', OPTIONS, fromB.load)).value).toEqual({ price: 99, pools: [] })
    expect(fromB.calls).toBe(1)
  })

  it('makes one call for concurrent cold loads at several instances; the others wait and read it', async () => {
    const [a, b] = await pair()
    const loaders = [countingLoader(() => 'a', 200), countingLoader(() => 'b', 200)]
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [a, b][i % 2].memo.get('cold', OPTIONS, loaders[i % 2].load)),
    )
    expect(loaders[0].calls + loaders[1].calls).toBe(1)
    const winner = loaders[0].calls === 1 ? 'a' : 'b'
    for (const r of results) expect(r.value).toBe(winner)
  })

  it("hands the holder's upstream failure to the instances waiting on it instead of calling again", async () => {
    const [a, b] = await pair()
    let calls = 0
    const failing = async () => {
      calls += 1
      await Bun.sleep(200)
      throw new UpstreamError('geckoterminal', 'rate_limited', 'HTTP 429')
    }
    const results = await Promise.allSettled([a.memo.get('down', OPTIONS, failing), (async () => {
      await Bun.sleep(50)
      return b.memo.get('down', OPTIONS, failing)
    })()])
    expect(calls).toBe(1)
    for (const r of results) {
      expect(r.status).toBe('rejected')
      const reason = (r as PromiseRejectedResult).reason
      expect(reason).toBeInstanceOf(UpstreamError)
      expect(reason.failure).toBe('rate_limited')
    }
  })

  it('serves the shared copy stale when the upstream fails at an instance that never loaded it', async () => {
    const [a, b] = await pair()
    await a.memo.get('stale', OPTIONS, async () => ({ candles: [1, 2, 3] }))
    offset += TTL_MS + 1000
    const served = await b.memo.get<{ candles: number[] }>('stale', OPTIONS, async () => {
      throw new UpstreamError('geckoterminal', 'http_error', 'HTTP 500')
    })
    expect(served.state).toBe('STALE')
    expect(served.value).toEqual({ candles: [1, 2, 3] })
  })

  it('lets a bug in a loader propagate as it is (not as an upstream failure)', async () => {
    const { memo } = await instance()
    await expect(memo.get('bug', OPTIONS, async () => {
      throw new TypeError('bug')
    })).rejects.toBeInstanceOf(TypeError)
  })
})

describe('Redis failing', () => {
  it('loads locally within the Redis timeout while Redis is stalled, says why, and shares again once it answers', async () => {
    const { connection, memo } = await instance()
    const loader = countingLoader(() => 'local')
    redis.pause()
    try {
      const started = performance.now()
      const answer = await memo.get('while-stalled', OPTIONS, loader.load)
      expect(answer.value).toBe('local')
      expect(loader.calls).toBe(1)
      expect(performance.now() - started).toBeLessThan(REDIS_TIMEOUT_MS + 500)
      const health = connection.status()
      expect(health.state).toBe('unavailable')
      expect(health.state === 'unavailable' && health.reason).toContain('took over')
      // Unavailable: the next load does not wait for the timeout again.
      const quick = performance.now()
      await memo.get('while-stalled-2', OPTIONS, loader.load)
      expect(performance.now() - quick).toBeLessThan(REDIS_TIMEOUT_MS)
    } finally {
      redis.resume()
    }
    const deadline = Date.now() + 5000
    while (!connection.available && Date.now() < deadline) await Bun.sleep(50)
    expect(connection.available).toBe(true)
  })

  it('loads locally when Redis is gone, and shares again after a restart', async () => {
    const [a, b] = await pair()
    await redis.kill()
    const local = countingLoader(() => 'without redis')
    expect((await a.memo.get('gone', OPTIONS, local.load)).value).toBe('without redis')
    expect(a.connection.available).toBe(false)
    await redis.restart()
    const deadline = Date.now() + 5000
    while (!(a.connection.available && b.connection.available) && Date.now() < deadline) await Bun.sleep(50)
    expect(a.connection.available && b.connection.available).toBe(true)
    const fromA = countingLoader(() => 'shared again')
    const fromB = countingLoader(() => 'not shared')
    await a.memo.get('after-restart', OPTIONS, fromA.load)
    expect((await b.memo.get('after-restart', OPTIONS, fromB.load)).value).toBe('shared again')
    expect(fromB.calls).toBe(0)
  })
})
