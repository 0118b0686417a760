/**
 * One instance (in-process) with REDIS_URL, through Redis not being there at start, stalling (the port open,
 * nothing answering) and coming back: it answers throughout, within the upstream deadline, and /readyz says why
 * it is degraded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { startService, type TestService } from '../helpers'
import { startRedis, type TestRedis } from '../support/redis'

const UPSTREAM_TIMEOUT_MS = 1500
const REDIS_TIMEOUT_MS = 100

let redis: TestRedis
let svc: TestService

beforeAll(async () => {
  redis = await startRedis()
  await redis.kill()
  svc = await startService({
    env: { REDIS_URL: redis.url, REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS), UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) },
  })
})

afterAll(async () => {
  await redis.stop()
  await svc.stop()
})

async function timed(path: string) {
  const started = performance.now()
  const res = await svc.get(path)
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

async function waitForRedis(state: 'ok' | 'unavailable'): Promise<any> {
  const deadline = Date.now() + 5000
  for (;;) {
    const ready = await (await svc.get('/readyz')).json()
    if (ready.shared.redis === state || Date.now() > deadline) return ready
    await Bun.sleep(50)
  }
}

describe('an instance whose Redis is absent, stalled, then back', () => {
  it('starts without Redis, answers, and says degraded with the reason', async () => {
    expect((await timed(`/api/v1/tokens/${registry[0].unit}`)).status).toBe(200)
    const ready = await (await svc.get('/readyz')).json()
    expect(ready.status).toBe('degraded')
    expect(ready.shared.redis).toBe('unavailable')
    expect(ready.shared.reason).not.toBe('')
    expect(ready.shared.meanwhile).toContain('1/1')
  })

  it('shares once Redis is there, without a restart', async () => {
    await redis.restart()
    const ready = await waitForRedis('ok')
    expect(ready.shared).toEqual({ redis: 'ok' })
    expect(ready.status).toBe('ready')
  })

  it('answers a cold request within the upstream deadline while Redis stalls, and recovers when it answers', async () => {
    redis.pause()
    try {
      const answers = await Promise.all(registry.slice(1, 6).map((t) => timed(`/api/v1/tokens/${t.unit}`)))
      for (const answer of answers) {
        expect(answer.status).toBe(200)
        expect(answer.ms).toBeLessThan(UPSTREAM_TIMEOUT_MS)
      }
      const ready = await (await svc.get('/readyz')).json()
      expect(ready.status).toBe('degraded')
      expect(ready.shared.reason).toContain(`took over ${REDIS_TIMEOUT_MS} ms`)
    } finally {
      redis.resume()
    }
    expect((await waitForRedis('ok')).status).toBe('ready')
  })
})
