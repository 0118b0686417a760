/**
 * The chain follower end to end against a fake Koios chain (test/chain/support/scenario.ts): what it records
 * and serves (/trades, chain-built /ohlcv) equals the figures worked out by hand there; a garbage datum is
 * skipped; a rollback removes and replaces the orphaned trades; a restart resumes from the cursor; no poll makes
 * more Koios calls than the core plan reserves for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FakeUpstreams } from '../fake-upstreams/server'
import { emptyWorld } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { MIN, scenario, SNEK, type Scenario } from './support/scenario'

const dir = mkdtempSync(join(tmpdir(), 'chain-follower-'))
const ADA_USD = 0.65
let fake: FakeUpstreams
let s: Scenario
let svc: TestService

const env = () => ({ DATABASE_URL: `file:${join(dir, 'chain.db')}`, CHAIN_BACKFILL_HOURS: '1', CHAIN_FOLLOW: 'on' })
// The budget ledger on the moved clock: a 429's cool-down ends when the test moves the clock.
const start = () => startService({ fake, env: env(), ledgerOnClock: true })
const poll = () => svc.deps.chain!.follower.poll()

async function followToTheEnd(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const report = await poll()
    if (report.cursor?.backfill === null && report.cursor.height === s.chain.tip!.height) return
  }
  throw new Error('the follower did not catch up in 10 polls')
}

beforeAll(async () => {
  s = scenario()
  const world = emptyWorld()
  world.koios.chain = s.chain
  world.coingecko.adaPriceAt = () => ADA_USD
  fake = await FakeUpstreams.start({ world })
  svc = await start()
  await followToTheEnd()
})

afterAll(async () => {
  await svc.stop()
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})

const p1Price = (ada: number, snek: number) => ada / snek

describe('chain follower over a fake Koios chain', () => {
  it('serves the swaps newest first, one per pool of a two-pool transaction, without the deposit or the creations', async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${SNEK}/trades`)
    expect(status).toBe(200)
    expect(body.asset).toBe(SNEK)
    expect(body.count).toBe(3)
    const [a, b, c] = body.trades
    // h3: both pools in one tx (same hash), in either order; then h1.
    expect(a.txHash).toBe(b.txHash)
    const byPool = new Map([a, b].map((t: any) => [t.pool.address, t]))
    expect(byPool.get(s.p1.poolId)).toMatchObject({
      blockHeight: s.first + 3,
      time: s.timeOf(3),
      side: 'sell',
      amountToken: '2000000',
      amountQuote: '8100000000',
      quoteSymbol: 'ADA',
      source: 'chain',
      pool: { address: s.p1.poolId, dexId: 'minswap-v2', name: 'SNEK / ADA' },
    })
    expect(byPool.get(s.p1.poolId).priceQuote).toBeCloseTo(p1Price(1_012_000, 252_000_250), 12)
    expect(byPool.get(s.p2.poolId)).toMatchObject({ side: 'buy', amountToken: '249000', amountQuote: '1000000000', pool: { dexId: 'sundaeswap-v3' } })
    expect(byPool.get(s.p2.poolId).priceQuote).toBeCloseTo(201_000 / 49_751_000, 12)
    expect(c).toMatchObject({ blockHeight: s.first + 1, side: 'buy', amountToken: '2475000', amountQuote: '10000000000' })
    expect(c.priceQuote).toBeCloseTo(1_010_000 / 247_525_000, 12)
    expect(c.priceUsd).toBeCloseTo((1_010_000 / 247_525_000) * ADA_USD, 12)
    expect(body.asOf).toMatchObject({ blockHeight: s.chain.tip!.height, blockHash: s.chain.tip!.hash, time: s.chain.tip!.time })
    expect(body.coverage).toContain('minswap-v2, sundaeswap-v3')
  })

  it('reads datum-hash pools through datum_info, with the token’s decimals', async () => {
    const { body } = await svc.json(`/api/v1/tokens/${MIN}/trades`)
    expect(body.count).toBe(1)
    expect(body.trades[0]).toMatchObject({ side: 'sell', amountToken: '250000000000', amountQuote: '4950495049', pool: { address: s.p3.poolId, dexId: 'minswap-v1' } })
    expect(body.trades[0].priceQuote).toBeCloseTo(495_049.504951 / 25_250_000, 12)
    expect(fake.count('koios', '/datum_info')).toBeGreaterThan(0)
  })

  it('filters by pool and before, and refuses bad input with a hint', async () => {
    const onlyP2 = await svc.json(`/api/v1/tokens/${SNEK}/trades?pool=${s.p2.poolId}`)
    expect(onlyP2.body.trades.map((t: any) => t.pool.address)).toEqual([s.p2.poolId])
    const older = await svc.json(`/api/v1/tokens/${SNEK}/trades?before=${s.timeOf(3)}&limit=5`)
    expect(older.body.trades.map((t: any) => t.blockHeight)).toEqual([s.first + 1])
    const limited = await svc.json(`/api/v1/tokens/${SNEK}/trades?limit=1`)
    expect(limited.body.count).toBe(1)
    for (const [query, code] of [['limit=0', 'invalid_limit'], ['limit=501', 'invalid_limit'], ['before=abc', 'invalid_before'], ['pool=xyz', 'invalid_pool_address']]) {
      const res = await svc.json(`/api/v1/tokens/${SNEK}/trades?${query}`)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(code)
      expect(res.body.hint.length).toBeGreaterThan(10)
    }
    expect((await svc.json(`/api/v1/tokens/zz/trades`)).body.code).toBe('invalid_asset_unit')
    const unknown = await svc.json(`/api/v1/tokens/${'ab'.repeat(28)}/trades`)
    expect(unknown.status).toBe(404)
    const noPool = await svc.json(`/api/v1/tokens/${SNEK}/trades?pool=${'cd'.repeat(60)}`)
    expect([noPool.status, noPool.body.code]).toEqual([404, 'pool_not_followed'])
  })

  it('skips the garbage datum with a warning and a metric, and keeps following', async () => {
    expect(svc.logLines.some((l) => l.includes('pool output skipped'))).toBe(true)
    const metrics = await svc.deps.metrics.registry.metrics()
    expect(metrics).toMatch(/chain_follower_events_total\{event="skipped_output"\} 1/)
  })

  it('charts the deepest followed pool from its updates: open = previous close, volume from swaps only', async () => {
    const { status, body } = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=1m&quote=ada&limit=500`)
    expect(status).toBe(200)
    expect(body.pool).toEqual({ address: s.p1.poolId, dexId: 'minswap-v2', name: 'SNEK / ADA' })
    expect(body.quote).toBe('ADA')
    expect(body.coverage).toContain('built by this service')
    expect(body.poolChoices.map((p: any) => p.address)).toEqual([s.p1.poolId, s.p2.poolId])
    const minute = Math.floor(s.timeOf(0) / 60) * 60
    const p0 = 1_000_000 / 250_000_000
    const ph1 = 1_010_000 / 247_525_000
    const ph2 = 1_020_100 / 250_000_250
    const ph3 = 1_012_000 / 252_000_250
    expect(body.candles).toHaveLength(2)
    const [m1, m2] = body.candles
    expect(m1.time).toBe(minute)
    expect(m1.open).toBeCloseTo(p0, 14)
    expect(m1.high).toBeCloseTo(Math.max(p0, ph1, ph2), 14)
    expect(m1.low).toBeCloseTo(p0, 14)
    expect(m1.close).toBeCloseTo(ph2, 14)
    expect(m1.volume).toBeCloseTo(10_000, 9) // the h1 swap; the deposit adds none
    expect(m2.time).toBe(minute + 60)
    expect(m2.open).toBeCloseTo(ph2, 14) // previous close
    expect(m2.close).toBeCloseTo(ph3, 14)
    expect(m2.low).toBeCloseTo(Math.min(ph2, ph3), 14)
    expect(m2.volume).toBeCloseTo(8_100, 9)
    const usd = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=1m&limit=500`)
    expect(usd.body.quote).toBe('USD')
    expect(usd.body.candles[1].close).toBeCloseTo(ph3 * ADA_USD, 14)
    expect(usd.body.candles[1].volume).toBeCloseTo(8_100 * ADA_USD, 9)
    // The other pool on request; no source B call for either.
    const other = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=1h&quote=ada&pool=${s.p2.poolId}`)
    expect(other.body.pool.address).toBe(s.p2.poolId)
    expect(other.body.candles[0].volume).toBeCloseTo(1_000, 9)
    expect(fake.count('geckoterminal', '/networks/cardano/pools/')).toBe(0)
  })

  it('removes the trades of orphaned blocks after a rollback and reads the new branch', async () => {
    const heard: string[] = []
    const stop = svc.deps.chain!.follower.onTrades((swaps) => heard.push(...swaps.map((u) => u.txHash)))
    const rolledBack: number[] = []
    const stopRollbacks = svc.deps.chain!.follower.onRollback((height) => rolledBack.push(height))
    const tip = s.chain.tip!.height
    s.chain.addBlock([[{ pool: s.p1, reserveA: 1_013_000_000_000n, reserveB: 251_751_000n }]]) // buy 249,250 SNEK
    await poll()
    let trades = (await svc.json(`/api/v1/tokens/${SNEK}/trades?limit=1&pool=${s.p1.poolId}&before=${s.chain.tip!.time + 1}`)).body.trades
    expect(trades[0]).toMatchObject({ blockHeight: tip + 1, side: 'buy', amountToken: '249250' })
    const orphan = trades[0].txHash
    s.chain.rollbackTo(tip, s.pools)
    s.chain.addBlock([[{ pool: s.p1, reserveA: 1_011_000_000_000n, reserveB: 252_250_000n }]]) // sell 249,750 SNEK
    s.chain.addBlock([])
    const report = await poll()
    expect(report.rolledBackFrom).toBe(tip + 1)
    trades = (await svc.json(`/api/v1/tokens/${SNEK}/trades?limit=1&pool=${s.p1.poolId}&before=${s.chain.tip!.time + 2}`)).body.trades
    expect(trades[0]).toMatchObject({ blockHeight: tip + 1, side: 'sell', amountToken: '249750', amountQuote: '1000000000' })
    expect(trades[0].txHash).not.toBe(orphan)
    const all = (await svc.json(`/api/v1/tokens/${SNEK}/trades?limit=500&before=${s.chain.tip!.time + 3}`)).body.trades
    expect(all.some((t: any) => t.txHash === orphan)).toBe(false)
    // The live listener heard both swaps once each (the orphaned one, then its replacement).
    stop()
    stopRollbacks()
    expect(heard).toEqual([orphan, trades[0].txHash])
    expect(rolledBack).toEqual([tip + 1])
  })

  it('retries a Koios fault at the next poll and serves what it has meanwhile, asOf telling how fresh', async () => {
    const cursor = (await poll()).cursor!
    s.chain.addBlock([[{ pool: s.p3, reserveA: 500_000_000_000n, reserveB: 25_002_475_247_525n }]]) // buy MIN back
    fake.fail('koios', 'server_error')
    const failed = await poll()
    expect(failed.cursor).toBeNull()
    const during = await svc.json(`/api/v1/tokens/${MIN}/trades?limit=50`)
    expect(during.status).toBe(200)
    expect(during.body.asOf.blockHeight).toBe(cursor.height)
    expect(await svc.deps.metrics.registry.metrics()).toMatch(/chain_follower_events_total\{event="poll_failed"\} [1-9]/)
    fake.heal('koios')
    const next = await poll()
    expect(next.cursor!.height).toBe(s.chain.tip!.height)
    const after = await svc.json(`/api/v1/tokens/${MIN}/trades?limit=51`)
    expect(after.body.trades[0]).toMatchObject({ side: 'buy', blockHeight: s.chain.tip!.height, amountQuote: '4950495049' })
  })

  it('does not pass over a listed transaction that tx_info has not returned yet', async () => {
    const before = (await poll()).cursor!.height
    s.chain.addBlock([[{ pool: s.p3, reserveA: 501_000_000_000n, reserveB: 24_952_569_860_279n }]])
    const tx = s.chain.txs[s.chain.txs.length - 1].txHash
    s.chain.withheld.add(tx)
    s.chain.addBlock([])
    expect((await poll()).cursor!.height).toBe(before)
    s.chain.withheld.clear()
    expect((await poll()).cursor!.height).toBe(s.chain.tip!.height)
    const trades = (await svc.json(`/api/v1/tokens/${MIN}/trades?limit=52`)).body.trades
    expect(trades[0]).toMatchObject({ txHash: tx, side: 'buy', amountQuote: '1000000000' })
  })

  it('makes no Koios call for a minute after a plain 429 (the HTTP client cool-down), then follows again', async () => {
    fake.fail('koios', 'rate_limited', 1) // believed: no retry, the shared ledger cools Koios down for 60 s
    fake.calls.length = 0
    expect((await poll()).cursor).toBeNull()
    expect(fake.count('koios')).toBe(1)
    fake.calls.length = 0
    svc.advance(30_000)
    expect((await poll()).cursor).toBeNull()
    expect(fake.count('koios')).toBe(0)
    svc.advance(31_000)
    expect((await poll()).cursor!.height).toBe(s.chain.tip!.height)
  })

  it('resumes from the cursor after a restart, without reading the backfill again', async () => {
    const cursorBefore = (await svc.deps.chain!.follower.poll()).cursor!.height
    await svc.stop()
    fake.calls.length = 0
    svc = await start()
    s.chain.addBlock([[{ pool: s.p2, reserveA: 202_000_000_000n, reserveB: 49_505_000n }]])
    const report = await poll()
    expect(report.cursor!.height).toBe(s.chain.tip!.height)
    const credentialTxs = fake.callsTo('koios', '/credential_txs')
    expect(credentialTxs.length).toBeGreaterThan(0)
    for (const call of credentialTxs) {
      expect((call.body as any)._after_block_height).toBe(cursorBefore + 1)
      expect(call.query.order).toStartWith('block_height.desc')
    }
    expect(fake.count('koios', '/tx_info')).toBe(1)
    const trades = (await svc.json(`/api/v1/tokens/${SNEK}/trades?pool=${s.p2.poolId}&limit=500`)).body.trades
    expect(trades.map((t: any) => t.amountToken)).toEqual(['246000', '249000'])
  })

  it('never makes more Koios calls in a poll than the core plan reserves for one; over it, the tip first and the rest later, saying behind', async () => {
    const planned = svc.deps.upstreams.plan.koios.inputs.find((i) => i.id === 'chain-follower')!
    const before = (await poll()).cursor!.height
    // 200 swaps in 200 blocks: more tx_info batches than one poll may make.
    for (let i = 0; i < 200; i++) s.chain.addBlock([[{ pool: s.p2, reserveA: 202_000_000_000n + BigInt(i + 1) * 1_000_000n, reserveB: 49_505_000n - BigInt(i + 1) * 200n }]])
    fake.calls.length = 0
    const first = await poll()
    expect(fake.count('koios')).toBeLessThanOrEqual(planned.callsPerRefresh)
    // The tip first: the newest blocks are read, the cursor is at the tip, the older ones are a gap read later.
    expect(first.cursor!.height).toBe(s.chain.tip!.height)
    const gap = first.cursor!.gaps![0] ?? first.cursor!.backfill!
    expect(gap).toMatchObject({ bottom: before, gap: true })
    expect(gap.top).toBeLessThan(s.chain.tip!.height)
    const newest = (await svc.json(`/api/v1/tokens/${SNEK}/trades?pool=${s.p2.poolId}&limit=1&before=${s.chain.tip!.time + 1}`)).body.trades[0]
    expect(newest.blockHeight).toBe(s.chain.tip!.height)
    const behind = (await svc.json('/api/v1/chain/tip')).body.follower
    expect(behind).toMatchObject({ source: 'koios', status: 'behind', behind: { blocks: 0, seconds: 0 } })
    expect(behind.unread[0]).toEqual({ fromHeight: before + 1, toHeight: gap.top })
    expect(behind.reason).toContain('newest were read first')
    let polls = 1
    for (; polls < 20; polls++) {
      fake.calls.length = 0
      const report = await poll()
      expect(fake.count('koios')).toBeLessThanOrEqual(planned.callsPerRefresh)
      expect(report.calls).toBe(fake.count('koios'))
      if (report.cursor!.backfill === null && report.cursor!.gaps!.length === 0) break
    }
    // (another limit than the last test's request: a new answer, not its cached copy)
    const trades = (await svc.json(`/api/v1/tokens/${SNEK}/trades?pool=${s.p2.poolId}&limit=499`)).body.trades
    expect(trades.length).toBe(202)
    expect(await svc.deps.chain!.position.read()).toMatchObject({ status: 'following', unread: [] })
    for (const call of fake.calls.filter((c) => c.method === 'POST')) expect(JSON.stringify(call.body).length).toBeLessThanOrEqual(1000)
  }, 60_000)
})
