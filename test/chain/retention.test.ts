/**
 * Hourly candles and retention on the service’s moved clock: three days of swaps on two pools (one every 10
 * minutes, read by the backfill, newest first) give the hourly candles worked out here from the generated moves;
 * with CHAIN_RETENTION_DAYS=1 the updates older than the horizon are rolled up: none is left, the hourly candles
 * over the horizon (and the 4h, 1d and 1w ones built from them) are still those, /trades pages back to the horizon
 * and says so, and a later roll-up (the clock moved on) carries on from the last rolled-up close. An update inside
 * the chain figures' 24 h window (up to the newest block) waits for the window to move on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { LOVELACE } from '../../src/chain/types'
import type { CommunityDatabase } from '../../src/db/client'
import { FakeChain, type FakePool, type PoolMove } from '../fake-upstreams/chain'
import { emptyWorld } from '../fake-upstreams/world'
import { startService, type TestService } from '../helpers'
import { SNEK } from './support/scenario'
import { seededRandom } from '../support/seeded-random'

const dir = mkdtempSync(join(tmpdir(), 'chain-retention-'))
const DAY_MS = 86_400_000
let svc: TestService
let chain: FakeChain
let pools: FakePool[]
/** Every swap's block time, as generated. */
const swapTimes: number[] = []
/** Each pool's moves as generated: time, ADA per SNEK after it (0 decimals), the ADA a swap moved. */
const moves: Array<Array<{ time: number; price: number; volume: number }>> = [[], []]

/** Three days of blocks ten minutes apart, each with a swap on one of the two pools (seeded, the same every run). */
function threeDays(nowMs: number): void {
  const start = Math.floor(nowMs / 1000) - 3 * 86_400
  chain = new FakeChain(30_000_000, start, 600)
  pools = [
    chain.pool({ dex: 'minswap-v2', assetA: LOVELACE, assetB: SNEK, reserveA: 900_000_000_000n, reserveB: 220_000_000n, lpSupply: 10_000_000_000n }),
    chain.pool({ dex: 'splash', assetA: LOVELACE, assetB: SNEK, reserveA: 90_000_000_000n, reserveB: 22_000_000n, lpSupply: 1_000_000_000n }),
  ]
  const created = chain.addBlock(pools.map((p) => [{ pool: p, reserveA: p.spec.reserveA, reserveB: p.spec.reserveB }]))
  pools.forEach((p, k) => moves[k].push({ time: created.time, price: Number(p.spec.reserveA) / 1e6 / Number(p.spec.reserveB), volume: 0 }))
  const random = seededRandom(7)
  for (let i = 1; i < 3 * 144; i++) {
    const pool = pools[i % 3 === 0 ? 1 : 0]
    const { reserveA, reserveB, lpSupply } = pool.spec
    let move: PoolMove
    if (i % 50 === 0) move = { pool, reserveA: (reserveA * 101n) / 100n, reserveB: (reserveB * 101n) / 100n, lpSupply: (lpSupply * 101n) / 100n }
    else if (random() < 0.5) {
      const ada = BigInt(Math.round(Number(reserveA) * (0.001 + random() * 0.01)))
      move = { pool, reserveA: reserveA + ada, reserveB: (reserveA * reserveB) / (reserveA + ada) }
    } else {
      const tokens = BigInt(Math.round(Number(reserveB) * (0.001 + random() * 0.01)))
      move = { pool, reserveA: (reserveA * reserveB) / (reserveB + tokens), reserveB: reserveB + tokens }
    }
    const block = chain.addBlock([[move]], { time: start + i * 600 + Math.floor(random() * 300) })
    if (i % 50 !== 0) swapTimes.push(block.time)
    const volume = i % 50 === 0 ? 0 : Math.abs(Number(move.reserveA - reserveA)) / 1e6
    moves[pools.indexOf(pool)].push({ time: block.time, price: Number(move.reserveA) / 1e6 / Number(move.reserveB), volume })
  }
  chain.growTo(chain.tip!.height + 3)
}

const ohlcv = async (tf: string, limit: number) => {
  const { status, body } = await svc.json(`/api/v1/tokens/${SNEK}/ohlcv?tf=${tf}&quote=ada&limit=${limit}&pool=${pools[0].poolId}`)
  expect(status).toBe(200)
  return body.candles as Array<{ time: number; open: number; high: number; low: number; close: number; volume: number }>
}

function expectSameCandles(after: Awaited<ReturnType<typeof ohlcv>>, before: Awaited<ReturnType<typeof ohlcv>>): void {
  expect(after.map((c) => c.time)).toEqual(before.map((c) => c.time))
  after.forEach((c, i) => {
    for (const field of ['open', 'high', 'low', 'close'] as const) expect(c[field]).toBeCloseTo(before[i][field], 14)
    expect(c.volume).toBeCloseTo(before[i].volume, 6)
  })
}

/**
 * The hourly candles of a pool worked out here from its generated moves: one per hour with a move, opened by the
 * previous hour's close; high and low over the open and the prices; volume of the swaps.
 */
function expectedHours(pool: number) {
  const out: Array<{ time: number; open: number; high: number; low: number; close: number; volume: number }> = []
  for (const m of moves[pool]) {
    const hour = Math.floor(m.time / 3600) * 3600
    let last = out.at(-1)
    if (last?.time !== hour) {
      const open = last?.close ?? m.price
      out.push((last = { time: hour, open, high: open, low: open, close: open, volume: 0 }))
    }
    last.high = Math.max(last.high, m.price)
    last.low = Math.min(last.low, m.price)
    last.close = m.price
    last.volume += m.volume
  }
  return out
}

let moved = 0
/** The horizon as the test works it out: one day back from the service's (moved) clock, down to the hour. */
const expectedHorizon = () => Math.floor((Math.floor((Date.now() + moved) / 1000) - 86_400) / 3600) * 3600

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await (svc.deps.database as CommunityDatabase).read((db) => db.all<{ n: number }>(query)))[0] as { n: number }).n)

beforeAll(async () => {
  threeDays(Date.now())
  const world = emptyWorld()
  world.koios.chain = chain
  svc = await startService({ world, env: { DATABASE_URL: `file:${join(dir, 'c.db')}`, CHAIN_FOLLOW: 'on', CHAIN_BACKFILL_HOURS: '80', CHAIN_RETENTION_DAYS: '1', KOIOS_RPM: '6000' } })
  for (let i = 0; i < 60 && (await svc.deps.chain!.follower.poll()).cursor?.backfill !== null; i++);
}, 60_000)

afterAll(async () => {
  await svc.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('retention of the chain records', () => {
  let hourly: Awaited<ReturnType<typeof ohlcv>>
  let longer: Record<string, Awaited<ReturnType<typeof ohlcv>>>

  it('keeps every hour’s candle as the updates are read (newest first by the backfill)', async () => {
    expect(await count(sql`SELECT count(*) AS n FROM pool_updates`)).toBe(3 * 144 + 1)
    hourly = await ohlcv('1h', 500)
    expectSameCandles(hourly, expectedHours(0))
    const hours = new Set(moves.flatMap((list, k) => list.map((m) => `${k}:${Math.floor(m.time / 3600)}`)))
    expect(await count(sql`SELECT count(*) AS n FROM pool_candles`)).toBe(hours.size)
    longer = { '4h': await ohlcv('4h', 30), '1d': await ohlcv('1d', 10), '1w': await ohlcv('1w', 3) }
  })

  it('rolls the updates older than the horizon up into hourly candles equal to those the updates gave', async () => {
    const report = await svc.deps.chain!.retention.step()
    const horizon = expectedHorizon()
    expect(report.rolled).toBeGreaterThan(100)
    expect(await count(sql`SELECT count(*) AS n FROM pool_updates WHERE block_time < ${horizon}`)).toBe(0)
    expect(await count(sql`SELECT count(*) AS n FROM pool_updates WHERE block_time >= ${horizon}`)).toBeGreaterThan(100)
    // The hours' candles stay as they were: none was added or lost.
    const hours = new Set(moves.flatMap((list, k) => list.map((m) => `${k}:${Math.floor(m.time / 3600)}`)))
    expect(await count(sql`SELECT count(*) AS n FROM pool_candles`)).toBe(hours.size)

    expectSameCandles(await ohlcv('1h', 499), expectedHours(0))
    for (const [tf, candles] of Object.entries(longer)) expectSameCandles(await ohlcv(tf, candles.length + 1).then((c) => c.slice(-candles.length)), candles)
  })

  it('pages trades back to the horizon and says where it is', async () => {
    const horizon = expectedHorizon()
    const { body } = await svc.json(`/api/v1/tokens/${SNEK}/trades?limit=500`)
    expect(body.retention).toEqual({ days: 1, horizon })
    // Every generated swap moves one reserve up and the other down: none nets out, each is a trade.
    expect(body.count).toBe(swapTimes.filter((t) => t >= horizon).length)
    expect(Math.min(...body.trades.map((t: { time: number }) => t.time))).toBeGreaterThanOrEqual(horizon)
  })

  it('keeps the updates of the chain figures’ 24 h window while the chain stands still', async () => {
    svc.advance(DAY_MS / 2)
    moved += DAY_MS / 2
    // The newest block is half a day old by the moved clock: its 24 h window reaches past the horizon.
    const start = chain.tip!.time - 86_400
    await svc.deps.chain!.retention.step()
    expect(await count(sql`SELECT count(*) AS n FROM pool_updates WHERE block_time > ${start}`)).toBe(moves.flat().filter((m) => m.time > start).length)
    // Rolled up to the whole hour holding the window's start, not to the horizon.
    expect(await count(sql`SELECT count(*) AS n FROM pool_updates WHERE block_time < ${Math.floor(start / 3600) * 3600}`)).toBe(0)
    expect(await count(sql`SELECT count(*) AS n FROM pool_updates WHERE block_time < ${expectedHorizon()}`)).toBeGreaterThan(20)
  })

  it('carries on from the last rolled-up close when the clock and the chain have moved on', async () => {
    svc.advance(3_600_000 + 1) // past the retention's next check
    moved += 3_600_000 + 1
    chain.addBlock([], { time: Math.floor((Date.now() + moved) / 1000) })
    await svc.deps.chain!.follower.poll()
    const report = await svc.deps.chain!.retention.step()
    expect(report.rolled).toBeGreaterThan(20)
    const horizon = expectedHorizon()
    expect(await count(sql`SELECT count(*) AS n FROM pool_updates WHERE block_time < ${horizon}`)).toBe(0)
    expectSameCandles(await ohlcv('1h', 498), expectedHours(0))
    expectSameCandles(await ohlcv('1d', 9), longer['1d'])
    // Nothing left to roll up: the next step within the hour does not even look.
    expect(await svc.deps.chain!.retention.step()).toEqual({ rolled: 0 })
  })
})
