/**
 * The same answers from either source: one fake chain (test/chain/support/scenario.ts, plus a pool created later,
 * a failed transaction and a rollback) read by a service polling the fake Koios and by one following the fake
 * Ogmios over a real WebSocket. What each records (pool updates, pools, hourly candles, token notes) and serves
 * (/trades, chain-built /ohlcv, /pools/new, /pools/{poolId}) must be equal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createClient } from '@libsql/client'
import { join } from 'node:path'
import { LOVELACE } from '../../src/chain/types'
import { MIN, scenario, SNEK, type Scenario } from './support/scenario'
import { twoSources, type TwoSources } from './support/two-sources'

const NEWT = 'a0028f350aaabe0545fdcb56b039bfb08e4bb4d8c4d7c3c7d481c235' + '4e455754'
let s: Scenario
let two: TwoSources

/** Every row of a table in a stable order, from a service's own database file. */
async function rows(file: string, sql: string): Promise<unknown[]> {
  const db = createClient({ url: `file:${join(two.dir, file)}` })
  try {
    return (await db.execute(sql)).rows.map((r) => ({ ...r }))
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  s = scenario()
  // A pool created after the first blocks (a new pool on both), a failed swap on P1 (nothing on both).
  const newt = s.chain.pool({ dex: 'wingriders-v2', assetA: LOVELACE, assetB: NEWT, reserveA: 40_000_000_000n, reserveB: 9_000_000_000n, lpSupply: 500_000_000n })
  s.pools.push(newt)
  s.chain.addBlock([[{ pool: newt, reserveA: 40_000_000_000n, reserveB: 9_000_000_000n }], { failed: [{ pool: s.p1, reserveA: 1_100_000_000_000n, reserveB: 230_000_000n }] }])
  s.chain.addBlock([[{ pool: newt, reserveA: 41_000_000_000n, reserveB: 8_781_000_000n }]])
  two = await twoSources(s.chain)
  await two.koiosCaughtUp()
  await two.ogmiosCaughtUp()
}, 60_000)

afterAll(async () => {
  await two.stop()
})

const TABLES = {
  pool_updates: 'SELECT * FROM pool_updates ORDER BY block_height, block_index, pool_id',
  chain_pools: 'SELECT * FROM chain_pools ORDER BY pool_id',
  pool_candles: 'SELECT * FROM pool_candles ORDER BY pool_id, hour_start',
  chain_tokens: 'SELECT unit, first_seen_height, decimals_source FROM chain_tokens ORDER BY unit',
}

async function sameRecords(): Promise<void> {
  for (const [table, sql] of Object.entries(TABLES)) {
    const koios = await rows('koios.db', sql)
    const ogmios = await rows('ogmios.db', sql)
    expect({ table, rows: ogmios }).toEqual({ table, rows: koios })
  }
}

async function sameAnswers(paths: string[]): Promise<void> {
  for (const path of paths) {
    const a = await two.koiosSvc.json(path)
    const b = await two.ogmiosSvc.json(path)
    expect({ path, status: b.status, body: b.body }).toEqual({ path, status: a.status, body: a.body })
  }
}

const answerPaths = () => [
  `/api/v1/tokens/${SNEK}/trades?limit=500`,
  `/api/v1/tokens/${MIN}/trades?limit=500`,
  `/api/v1/tokens/${NEWT}/trades?limit=500`,
  `/api/v1/tokens/${SNEK}/ohlcv?tf=1m&quote=ada&limit=500`,
  `/api/v1/tokens/${SNEK}/ohlcv?tf=1h&quote=ada&limit=500&pool=${s.p2.poolId}`,
  `/api/v1/tokens/${MIN}/ohlcv?tf=5m&quote=ada&limit=500`,
  '/api/v1/pools/new?limit=200',
  ...s.pools.map((p) => `/api/v1/pools/${p.poolId}`),
]

describe('the same records and answers from Koios and from Ogmios', () => {
  it('records the same pool updates, pools, hourly candles and token notes', async () => {
    expect((await rows('ogmios.db', 'SELECT count(*) AS n FROM pool_updates'))[0]).toEqual({ n: 10 })
    await sameRecords()
  })

  it('serves the same trades, chain-built candles, new pools and pool states', async () => {
    const trades = await two.ogmiosSvc.json(`/api/v1/tokens/${SNEK}/trades?limit=500`)
    expect(trades.body.count).toBe(3)
    expect((await two.ogmiosSvc.json('/api/v1/pools/new?limit=200')).body.pools.map((p: any) => p.poolId ?? p.address)).toHaveLength(4)
    await sameAnswers(answerPaths())
  })

  it('ignores a transaction whose scripts failed (spends: collaterals) on both', async () => {
    for (const svc of [two.koiosSvc, two.ogmiosSvc]) {
      const p1 = await svc.json(`/api/v1/pools/${s.p1.poolId}`)
      // P1 as h3 left it (h4's output was unreadable); the failed swap to 1,100,000 ADA never happened.
      expect(p1.body.reserves.ada).toBe('1012000000000')
      expect(p1.body.lastUpdate.blockHeight).toBe(s.first + 3)
    }
  })

  it('stays the same through a rollback and new blocks on the new branch', async () => {
    const tip = s.chain.tip!.height
    s.chain.addBlock([[{ pool: s.p2, reserveA: 203_000_000_000n, reserveB: 49_260_000n }]])
    await two.ogmiosCaughtUp()
    await two.koiosCaughtUp()
    s.chain.rollbackTo(tip, s.pools)
    s.chain.addBlock([[{ pool: s.p2, reserveA: 199_000_000_000n, reserveB: 50_251_000n }]])
    s.chain.addBlock([])
    await two.ogmiosCaughtUp()
    await two.koiosCaughtUp()
    await sameRecords()
    await sameAnswers(answerPaths())
  }, 30_000)

  it('rebuilds from a rollback point it no longer holds (found by its time), and stays the same', async () => {
    const tip = s.chain.tip!.height
    s.chain.addBlock([[{ pool: s.p1, reserveA: 1_020_000_000_000n, reserveB: 250_030_000n }]])
    await two.ogmiosCaughtUp()
    await two.koiosCaughtUp()
    // The kept blocks are gone (as if older than k): the rollback's point is no longer held.
    const db = createClient({ url: `file:${join(two.dir, 'ogmios.db')}` })
    await db.execute('DELETE FROM chain_blocks')
    db.close()
    s.chain.rollbackTo(tip, s.pools)
    s.chain.addBlock([[{ pool: s.p1, reserveA: 1_004_000_000_000n, reserveB: 254_030_000n }]])
    s.chain.addBlock([])
    await two.ogmiosCaughtUp()
    await two.koiosCaughtUp()
    expect(two.ogmiosSvc.logLines.some((l) => l.includes('no longer holds'))).toBe(true)
    await sameRecords()
    await sameAnswers(answerPaths())
  }, 30_000)
})
