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
import { koiosAsset } from '../fake-upstreams/builders'
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
  // SNEK known to the chain API (asset_info), so its detail answers though no DEX source lists it.
  world.koios.assets.push(koiosAsset({ policyId: SNEK.slice(0, 56), assetNameHex: SNEK.slice(56) }))
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

it("adds each followed pool's latest chain price to the token detail", async () => {
  const { status, body } = await svc.json(`/api/v1/tokens/${SNEK}`)
  expect(status).toBe(200)
  expect(body.chainPools.map((p: any) => [p.address, p.dexId, p.name, p.reserveAda, p.reserveToken])).toEqual([
    [s.p1.poolId, 'minswap-v2', 'SNEK / ADA', '1012000000000', '252000250'],
    [s.p2.poolId, 'sundaeswap-v3', 'SNEK / ADA', '202000000000', '49505000'],
  ])
  expect(body.chainPools[0].priceAda).toBeCloseTo(1_012_000 / 252_000_250, 14)
  expect(body.chainPools[1].priceAda).toBeCloseTo(202_000 / 49_505_000, 14)
  expect(body.chainPools[1].blockHeight).toBe(s.chain.tip!.height)
})
