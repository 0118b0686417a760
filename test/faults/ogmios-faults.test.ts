/**
 * Ogmios faults against the real client over a real local WebSocket (the fake Ogmios serving the fake chain):
 * Ogmios absent at start (the service serves, /readyz says the chain source is degraded and why, then it
 * follows once Ogmios comes), the socket closed mid-stream and Ogmios restarting while blocks keep coming (it
 * resumes from its last processed block, sending several points; no trade lost, none doubled), unreadable
 * messages (each logged once and skipped), and the back-off between attempts (doubling, capped at 30 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { backoffMs, BACKOFF } from '../../src/chain/ogmios-follower'
import type { PoolUpdateRow } from '../../src/db/schema'
import type { FakePool } from '../fake-upstreams/chain'
import { FakeOgmios } from '../fake-upstreams/ogmios'
import { FakeUpstreams } from '../fake-upstreams/server'
import { startService, type TestService } from '../helpers'
import { scenario, SNEK, worldOf, type Scenario } from '../chain/support/scenario'
import { until } from '../chain/support/until'

const dir = mkdtempSync(join(tmpdir(), 'ogmios-faults-'))
let s: Scenario
let ogmios: FakeOgmios
let fake: FakeUpstreams
let svc: TestService
/** Every swap the live listeners were told, by tx hash: told twice would be a doubled trade. */
const heard = new Map<string, number>()

const start = async () => {
  svc = await startService({ fake, env: { DATABASE_URL: `file:${join(dir, 'f.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '3', CHAIN_SOURCE: 'ogmios', OGMIOS_URL: ogmios.url } })
  svc.deps.chain!.follower.onTrades((swaps: readonly PoolUpdateRow[]) => {
    for (const u of swaps) heard.set(u.txHash, (heard.get(u.txHash) ?? 0) + 1)
  })
  svc.deps.chain!.runner.start()
}
const position = () => svc.deps.chain!.position.read()

const atTip = () => until('the tip', async () => (await position()).processed?.blockHash === s.chain.tip!.hash, 30_000)

/** `n` blocks, each a swap on P1 or P2 in turn (a trade each), added to the chain; their tx hashes. */
function swaps(n: number): string[] {
  const hashes: string[] = []
  for (let i = 0; i < n; i++) {
    const pool: FakePool = i % 2 === 0 ? s.p1 : s.p2
    const { reserveA, reserveB } = pool.spec
    const ada = reserveA / 1000n
    s.chain.addBlock([[{ pool, reserveA: reserveA + ada, reserveB: (reserveA * reserveB) / (reserveA + ada) }]])
    hashes.push(s.chain.txs[s.chain.txs.length - 1].txHash)
  }
  return hashes
}

async function recordedSwaps(): Promise<string[]> {
  const trades = (await svc.json(`/api/v1/tokens/${SNEK}/trades?limit=500&before=${9_999_999_999 - heard.size}`)).body.trades
  return trades.map((t: any) => t.txHash)
}

/** Recorded trades by (tx, pool): the same pair twice would be a doubled trade. */
async function tradeKeys(): Promise<string[]> {
  const trades = (await svc.json(`/api/v1/tokens/${SNEK}/trades?limit=500&before=${9_999_999_000 - heard.size}`)).body.trades
  return trades.map((t: any) => `${t.txHash}:${t.pool.address}`)
}

beforeAll(async () => {
  s = scenario()
  const world = worldOf(s)
  fake = await FakeUpstreams.start({ world })
  ogmios = await FakeOgmios.start(s.chain)
  await ogmios.stop() // absent at start
})

afterAll(async () => {
  await svc.deps.chain?.runner.stop()
  await svc.stop()
  await ogmios.stop()
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('Ogmios faults', () => {
  it('Ogmios absent at start: everything else is served, /readyz says the chain source is degraded and why, then it follows', async () => {
    await start()
    await until('the source marked down', async () => (await position()).status === 'degraded', 15_000)
    const ready = await svc.json('/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body.status).toBe('degraded')
    expect(ready.body.database).toBe('ok')
    expect(ready.body.chain).toMatchObject({ source: 'ogmios', status: 'degraded' })
    expect(ready.body.chain.reason).toContain('Ogmios')
    expect(ready.body.chain.degradedSince).toBeGreaterThan(0)
    expect((await svc.get('/healthz')).status).toBe(200)
    const tip = await svc.json('/api/v1/chain/tip')
    expect(tip.status).toBe(200)
    expect(tip.body.follower.status).toBe('degraded')
    ogmios.start()
    await atTip()
    expect((await svc.json('/readyz')).body.chain).toMatchObject({ status: 'following', reason: null, degradedSince: null })
    expect((await recordedSwaps()).length).toBe(3)
  }, 40_000)

  it('the socket closed mid-stream, again and again: it resumes from its last block, no trade lost or doubled', async () => {
    const hashes = swaps(300)
    ogmios.deliver()
    const first = ogmios.connections
    for (let i = 0; i < 3; i++) {
      await until('a connection', async () => ogmios.connections > first + i - 1)
      await Bun.sleep(40)
      ogmios.closeSockets()
    }
    await atTip()
    const recorded = await recordedSwaps()
    for (const h of hashes) expect(recorded).toContain(h)
    const keys = await tradeKeys()
    expect(new Set(keys).size).toBe(keys.length)
    for (const h of hashes) expect(heard.get(h)).toBe(1)
    expect(ogmios.connections).toBeGreaterThanOrEqual(first + 2)
  }, 60_000)

  it('Ogmios restarting while blocks come: it resumes from its last processed block (several points, newest first)', async () => {
    await ogmios.stop()
    const cursor = (await position()).processed!
    const hashes = swaps(20)
    ogmios.requests.length = 0
    ogmios.start()
    await atTip()
    const intersect = ogmios.requests.find((r) => r.method === 'findIntersection')!
    const points = (intersect.params as { points: Array<{ id: string; slot: number }> }).points
    expect(points[0].id).toBe(cursor.blockHash!)
    expect(points.length).toBeGreaterThan(3)
    for (let i = 1; i < points.length; i++) expect(points[i].slot).toBeLessThan(points[i - 1].slot)
    const recorded = await recordedSwaps()
    for (const h of hashes) expect(heard.get(h)).toBe(1)
    for (const h of hashes) expect(recorded).toContain(h)
  }, 60_000)

  it('an unreadable message is logged once and skipped; nothing is lost', async () => {
    const before = svc.logLines.filter((l) => l.includes('could not be read')).length
    ogmios.sendGarbage(2)
    const hashes = swaps(3)
    ogmios.deliver()
    await atTip()
    expect(svc.logLines.filter((l) => l.includes('could not be read')).length - before).toBe(2)
    expect(await svc.deps.metrics.registry.metrics()).toMatch(/chain_follower_events_total\{event="skipped_message"\} 2/)
    for (const h of hashes) expect(heard.get(h)).toBe(1)
    expect((await svc.json('/readyz')).body.chain.status).toBe('following')
  }, 30_000)

  it('waits between attempts doubling from 1 s, never more than 30 s', () => {
    for (let failures = 1; failures < 40; failures++) {
      const ms = backoffMs(failures, BACKOFF)
      expect(ms).toBeLessThanOrEqual(30_000)
      expect(ms).toBeGreaterThanOrEqual(Math.min(30_000, 1000 * 2 ** (failures - 1)) * 0.8)
    }
  })
})
