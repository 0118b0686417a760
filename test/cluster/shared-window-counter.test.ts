/**
 * Per-client window counters shared through a real redis-server: several connections stand for several instances
 * counting one client at once; with Redis gone each instance falls back to its share of the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { SharedRedis } from '../../src/cluster/redis'
import { SharedWindowCounter } from '../../src/cluster/shared-window-counter'
import type { WindowRule } from '../../src/limits/window-counter'
import { Logger, memorySink } from '../../src/observability/logger'
import { startRedis, type TestRedis } from '../support/redis'

let redis: TestRedis
const connections: SharedRedis[] = []

async function instances(count: number, now: () => number = Date.now): Promise<SharedWindowCounter[]> {
  const out: SharedWindowCounter[] = []
  for (let i = 0; i < count; i++) {
    const connection = new SharedRedis(redis.url, 200, new Logger('silent', memorySink()))
    await connection.start()
    connections.push(connection)
    out.push(new SharedWindowCounter(connection, count, now))
  }
  return out
}

const rule = (name: string, limit: number): WindowRule => ({ name, limit, windowMs: 3_600_000 })

beforeAll(async () => {
  redis = await startRedis()
})

afterAll(async () => {
  for (const c of connections) c.close()
  await redis.stop()
})

describe('one count for all instances', () => {
  it('allows exactly the limit for 100 simultaneous takes spread over three instances', async () => {
    const counters = await instances(3)
    const verdicts = await Promise.all(
      Array.from({ length: 100 }, (_, i) => counters[i % 3].take(rule('together', 60), '2001:db8:1:2::/64')),
    )
    expect(verdicts.filter((v) => v.allowed).length).toBe(60)
    const refused = verdicts.find((v) => !v.allowed)
    // Refused until the clock hour ends.
    if (refused !== undefined && !refused.allowed) {
      expect(refused.retryAfterMs).toBeGreaterThan(0)
      expect(refused.retryAfterMs).toBeLessThanOrEqual(3_600_000)
    } else throw new Error('no take was refused')
    // Another client is counted apart.
    expect((await counters[1].take(rule('together', 60), '198.51.100.9')).allowed).toBe(true)
  })

  it('keys the count by window, so the next hour starts from zero', async () => {
    const clock = { now: Date.UTC(2026, 10, 27, 10, 59, 59) }
    const [a, b] = await instances(2, () => clock.now)
    expect((await a.take(rule('hourly', 1), 'c')).allowed).toBe(true)
    expect((await b.take(rule('hourly', 1), 'c')).allowed).toBe(false)
    clock.now = Date.UTC(2026, 10, 27, 11, 0, 0)
    expect((await b.take(rule('hourly', 1), 'c')).allowed).toBe(true)
  })

  it('falls back to limit / instances in memory while Redis is down, and shares again once it is back', async () => {
    const [a, b] = await instances(2)
    await redis.kill()
    // Each instance allows half of 10 on its own.
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => a.take(rule('outage', 10), 'd')))
    expect(verdicts.filter((v) => v.allowed).length).toBe(5)
    await redis.restart()
    const deadline = Date.now() + 10_000
    while (!connections.every((c) => c.available) && Date.now() < deadline) await Bun.sleep(50)
    const shared = await Promise.all(Array.from({ length: 14 }, (_, i) => (i % 2 ? a : b).take(rule('outage', 10), 'd')))
    expect(shared.filter((v) => v.allowed).length).toBe(10)
  })
})
