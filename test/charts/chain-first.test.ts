/**
 * Source B only for what the chain cannot give. At source B's real budget (GECKOTERMINAL_RPM=10: 3 calls a minute
 * for the screener's batches, 7 for everyone else, half of that for one client), one client opens 12 followed curated
 * tokens' details and default charts in a row: every answer is complete (no `missing` for source B), since the
 * detail takes a followed token's source B pools from the screener's batch (a core read) and a chart the chain can
 * fill reads no source B candles. Then, at an open budget: the default pool of a token whose deepest followed pool is
 * twelve hours old beside one with months of history is the one with history; and chain-built candles leave hours
 * without trades out, each candle at its own hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import registry from '../../src/registry/tokens.json'
import { LOVELACE } from '../../src/chain/types'
import { FakeChain, type FakePool } from '../fake-upstreams/chain'
import { defaultWorld, SAMPLE, type World } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { existedBefore } from '../chain/support/existing-pool'
import { swap } from '../chain-tokens/support/ledger'

const HOUR = 3600
const dir = mkdtempSync(join(tmpdir(), 'chain-first-'))
/** Twelve curated tokens the follower records a Minswap V2 pool of, created ten hours ago. */
const TWELVE = registry.filter((t) => t.unit !== SAMPLE.snek).slice(0, 12).map((t) => t.unit)
let now: number
/** Per token, the start of each hour its pool was created or traded in. */
const tradedHours = new Map<string, number[]>()

/** Blocks 20 s apart over ten hours; each token's pool created in the first hour, then a swap an hour on 3 tokens in 4. */
function tenHours(world: World): FakeChain {
  now = Math.floor(Date.now() / 1000)
  const start = Math.floor((now - 10 * HOUR) / HOUR) * HOUR + 100
  const chain = new FakeChain(50_000_000, start, 20)
  const pools = TWELVE.map((unit) => chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: unit, reserveA: 80_000_000_000n, reserveB: 4_000_000_000_000n, lpSupply: 1_000_000_000n }))
  chain.addBlock(pools.map((p) => [{ pool: p, reserveA: p.spec.reserveA, reserveB: p.spec.reserveB }]))
  TWELVE.forEach((unit) => tradedHours.set(unit, [Math.floor(start / HOUR) * HOUR]))
  for (let hour = 1; hour < 10; hour++) {
    chain.growTo(chain.firstHeight + hour * 180 - 1)
    const trading = pools.filter((_, i) => (i + hour) % 4 !== 0)
    chain.addBlock(trading.map((p) => [toMove(swap(p, 0.01, hour % 2 === 0))]))
    for (const p of trading) tradedHours.get(p.spec.assetB)!.push(Math.floor(chain.tip!.time / HOUR) * HOUR)
  }
  chain.growTo(chain.firstHeight + Math.floor((now - start) / 20))
  // Source B knows the same pools (a Minswap V2 pool's id is its address), created when the chain created them; these
  // tokens trade on no DEX the follower does not read (source A's pairs aside): the chain can fill their charts.
  world.geckoterminal.pools = world.geckoterminal.pools.filter((pool) => {
    const base = String(pool.relationships.base_token.data.id).replace('cardano_', '')
    return !TWELVE.includes(base) || pools.some((p) => p.poolId === pool.attributes.address)
  })
  for (const pool of world.geckoterminal.pools) {
    if (pools.some((p) => p.poolId === pool.attributes.address)) pool.attributes.pool_created_at = new Date(start * 1000).toISOString().replace('.000', '')
  }
  return chain
}

const toMove = (step: ReturnType<typeof swap>) => ({ pool: step.pool, reserveA: step.a, reserveB: step.b })

async function follow(svc: TestService, tip: number): Promise<void> {
  for (let i = 0; i < 60 && ((await svc.deps.chain!.follower.poll()).cursor?.backfill ?? null) !== null; i++);
  expect((await svc.deps.chain!.follower.poll()).cursor?.height).toBe(tip)
}

describe('12 followed tokens at source B’s real budget', () => {
  let svc: TestService

  beforeAll(async () => {
    const world = defaultWorld()
    world.koios.chain = tenHours(world)
    svc = await startService({ world, env: { GECKOTERMINAL_RPM: '10', DATABASE_URL: `file:${join(dir, 'twelve.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '11', KOIOS_RPM: '6000' } })
    await follow(svc, world.koios.chain.tip!.height)
  }, 60_000)

  afterAll(() => svc.stop())

  it('answers each detail and default chart complete, with the chain figures, spending no source B call of the client’s', async () => {
    svc.fake.resetCalls()
    for (const unit of TWELVE) {
      const detail = await svc.json(`/api/v1/tokens/${unit}`)
      expect([unit, detail.status, detail.body.missing]).toEqual([unit, 200, []])
      expect(detail.body.chain).toMatchObject({ address: unit, pairCount: 1, curated: true })
      expect(detail.body.chainPools).toHaveLength(1)
      const chart = await svc.json(`/api/v1/tokens/${unit}/ohlcv`)
      expect([unit, chart.status, chart.body.missing]).toEqual([unit, 200, []])
      // The pool's whole life is on chain: a candle for its creation's hour and each hour it traded, all built from the chain.
      expect(chart.body.pool.address).toBe(detail.body.chain.topPairAddress)
      expect(chart.body.candles.map((c: { time: number }) => c.time)).toEqual(tradedHours.get(unit))
      expect(chart.body.candles.every((c: { source: string }) => c.source === 'chain')).toBe(true)
    }
    // The twelve are in one screener batch: one tokens/multi call in the core lane, no pool list, no candles.
    expect(svc.fake.count('geckoterminal', '/networks/cardano/tokens/multi/')).toBe(1)
    expect(svc.fake.count('geckoterminal')).toBe(1)
    const metrics = await (await svc.get('/metrics')).text()
    expect(metrics).not.toMatch(/upstream_calls_total\{upstream="geckoterminal",lane="long_tail"\} [1-9]/)
  })
})

describe('the default chart pool and gaps', () => {
  let svc: TestService
  const unit = SAMPLE.snek
  let deep: FakePool
  let old: FakePool
  let swapHours: number[] = []

  beforeAll(async () => {
    const world = defaultWorld()
    now = Math.floor(Date.now() / 1000)
    const start = Math.floor((now - 20 * HOUR) / HOUR) * HOUR + 60
    const chain = new FakeChain(60_000_000, start, 20)
    // The Minswap V2 pool source B has held for months; a Splash pool three times deeper, created twelve hours ago.
    old = chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: unit, reserveA: 100_000_000_000n, reserveB: 3_000_000_000_000n, lpSupply: 1_000_000_000n })
    existedBefore(chain, old)
    deep = chain.pool({ dex: 'splash', assetA: LOVELACE, assetB: unit, reserveA: 300_000_000_000n, reserveB: 9_000_000_000_000n, lpSupply: 1_000_000_000n })
    const at = (hour: number) => chain.growTo(chain.firstHeight + hour * 180 - 1)
    chain.addBlock([[toMove(swap(old, 0.001, true))]])
    // The old pool trades at hours 0, 1, 5, 6 and 7: none at 2, 3 and 4.
    for (const hour of [1, 5, 6, 7]) {
      at(hour)
      chain.addBlock([[toMove(swap(old, 0.002, hour % 2 === 0))]])
    }
    swapHours = [0, 1, 5, 6, 7].map((h) => Math.floor((start + h * 180 * 20) / HOUR) * HOUR)
    at(8)
    chain.addBlock([[{ pool: deep, reserveA: deep.spec.reserveA, reserveB: deep.spec.reserveB }]])
    for (let hour = 9; hour < 20; hour++) {
      at(hour)
      chain.addBlock([[toMove(swap(deep, 0.001, hour % 2 === 1))]])
    }
    chain.growTo(chain.firstHeight + Math.floor((now - start) / 20))
    world.koios.chain = chain
    // Source B: its reserve of the old pool is less than the Splash pool's chain liquidity in USD, and 290 hours of candles.
    const listed = world.geckoterminal.pools.find((p) => p.attributes.address === old.poolId)!
    listed.attributes.reserve_in_usd = '50000'
    listed.attributes.pool_created_at = '2025-01-01T00:00:00Z'
    const hourNow = Math.floor(now / HOUR) * HOUR
    world.geckoterminal.ohlcv.set(`${old.poolId}|hour|1`, Array.from({ length: 290 }, (_, i) => [hourNow - i * HOUR, 0.02, 0.021, 0.019, 0.02, 100 + i]))
    svc = await startService({ world, env: { DATABASE_URL: `file:${join(dir, 'default.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '21', KOIOS_RPM: '6000' } })
    await follow(svc, chain.tip!.height)
  }, 60_000)

  afterAll(() => svc.stop())

  it('is the followed pool with the most chain liquidity and history, not a deeper one of twelve hours', async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv`)
    expect(status).toBe(200)
    expect(body.pool.address).toBe(old.poolId)
    const choices = body.poolChoices.map((p: { address: string }) => p.address)
    expect(choices[0]).toBe(old.poolId)
    expect(choices).toContain(deep.poolId)
    // Source B's hours before the follower's first record (its hour: the seam), the chain's from it on.
    const seam = swapHours[0]
    const hourNow = Math.floor(now / HOUR) * HOUR
    const fromB = Array.from({ length: 290 }, (_, i) => hourNow - i * HOUR).filter((t) => t < seam).reverse()
    expect(body.candles.map((c: { time: number }) => c.time)).toEqual([...fromB, ...swapHours])
    expect(body.candles.length).toBeGreaterThan(270)
    const other = await svc.json(`/api/v1/tokens/${unit}/ohlcv?pool=${deep.poolId}`)
    expect(other.body.candles.length).toBeLessThanOrEqual(12)
  })

  it('leaves hours without trades out: each chain-built candle at its own hour', async () => {
    const { body } = await svc.json(`/api/v1/tokens/${unit}/ohlcv?pool=${old.poolId}&tf=1h&limit=300`)
    const chain = body.candles.filter((c: { source: string }) => c.source === 'chain')
    expect(chain.map((c: { time: number }) => c.time)).toEqual(swapHours)
    // No candle stands in for the three quiet hours.
    expect(chain[2].time - chain[1].time).toBe(4 * HOUR)
  })
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))
