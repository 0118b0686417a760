/**
 * The call budget shared through Redis, against a real redis-server: several connections stand for several
 * instances drawing from one bucket at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SharedRedis } from '../../src/cluster/redis'
import { SharedBucket } from '../../src/cluster/shared-bucket'
import { Logger, memorySink } from '../../src/observability/logger'
import { TokenBucket } from '../../src/upstream/budget'
import { startRedis, type TestRedis } from '../support/redis'

let redis: TestRedis
const connections: SharedRedis[] = []

async function connect(): Promise<SharedRedis> {
  const connection = new SharedRedis(redis.url, 200, new Logger('silent', memorySink()))
  await connection.start()
  connections.push(connection)
  return connection
}

/** Buckets under one fresh key, one per "instance"; each instance's local share is budget / instances. */
async function buckets(instances: number, perMinute: number, capacity: number): Promise<SharedBucket[]> {
  const key = `budget:test-${crypto.randomUUID()}`
  return Promise.all(
    Array.from({ length: instances }, async () =>
      new SharedBucket(await connect(), key, perMinute, capacity, new TokenBucket(perMinute / instances, Math.max(1, Math.floor(capacity / instances))))),
  )
}

beforeAll(async () => {
  redis = await startRedis()
})

afterAll(async () => {
  for (const c of connections) c.close()
  await redis.stop()
})

describe('one budget for all instances', () => {
  it('grants exactly the burst to 60 simultaneous takes spread over three instances', async () => {
    const shared = await buckets(3, 6, 3)
    const granted = await Promise.all(Array.from({ length: 60 }, (_, i) => shared[i % 3].tryTake()))
    expect(granted.filter(Boolean)).toHaveLength(3)
  })

  it('refills at the budget rate: a waiter gets the next token when it is due, not before', async () => {
    // 120 a minute: a token every 500 ms.
    const [a, b] = await buckets(2, 120, 1)
    expect(await a.tryTake()).toBe(true)
    expect(await b.tryTake()).toBe(false)
    const wait = await b.msUntilToken()
    expect(wait).toBeGreaterThan(300)
    expect(wait).toBeLessThanOrEqual(500)
    // Not within 100 ms; within 1 s.
    expect(await b.take(100)).toBe(false)
    const started = performance.now()
    expect(await b.take(1000)).toBe(true)
    expect(performance.now() - started).toBeGreaterThan(200)
    expect(await a.tryTake()).toBe(false)
  })

  it('falls back to the local share (budget / instances) while Redis is down, and shares again after', async () => {
    const [a, b, c] = await buckets(3, 6, 3)
    await redis.kill()
    try {
      // Each instance alone: a burst of floor(3 / 3) = 1.
      for (const bucket of [a, b, c]) {
        expect(await bucket.tryTake()).toBe(true)
        expect(await bucket.tryTake()).toBe(false)
      }
    } finally {
      await redis.restart()
    }
    const deadline = Date.now() + 5000
    while (connections.some((x) => !x.available) && Date.now() < deadline) await Bun.sleep(50)
    // Redis restarted empty: the shared bucket starts full again, and is shared.
    const granted = await Promise.all(Array.from({ length: 12 }, (_, i) => [a, b, c][i % 3].tryTake()))
    expect(granted.filter(Boolean)).toHaveLength(3)
  })
})
