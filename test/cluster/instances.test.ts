/**
 * Three service processes, one Redis, one database file, one set of fake upstreams whose calls are counted:
 * answers loaded by one instance are served by the others, concurrent cold requests make one call per upstream
 * resource, a write on one instance is seen on another within a second, and Redis dying is not an outage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import registry from '../../src/registry/tokens.json'
import { boostPayload, commentPayload, eligibleWallet } from '../community/helpers'
import type { TestWallet } from '../community/wallet'
import { awayFromUtcMidnight, today } from '../faults/support'
import { FakeUpstreams } from '../fake-upstreams/server'
import { SAMPLE } from '../fake-upstreams/world'
import { startServerProcess, type ServerProcess } from '../support/processes'
import { startRedis, type TestRedis } from '../support/redis'

const UPSTREAM_TIMEOUT_MS = 1500
/** What "at once" means for a write seen on another instance. */
const NOTICE_MS = 1000

const dir = mkdtempSync(join(tmpdir(), 'instances-'))
let redis: TestRedis
let fake: FakeUpstreams
let servers: ServerProcess[] = []
let wallet: TestWallet

beforeAll(async () => {
  await awayFromUtcMidnight()
  redis = await startRedis()
  fake = await FakeUpstreams.start()
  wallet = await eligibleWallet(fake.world)
  const env = {
    ...fake.env(),
    DATABASE_URL: `file:${join(dir, 'community.db')}`,
    REDIS_URL: redis.url,
    INSTANCES: '3',
    // Budgets are tested on their own (shared-budget.test.ts); here they must not get in the way.
    GECKOTERMINAL_RPM: '6000',
    // As in production: every instance hands out the same absolute URLs.
    PUBLIC_BASE_URL: 'https://api.example.org',
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
  }
  servers = await Promise.all([0, 1, 2].map(() => startServerProcess(env)))
}, 30_000)

afterAll(async () => {
  await redis.stop()
  await Promise.all(servers.map((s) => s.stop()))
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
}, 20_000)

const get = async (server: ServerProcess, path: string) => {
  const res = await fetch(server.url + path)
  return { status: res.status, body: (await res.json()) as any, xCache: res.headers.get('x-cache'), etag: res.headers.get('etag') }
}

/** Until the fake upstreams have seen no call for 300 ms (background reads included). */
async function settled(): Promise<number> {
  let count = fake.calls.length
  const deadline = Date.now() + 5000
  while (Date.now() < deadline) {
    await Bun.sleep(300)
    if (fake.calls.length === count) return count
    count = fake.calls.length
  }
  throw new Error('the upstreams never went quiet')
}

/** Poll until `read` returns true, for at most `ms`; how long it took, or null. */
async function within(ms: number, read: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now()
  while (Date.now() - started <= ms) {
    if (await read()) return Date.now() - started
    await Bun.sleep(25)
  }
  return null
}

async function postComment(server: ServerProcess, unit: string, text: string) {
  const body = await wallet.sign(commentPayload(unit, text, Date.now()))
  const res = await fetch(`${server.url}/api/v1/community/comments/${unit}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return res.status
}

const hasComment = (server: ServerProcess, unit: string, text: string) => async () =>
  (await get(server, `/api/v1/community/comments/${unit}`)).body.comments.some((c: { body: string }) => c.body === text)

const readiness = async (server: ServerProcess) => (await get(server, '/readyz')).body

describe('three instances sharing one Redis', () => {
  it('serves a screener built by instance 1 from instances 2 and 3 with no upstream call', async () => {
    const built = await get(servers[0], '/api/v1/tokens')
    expect(built.status).toBe(200)
    expect(built.xCache).toBe('MISS')
    const before = await settled()
    expect(before).toBeGreaterThan(0)
    for (const server of servers.slice(1)) {
      const served = await get(server, '/api/v1/tokens')
      expect(served.status).toBe(200)
      expect(served.body.tokens).toEqual(built.body.tokens)
      expect(served.body.coverage).toBe(built.body.coverage)
      // The ready answer itself is shared, not rebuilt from shared upstream copies: same build time, same bytes.
      expect(served.body.updatedAt).toBe(built.body.updatedAt)
      expect(served.etag).toBe(built.etag)
    }
    expect(await settled()).toBe(before)
  })

  it('answers every endpoint the same from copies another instance loaded, with no upstream call', async () => {
    const paths = [
      `/api/v1/tokens/${SAMPLE.snek}`,
      `/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1h&limit=50`,
      `/api/v1/tokens/${SAMPLE.snek}/ohlcv?tf=1d&limit=20&quote=ada`,
      '/api/v1/search?q=snek',
      `/api/v1/wallet/${SAMPLE.stakeAddress}`,
      `/api/v1/wallet/%24${SAMPLE.handle}`,
      '/api/v1/market?days=7&ecosystem=1',
    ]
    const built = []
    for (const path of paths) built.push(await get(servers[0], path))
    const before = await settled()
    for (const [i, path] of paths.entries()) {
      expect({ path, status: built[i].status }).toEqual({ path, status: 200 })
      const served = await get(servers[1], path)
      expect({ path, status: served.status, body: served.body }).toEqual({ path, status: 200, body: built[i].body })
    }
    expect(await settled()).toBe(before)
  })

  it('makes one call per upstream resource for 100 concurrent cold requests of one token over the three', async () => {
    const unit = registry[40].unit
    fake.resetCalls()
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => get(servers[i % 3], `/api/v1/tokens/${unit}`)))
    await settled()
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body.pairs).toEqual(answers[0].body.pairs)
    }
    const perResource = new Map<string, number>()
    for (const call of fake.calls) {
      const resource = `${call.upstream} ${call.method} ${call.path} ${JSON.stringify(call.query)} ${JSON.stringify(call.body)}`
      perResource.set(resource, (perResource.get(resource) ?? 0) + 1)
    }
    expect(perResource.size).toBeGreaterThanOrEqual(3)
    for (const [resource, calls] of perResource) expect({ resource, calls }).toEqual({ resource, calls: 1 })
  })

  it('shows a comment posted on instance 1 on instance 2 within a second, though 2 had the list cached', async () => {
    const unit = registry[41].unit
    const cached = await get(servers[1], `/api/v1/community/comments/${unit}`)
    expect(cached.status).toBe(200)
    expect(cached.body.comments).toEqual([])
    expect(await postComment(servers[0], unit, 'posted on one, read on two')).toBe(201)
    expect(await within(NOTICE_MS, hasComment(servers[1], unit, 'posted on one, read on two'))).not.toBeNull()
  })

  it('shows a boost cast on instance 1 on instance 3 within a second', async () => {
    const unit = registry[42].unit
    const path = `/api/v1/community/boosts?units=${unit}`
    expect((await get(servers[2], path)).body.summaries[0].boostsToday).toBe(0)
    const body = await (await eligibleWallet(fake.world)).sign(boostPayload(unit, today()))
    const res = await fetch(`${servers[0].url}/api/v1/community/boosts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(201)
    expect(await within(NOTICE_MS, async () => (await get(servers[2], path)).body.summaries[0].boostsToday === 1)).not.toBeNull()
  })
})

describe('Redis failing', () => {
  const warmed = ['/api/v1/tokens', `/api/v1/tokens/${registry[40].unit}`, '/api/v1/market']
  const missedUnit = registry[43].unit

  it('keeps every instance answering when Redis is killed mid-load, and /readyz says degraded and why', async () => {
    for (const server of servers) for (const path of warmed) expect((await get(server, path)).status).toBe(200)
    // Instance 2 holds a comment list that a write made while Redis is down will change.
    expect((await get(servers[1], `/api/v1/community/comments/${missedUnit}`)).body.comments).toEqual([])

    const answers: Array<{ path: string; status: number; ms: number }> = []
    let killed = false
    const load = async (worker: number) => {
      for (let i = 0; i < 40; i++) {
        // Cached answers, and cold tokens that must be loaded without Redis once it is gone.
        const path = i % 4 === 3 ? `/api/v1/tokens/${registry[50 + ((worker * 40 + i) % 15)].unit}` : warmed[i % 3]
        const started = Date.now()
        const res = await fetch(servers[(worker + i) % 3].url + path)
        await res.arrayBuffer()
        answers.push({ path, status: res.status, ms: Date.now() - started })
        await Bun.sleep(10)
      }
    }
    await Promise.all([
      ...Array.from({ length: 6 }, (_, w) => load(w)),
      (async () => {
        await Bun.sleep(150)
        await redis.kill()
        killed = true
      })(),
    ])
    expect(killed).toBe(true)
    expect(answers.length).toBe(240)
    for (const answer of answers) {
      expect(answer).toMatchObject({ path: answer.path, status: 200 })
      expect(answer.ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + 1000)
    }
    for (const server of servers) {
      const ready = await readiness(server)
      expect(ready.status).toBe('degraded')
      expect(ready.shared.redis).toBe('unavailable')
      expect(ready.shared.reason.length).toBeGreaterThan(0)
      expect(ready.shared.meanwhile).toContain('1/3')
    }
    // A write while Redis is down reaches the database; its notice cannot reach the other instances.
    expect(await postComment(servers[0], missedUnit, 'written while redis was down')).toBe(201)
  }, 30_000)

  it('shares again by itself once Redis is back: readiness, answers, and the writes it missed', async () => {
    await redis.restart()
    expect(await within(5000, async () => {
      const states = await Promise.all(servers.map(readiness))
      return states.every((s) => s.shared.redis === 'ok')
    })).not.toBeNull()

    // The write made while the notices were lost shows at once, without waiting for the cache lifetime.
    expect(await hasComment(servers[1], missedUnit, 'written while redis was down')()).toBe(true)

    const unit = registry[44].unit
    expect((await get(servers[0], `/api/v1/tokens/${unit}`)).status).toBe(200)
    const before = await settled()
    expect((await get(servers[1], `/api/v1/tokens/${unit}`)).status).toBe(200)
    expect((await get(servers[2], `/api/v1/tokens/${unit}`)).status).toBe(200)
    expect(await settled()).toBe(before)

    const other = registry[45].unit
    await get(servers[1], `/api/v1/community/comments/${other}`)
    expect(await postComment(servers[0], other, 'after the restart')).toBe(201)
    expect(await within(NOTICE_MS, hasComment(servers[1], other, 'after the restart'))).not.toBeNull()
  }, 30_000)
})
