/**
 * Three service processes, one Redis: a burst of cold chart requests spread over the three spends at most
 * source B's budget in total, not three times it.
 *
 * INSTANCES stays 1 here on purpose: an instance that fell back to its local share would then spend the whole
 * budget on its own (three times it over three instances), so only real sharing passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import registry from '../../src/registry/tokens.json'
import { FakeUpstreams } from '../fake-upstreams/server'
import { startServerProcess, type ServerProcess } from '../support/processes'
import { startRedis, type TestRedis } from '../support/redis'

/**
 * 12 calls a minute in any sliding minute: the core plan reserves 3 for the screener's batches, 9 are the long
 * tail. Each request comes from its own client (X-Forwarded-For behind TRUST_PROXY=1), so fair shares do not cap
 * the burst: three unshared ledgers would let up to 27 calls out, one shared ledger at most 12.
 */
const RPM = 12
const UPSTREAM_TIMEOUT_MS = 1500

let redis: TestRedis
let fake: FakeUpstreams
let servers: ServerProcess[] = []
let startedAt = 0

beforeAll(async () => {
  redis = await startRedis()
  fake = await FakeUpstreams.start()
  const env = {
    ...fake.env(),
    DATABASE_URL: 'off',
    REDIS_URL: redis.url,
    GECKOTERMINAL_RPM: String(RPM),
    TRUST_PROXY: '1',
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
  }
  startedAt = Date.now()
  servers = await Promise.all([0, 1, 2].map(() => startServerProcess(env)))
}, 30_000)

afterAll(async () => {
  await redis.stop()
  await Promise.all(servers.map((s) => s.stop()))
  await fake.stop()
}, 20_000)

describe('one source B budget for three instances', () => {
  it('spends at most the budget on a burst of 30 cold chart requests spread over the three', async () => {
    const units = registry.slice(0, 30).map((t) => t.unit)
    const answers = await Promise.all(
      units.map(async (unit, i) => {
        const res = await fetch(`${servers[i % 3].url}/api/v1/tokens/${unit}/ohlcv?tf=1h&limit=5`, {
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        })
        return { status: res.status, body: (await res.json()) as { error?: string; hint?: string } }
      }),
    )
    // The whole burst took well under a minute: the sliding minute holds every call it caused.
    expect(Date.now() - startedAt).toBeLessThan(60_000)
    expect(fake.count('geckoterminal')).toBeGreaterThan(0)
    expect(fake.count('geckoterminal')).toBeLessThanOrEqual(RPM)
    // Over budget is an upstream failure named as such (or this client's share is spent), never a server error.
    for (const answer of answers) {
      expect([200, 404, 502, 503]).toContain(answer.status)
      if (answer.status === 502) expect(answer.body.hint).toContain('over budget')
      if (answer.status === 503) expect(answer.body.error).toBe('Busy for this client')
    }
  })
})
