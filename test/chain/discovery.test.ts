/**
 * The discovery pass: with no backfill at all, the follower still finds every current pool of the curated tokens
 * (credential_utxos), so a token whose pools are all on source A's DEXes (none on source B) gets a 200 chart
 * listing its followed pools instead of 404 and trades appear as the pools trade.
 */
import { afterAll, beforeAll, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FakeUpstreams } from '../fake-upstreams/server'
import { emptyWorld } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { scenario, SNEK, type Scenario } from './support/scenario'

const dir = mkdtempSync(join(tmpdir(), 'chain-discovery-'))
let fake: FakeUpstreams
let svc: TestService
let s: Scenario

beforeAll(async () => {
  s = scenario()
  const world = emptyWorld()
  world.koios.chain = s.chain
  fake = await FakeUpstreams.start({ world })
  svc = await startService({ fake, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '0' } })
})

afterAll(async () => {
  await svc.stop()
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

it('finds every current pool without a backfill, and charts the token from the chain instead of 404', async () => {
  const before = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?limit=10`)
  expect([before.status, before.body.code]).toEqual([404, 'no_chartable_pool'])
  const report = await svc.deps.chain!.follower.poll()
  expect(report.discovered).toBe(3)
  expect(report.cursor!.discovery).toBeNull()
  const { status, body } = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?limit=11`)
  expect(status).toBe(200)
  // Deepest first by the ADA reserve read from the current UTxOs: P1 1,012,000 ADA, P2 201,000 ADA.
  expect(body.poolChoices.map((p: any) => [p.address, p.dexId])).toEqual([[s.p1.poolId, 'minswap-v2'], [s.p2.poolId, 'sundaeswap-v3']])
  expect(body.candles).toEqual([]) // nothing recorded yet: no synthetic bar from a pool state
  expect((await svc.json(`/api/v1/tokens/${SNEK}/trades`)).body.count).toBe(0)
  s.chain.addBlock([[{ pool: s.p2, reserveA: 202_000_000_000n, reserveB: 49_505_000n }]])
  await svc.deps.chain!.follower.poll()
  const trades = (await svc.json(`/api/v1/tokens/${SNEK}/trades?limit=7`)).body
  expect(trades.trades.map((t: any) => [t.side, t.amountToken, t.amountQuote])).toEqual([['buy', '246000', '1000000000']])
  expect(fake.callsTo('koios', '/credential_utxos').every((c) => (c.body as any)._extended === true)).toBe(true)
})
