/**
 * The write limits: WRITES_PER_CLIENT_PER_HOUR (default 60) counts every community POST per client address (the
 * forwarded one behind TRUST_PROXY; an IPv6 client by its /64) before its body is read, shared by instances
 * through Redis; COMMENTS_PER_UNIT_PER_DAY (default 500) caps a token's comments per UTC day in the insert
 * itself, so it holds under simultaneous posts and across instances sharing the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { rmSync } from 'node:fs'
import { startService, type TestService } from '../helpers'
import { startRedis, type TestRedis } from '../support/redis'
import { boostPayload, commentPayload, eligibleWallet, freshDatabaseDir, HOSKY, SNEK, startCommunity } from './helpers'
import type { SignedWriteBody } from './wallet'

const BOOSTS = '/api/v1/community/boosts'
const comments = (unit: string) => `/api/v1/community/comments/${unit}`
const HOUR = 60 * 60 * 1000
/** Well-formed JSON that is not a write: a cheap 400, which still counts as a write attempt. */
const JUNK = '{}'

function postFrom(svc: TestService, client: string, path: string, body: SignedWriteBody | string) {
  return svc.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

describe('writes per client address', () => {
  it('answers the 61st POST of the hour from one address 429 with Retry-After, before reading it; another address writes', async () => {
    const h = await startCommunity({ WRITES_PER_CLIENT_PER_HOUR: '60', TRUST_PROXY: '1' })
    try {
      const statuses = []
      for (let i = 0; i < 60; i++) statuses.push((await postFrom(h.svc, '203.0.113.7', i % 2 ? BOOSTS : comments(SNEK), JUNK)).status)
      expect(statuses).toEqual(Array(60).fill(400))

      const wallet = await h.wallet()
      const signed = await wallet.sign(boostPayload(SNEK, h.today()))
      h.svc.fake.resetCalls()
      const refused = await postFrom(h.svc, '203.0.113.7', BOOSTS, signed)
      expect(refused.status).toBe(429)
      const body = await refused.json()
      expect(body).toEqual({ code: 'client_write_limit_reached', error: 'Too many writes from this address', hint: expect.stringContaining('At most 60 community writes') })
      // The clock is pinned just after 12:00 UTC: the hour ends in at most an hour.
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(3000)
      expect(retryAfter).toBeLessThanOrEqual(3600)
      // Refused before anything else: no chain API call, nothing stored.
      expect(h.svc.fake.count('koios')).toBe(0)
      expect(await h.rows('boosts')).toBe(0)

      expect((await postFrom(h.svc, '203.0.113.8', BOOSTS, signed)).status).toBe(201)
      // A new hour: the first address writes again.
      h.advance(HOUR)
      expect((await postFrom(h.svc, '203.0.113.7', comments(SNEK), await wallet.sign(commentPayload(SNEK, 'next hour', h.now())))).status).toBe(201)
    } finally {
      await h.stop()
    }
  }, 30_000)

  it('counts an IPv6 client by its /64: another address in the same /64 is refused, one in the next /64 is not', async () => {
    const h = await startCommunity({ WRITES_PER_CLIENT_PER_HOUR: '5', TRUST_PROXY: '1' })
    try {
      for (let i = 1; i <= 5; i++) expect((await postFrom(h.svc, `2001:db8:1:2::${i}`, BOOSTS, JUNK)).status).toBe(400)
      expect((await postFrom(h.svc, '2001:db8:1:2:ffff:ffff:ffff:ffff', BOOSTS, JUNK)).status).toBe(429)
      expect((await postFrom(h.svc, '2001:db8:1:3::1', BOOSTS, JUNK)).status).toBe(400)
      // Reads are not writes.
      expect((await h.svc.request(`${BOOSTS}?units=${SNEK}`, { headers: { 'x-forwarded-for': '2001:db8:1:2::9' } })).status).toBe(200)
    } finally {
      await h.stop()
    }
  })
})

describe('two instances on one Redis', () => {
  let redis: TestRedis
  const dir = freshDatabaseDir()
  let a: TestService
  let b: TestService

  beforeAll(async () => {
    redis = await startRedis()
    const env = { REDIS_URL: redis.url, TRUST_PROXY: '1', DATABASE_URL: `file:${join(dir, 'shared.db')}` }
    a = await startService({ env })
    b = await startService({ env, fake: a.fake })
    // Both clocks at the same minute past an hour, so no window ends during the test.
    const offset = Math.ceil(Date.now() / HOUR) * HOUR + 60_000 - Date.now()
    a.advance(offset)
    b.advance(offset)
  })
  afterAll(async () => {
    await a?.stop()
    await b?.stop()
    await redis?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('share the per-client count: 30 writes to each, and the 61st is refused by either', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await postFrom(a, '198.51.100.20', BOOSTS, JUNK)).status).toBe(400)
      expect((await postFrom(b, '198.51.100.20', BOOSTS, JUNK)).status).toBe(400)
    }
    const wallet = await eligibleWallet(a.fake.world)
    const signed = await wallet.sign(boostPayload(SNEK, new Date(Date.now()).toISOString().slice(0, 10)))
    expect((await postFrom(a, '198.51.100.20', BOOSTS, signed)).status).toBe(429)
    expect((await postFrom(b, '198.51.100.20', BOOSTS, signed)).status).toBe(429)
    expect((await postFrom(b, '198.51.100.21', BOOSTS, JUNK)).status).toBe(400)
  })
})

describe('comments per token per UTC day', () => {
  it('caps a token at COMMENTS_PER_UNIT_PER_DAY across writers: 429 with Retry-After, nothing stored; other tokens and the next day are open', async () => {
    const h = await startCommunity({ COMMENTS_PER_UNIT_PER_DAY: '3' })
    try {
      const wallets = await Promise.all(Array.from({ length: 5 }, () => h.wallet()))
      for (const wallet of wallets.slice(0, 3)) {
        expect((await h.post(comments(SNEK), await wallet.sign(commentPayload(SNEK, `from ${wallet.stakeAddress}`, h.now())))).status).toBe(201)
      }
      const refused = await h.post(comments(SNEK), await wallets[3].sign(commentPayload(SNEK, 'one too many', h.now())))
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual({ code: 'unit_comment_limit_reached', error: 'Token comment limit reached', hint: expect.stringContaining(`${SNEK} has received 3 comments today`) })
      expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(11 * 3600)
      expect(await h.rows('comments')).toBe(3)
      expect((await h.post(comments(HOSKY), await wallets[3].sign(commentPayload(HOSKY, 'elsewhere', h.now())))).status).toBe(201)
      h.advance(12 * HOUR + 1)
      expect((await h.post(comments(SNEK), await wallets[4].sign(commentPayload(SNEK, 'a new day', h.now())))).status).toBe(201)
    } finally {
      await h.stop()
    }
  })

  it('holds under simultaneous comments sent to two instances sharing the database: exactly the limit is saved', async () => {
    const dir = freshDatabaseDir()
    const env = { DATABASE_URL: `file:${join(dir, 'shared.db')}`, COMMENTS_PER_UNIT_PER_DAY: '4', WRITES_PER_CLIENT_PER_HOUR: '0' }
    const a = await startService({ env })
    const b = await startService({ env, fake: a.fake })
    try {
      const wallets = await Promise.all(Array.from({ length: 12 }, () => eligibleWallet(a.fake.world)))
      const bodies = await Promise.all(wallets.map((w, i) => w.sign(commentPayload(SNEK, `race ${i}`, Date.now()))))
      const answers = await Promise.all(bodies.map((body, i) => postFrom(i % 2 ? a : b, '127.0.0.1', comments(SNEK), body)))
      const statuses = answers.map((r) => r.status)
      expect(statuses.filter((s) => s === 201)).toHaveLength(4)
      expect(statuses.filter((s) => s === 429)).toHaveLength(8)
      expect((await a.json(comments(SNEK))).body.count).toBe(4)
    } finally {
      await a.stop()
      await b.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})
