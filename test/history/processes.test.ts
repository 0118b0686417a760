/**
 * Two server processes sharing one database file and one set of fake upstreams, started at the same moment
 * on a fresh file: each runs its own core refresh on its own schedule and records, and every (token,
 * interval) is in the file once, complete.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createClient } from '@libsql/client'
import registry from '../../src/registry/tokens.json'
import { coreRefresh } from '../../src/modules/history/core-refresh'
import { FakeUpstreams } from '../fake-upstreams/server'
import { startService, type TestService } from '../helpers'
import { startServerProcess, type ServerProcess } from '../support/processes'

const dir = mkdtempSync(join(tmpdir(), 'history-processes-'))
const file = join(dir, 'shared.db')
const BATCHES = Math.ceil(registry.length / 30)
let fake: FakeUpstreams
let servers: ServerProcess[] = []

beforeAll(async () => {
  fake = await FakeUpstreams.start()
  const env = { ...fake.env(), DATABASE_URL: `file:${file}`, GECKOTERMINAL_RPM: '600' }
  servers = await Promise.all([0, 1].map(() => startServerProcess(env)))
}, 30_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('two processes on one database file', () => {
  it('both refresh on their own, and each (token, interval) is recorded once, complete', async () => {
    // Each process refreshes once at start without being asked: two screener builds reach the upstreams.
    const deadline = Date.now() + 20_000
    while (fake.count('dexscreener', '/tokens/v1/') < 2 * BATCHES && Date.now() < deadline) await Bun.sleep(50)
    expect(fake.count('dexscreener', '/tokens/v1/')).toBeGreaterThanOrEqual(2 * BATCHES)
    // Stopping waits for a refresh under way, so what each process recorded is committed.
    await Promise.all(servers.map((s) => s.stop()))
    const raw = createClient({ url: `file:${file}` })
    try {
      const perInterval = (await raw.execute(
        'SELECT interval_start, count(*) AS n, count(DISTINCT asset_id) AS units FROM market_snapshots GROUP BY interval_start',
      )).rows
      expect(perInterval.length).toBeGreaterThanOrEqual(1)
      for (const row of perInterval) {
        expect(Number(row.n)).toBe(registry.length + 1)
        expect(Number(row.units)).toBe(registry.length + 1)
        expect(Number(row.interval_start) % 300).toBe(0)
      }
    } finally {
      raw.close()
    }
  }, 30_000)
})

describe('two instances recording the same interval at once', () => {
  it('one adds the rows, the other finds them recorded: the primary key decides, nothing fails', async () => {
    const shared = join(dir, 'instances.db')
    const env = { DATABASE_URL: `file:${shared}` }
    const a = await startService({ env, fake })
    const b = await startService({ env, fake })
    try {
      const refresh = (svc: TestService) => {
        const s = svc.deps.services
        return coreRefresh({ tokens: s.tokens, adaMarket: s.adaMarket, recorder: s.historyRecorder!, logger: svc.deps.logger })
      }
      const outcomes = await Promise.all([refresh(a), refresh(b)])
      const tokens = outcomes.map((o) => o.tokens)
      expect(tokens).toContainEqual({ added: registry.length, existing: 0 })
      expect(tokens).toContainEqual({ added: 0, existing: registry.length })
      const ada = outcomes.map((o) => o.ada)
      expect(ada).toContainEqual({ added: 1, existing: 0 })
      expect(ada).toContainEqual({ added: 0, existing: 1 })
    } finally {
      await a.stop()
      await b.stop()
    }
  })
})
