/**
 * The chain figures kept by the store itself (record, setCursor, rollback, retention), whatever source calls it:
 * a seeded random run of live batches, backfill pages (older blocks, newest first), re-reads, cursor moves with and
 * without updates and rollbacks, and after every step each token's stored figures equal those worked out here from
 * scratch over every update kept: the window is the 24 h up to the newest block recorded (or, after a rollback, up
 * to the cursor's block). Also: a store with records but no figures (a database from before them) builds them once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { ChainFiguresReader } from '../../src/chain/figures-read'
import { rollUpPass } from '../../src/chain/retention'
import { ChainStore, type Cursor } from '../../src/chain/store'
import { CommunityDatabase } from '../../src/db/client'
import type { ChainPoolRow, PoolUpdateRow } from '../../src/db/schema'
import { Logger, memorySink } from '../../src/observability/logger'
import { seededRandom } from '../support/seeded-random'

const DAY = 86_400
const dir = mkdtempSync(join(tmpdir(), 'figures-upkeep-'))
let database: CommunityDatabase
let store: ChainStore
let reader: ChainFiguresReader

const TOKENS = ['aa', 'bb', 'cc', 'dd'].map((b) => b.repeat(28) + '544f4b')
/** Six pools over four tokens: a token with two pools, one with three. */
const POOLS = [0, 0, 1, 2, 2, 2, 3].map((t, i) => ({ poolId: `${(i + 10).toString(16).padStart(2, '0')}`.repeat(30), token: TOKENS[t], dex: ['minswap-v2', 'splash', 'sundaeswap-v3'][i % 3] }))

/** Every update the store holds, as the test recorded it (a rollback drops some). */
let kept: PoolUpdateRow[] = []
/** Each pool's newest state recorded (outlives its updates' retention). */
const states = new Map<string, PoolUpdateRow>()
/** Pools' creation times the store read (kept by the pool rows past the retention of the updates). */
const creations = new Map<string, { height: number; time: number }>()
/** The newest block time the store was told of (the window's end), as the test tracks it. */
let end: number | null = null

const T0 = 1_700_000_000
const timeOf = (height: number) => T0 + height * 20

function updateAt(pool: (typeof POOLS)[number], height: number, index: number, random: () => number, previous: PoolUpdateRow | undefined): PoolUpdateRow {
  const ada = previous === undefined ? BigInt(1_000 + Math.floor(random() * 100_000)) * 1_000_000n : BigInt(previous.reserveAda)
  const tok = previous === undefined ? BigInt(1 + Math.floor(random() * 1e9)) : BigInt(previous.reserveToken)
  const r = random()
  const kind = previous === undefined ? 'created' : r < 0.7 ? 'swap' : r < 0.85 ? 'deposit' : 'other'
  let nextAda = ada
  let nextTok = tok
  let side: string | null = null
  if (kind === 'swap') {
    const buy = random() < 0.5
    const dA = (ada * BigInt(1 + Math.floor(random() * 50))) / 1000n
    nextAda = buy ? ada + dA : ada - dA
    nextTok = buy ? (ada * tok) / nextAda : (ada * tok) / nextAda + 1n
    side = random() < 0.1 ? null : buy ? 'buy' : 'sell'
  } else if (kind === 'deposit') {
    nextAda = (ada * 11n) / 10n
    nextTok = (tok * 11n) / 10n
  }
  const amountAda = side === null && kind === 'swap' ? null : kind === 'swap' ? String(nextAda > ada ? nextAda - ada : ada - nextAda) : null
  return {
    txHash: `${height.toString(16).padStart(8, '0')}${index.toString(16).padStart(4, '0')}${pool.poolId.slice(0, 4)}`.padEnd(64, '0'),
    poolId: pool.poolId,
    tokenUnit: pool.token,
    blockHeight: height,
    blockHash: `h${height}`,
    blockTime: timeOf(height),
    blockIndex: index,
    kind,
    reserveAda: String(nextAda),
    reserveToken: String(nextTok),
    adaPerUnit: nextTok === 0n ? null : Number(nextAda) / 1e6 / Number(nextTok),
    side: kind === 'swap' ? side : null,
    amountToken: null,
    amountAda: kind === 'swap' ? (amountAda ?? String(nextAda > ada ? nextAda - ada : ada - nextAda)) : null,
  }
}

const poolRow = (u: PoolUpdateRow, dex: string): ChainPoolRow => ({
  poolId: u.poolId,
  dex,
  tokenUnit: u.tokenUnit,
  identityUnit: u.poolId,
  reserveAda: u.reserveAda,
  reserveToken: u.reserveToken,
  lastHeight: u.blockHeight,
  lastTime: u.blockTime,
  lastTxHash: u.txHash,
  lpSupply: null,
  feeBpsAdaIn: null,
  feeBpsTokenIn: null,
  createdHeight: u.kind === 'created' ? u.blockHeight : null,
  createdHash: u.kind === 'created' ? u.blockHash : null,
  createdTime: u.kind === 'created' ? u.blockTime : null,
  createdTxHash: u.kind === 'created' ? u.txHash : null,
  initialReserveAda: u.kind === 'created' ? u.reserveAda : null,
  initialReserveToken: u.kind === 'created' ? u.reserveToken : null,
})

const order = (a: PoolUpdateRow, b: PoolUpdateRow) => a.blockTime - b.blockTime || a.blockHeight - b.blockHeight || a.blockIndex - b.blockIndex

/** A token's figures worked out from every kept update, from scratch. */
function fromScratch(token: string) {
  const ups = kept.filter((u) => u.tokenUnit === token).sort(order)
  const poolIds = [...states.values()].filter((u) => u.tokenUnit === token).map((u) => u.poolId)
  if (poolIds.length === 0 || end === null) return null
  const start = end - DAY
  const current = (id: string) => states.get(id)!
  const top = [...poolIds].sort((x, y) => {
    const d = BigInt(current(y).reserveAda) - BigInt(current(x).reserveAda)
    return d > 0n ? 1 : d < 0n ? -1 : x < y ? -1 : 1
  })[0]
  const now = current(top)
  const then = now.blockTime <= start ? now : ups.filter((u) => u.poolId === top && u.blockTime <= start).at(-1)
  const trades = ups.filter((u) => u.blockTime > start && u.blockTime <= end! && u.kind === 'swap' && u.side !== null)
  const created = poolIds.map((id) => creations.get(id))
  return {
    topPoolId: top,
    reserveLovelace: poolIds.reduce((s, id) => s + Number(current(id).reserveAda), 0),
    volumeLovelace: trades.reduce((s, u) => s + Number(u.amountAda), 0),
    buys: trades.filter((u) => u.side === 'buy').length,
    sells: trades.filter((u) => u.side === 'sell').length,
    change24h: then === undefined || then.adaPerUnit === null || now.adaPerUnit === null ? null : (now.adaPerUnit / then.adaPerUnit - 1) * 100,
    pairCreatedAt: created.every((c) => c !== undefined) ? Math.min(...created.map((c) => c!.time)) : null,
    pairCount: poolIds.length,
  }
}

async function expectFiguresFromScratch(step: string): Promise<void> {
  const rows = new Map((await reader.ofUnits(TOKENS)).map((r) => [r.unit, r]))
  for (const token of TOKENS) {
    const want = fromScratch(token)
    const row = rows.get(token)
    if (want === null) {
      expect([step, token, row]).toEqual([step, token, undefined])
      continue
    }
    expect(row).toBeDefined()
    const { change24h, ...exact } = want
    expect([step, token, { topPoolId: row!.topPoolId, reserveLovelace: row!.reserveLovelace, volumeLovelace: row!.volumeLovelace, buys: row!.buys, sells: row!.sells, pairCreatedAt: row!.pairCreatedAt, pairCount: row!.pairCount }]).toEqual([step, token, exact])
    if (change24h === null) expect([step, token, row!.change24h]).toEqual([step, token, null])
    else expect(row!.change24h).toBeCloseTo(change24h, 9)
  }
}

const cursorAt = (height: number, time: number | null): Cursor => ({ height, hash: `h${height}`, time, backfill: null, discovery: null })

async function record(updates: PoolUpdateRow[]): Promise<void> {
  await store.record(updates, updates.map((u) => poolRow(u, POOLS.find((p) => p.poolId === u.poolId)!.dex)))
  for (const u of updates) if (!kept.some((k) => k.txHash === u.txHash && k.poolId === u.poolId)) kept.push(u)
  for (const u of updates) if (u.kind === 'created') creations.set(u.poolId, { height: u.blockHeight, time: u.blockTime })
  for (const u of updates) {
    const held = states.get(u.poolId)
    if (held === undefined || u.blockHeight >= held.blockHeight) states.set(u.poolId, u)
  }
  const latest = Math.max(...updates.map((u) => u.blockTime))
  end = end === null ? latest : Math.max(end, latest)
}

beforeAll(async () => {
  database = await CommunityDatabase.open({ url: `file:${join(dir, 'f.db')}`, authToken: null }, new Logger('silent', memorySink()))
  store = new ChainStore(database)
  reader = new ChainFiguresReader(database)
})

afterAll(async () => {
  await database.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('chain figures kept by the store', () => {
  it('equal the figures worked out from scratch after every record, cursor move, re-read and rollback', async () => {
    const random = seededRandom(36)
    const last = new Map<string, PoolUpdateRow>()
    // A backfill's worth of older blocks is recorded later, newest first.
    const older: PoolUpdateRow[][] = []
    let height = 10_000
    const lastOf = (poolId: string) => last.get(poolId) ?? kept.filter((u) => u.poolId === poolId).sort(order).at(-1)
    // The first day: pools created, trades (held back to be recorded later as a backfill would).
    for (const pool of POOLS) last.set(pool.poolId, updateAt(pool, height++, 0, random, undefined))
    older.push([...last.values()])
    for (let i = 0; i < 300; i++) {
      height += 1 + Math.floor(random() * 15)
      const pool = POOLS[Math.floor(random() * POOLS.length)]
      const u = updateAt(pool, height, 0, random, last.get(pool.poolId))
      last.set(pool.poolId, u)
      older.push([u])
    }
    // Live from here: the newest state is recorded first (as the first poll reads the tip), the backfill pages later.
    const live = (count: number) => {
      const batch: PoolUpdateRow[] = []
      for (let i = 0; i < count; i++) {
        height += 1 + Math.floor(random() * 30)
        const pool = POOLS[Math.floor(random() * POOLS.length)]
        const u = updateAt(pool, height, 0, random, lastOf(pool.poolId))
        last.set(pool.poolId, u)
        batch.push(u)
      }
      return batch
    }
    const done = { live: 0, backfill: 0, quiet: 0, reread: 0, rollback: 0 }
    for (let round = 0; round < 80; round++) {
      const r = random()
      if (r < 0.45) {
        await record(live(1 + Math.floor(random() * 6)))
        await store.setCursor(cursorAt(height, timeOf(height)), 0)
        done.live += 1
      } else if (r < 0.6 && older.length > 0) {
        for (let i = 0; i < 80 && older.length > 0; i++) await record(older.pop()!)
        done.backfill += 1
      } else if (r < 0.7) {
        // Quiet blocks: only the cursor moves (the window too).
        height += 200 + Math.floor(random() * 2000)
        await store.setCursor(cursorAt(height, timeOf(height)), 0)
        end = Math.max(end ?? 0, timeOf(height))
        done.quiet += 1
      } else if (r < 0.8 && kept.length > 0) {
        // A re-read after a capped poll: nothing counts twice.
        await record(kept.slice(-3))
        done.reread += 1
      } else if (kept.length > 0 && older.length === 0) {
        // A rollback of the newest blocks (up to 400), the window back to the cursor's block.
        const newest = Math.max(...kept.map((u) => u.blockHeight))
        const from = newest - Math.floor(random() * 400)
        const cursor = cursorAt(from - 1, timeOf(from - 1))
        await store.rollback(from, cursor, 0)
        kept = kept.filter((u) => u.blockHeight < from)
        for (const [poolId, c] of creations) if (c.height >= from) creations.delete(poolId)
        for (const [poolId] of states) {
          const newest = kept.filter((u) => u.poolId === poolId).sort(order).at(-1)
          if (newest === undefined) states.delete(poolId)
          else states.set(poolId, newest)
        }
        for (const [poolId] of last) last.delete(poolId)
        for (let i = older.length - 1; i >= 0; i--) if (older[i].some((u) => u.blockHeight >= from)) older.splice(i, 1)
        end = cursor.time
        height = from - 1
        done.rollback += 1
      }
      await expectFiguresFromScratch(`round ${round}`)
    }
    expect(Object.values(done).every((n) => n >= 2)).toBe(true)
    // Trades inside the window for the retention below.
    await record(live(8))
    await store.setCursor(cursorAt(height, timeOf(height)), 0)
    await expectFiguresFromScratch('last')
    expect(kept.length).toBeGreaterThan(100)
  }, 60_000)

  it('never lets the retention delete an update inside the window, and leaves the figures as they were', async () => {
    const before = await reader.ofUnits(TOKENS)
    for (let pass = 0; pass < 20; pass++) await rollUpPass(database, (end ?? 0) + 10 * DAY)
    const left = new Set((await database.read((db) => db.all<{ tx: string; pool: string }>(sql`SELECT tx_hash AS tx, pool_id AS pool FROM pool_updates`))).map((r) => `${r.tx}:${r.pool}`))
    const inWindow = kept.filter((u) => u.blockTime > end! - DAY)
    expect(inWindow.length).toBeGreaterThan(0)
    expect(inWindow.every((u) => left.has(`${u.txHash}:${u.poolId}`))).toBe(true)
    expect(left.size).toBeLessThan(kept.length) // older ones did go
    kept = kept.filter((u) => left.has(`${u.txHash}:${u.poolId}`))
    expect(await reader.ofUnits(TOKENS)).toEqual(before)
  })

  it('builds the figures once from the records of a database that had none', async () => {
    await database.write((db) => db.run(sql`DELETE FROM chain_figures_window`))
    await database.write((db) => db.run(sql`DELETE FROM chain_pool_figures`))
    await database.write((db) => db.run(sql`DELETE FROM chain_token_figures`))
    expect(await reader.ofUnits(TOKENS)).toEqual([])
    const newest = kept.sort(order).at(-1)!
    await store.setCursor(cursorAt(newest.blockHeight, newest.blockTime), 0)
    await expectFiguresFromScratch('built')
  })
})
