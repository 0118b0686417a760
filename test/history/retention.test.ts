/**
 * Retention: 5-minute snapshots older than 90 days become hourly rows (open, high, low, close, samples), in one
 * transaction, and two instances running the job at once on one file roll each hour up once.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'bun:test'
import { createClient } from '@libsql/client'
import { CommunityDatabase } from '../../src/db/client'
import { HistoryRecorder } from '../../src/modules/history/recorder'
import type { Snapshot } from '../../src/modules/history/snapshot'
import { queryCandles, insertSnapshots } from '../../src/modules/history/store'
import { Logger, memorySink } from '../../src/observability/logger'

const dir = mkdtempSync(join(tmpdir(), 'history-retention-'))
const url = `file:${join(dir, 'retention.db')}`
const UNIT = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
/** 2026-01-01T00:00:00Z, and 92 days of 5-minute snapshots from there. */
const START = 1_767_225_600
const DAYS = 92
/** Within each hour: 1.00, 1.01, … 1.11, except a spike to 2 at the 6th snapshot and a dip to 0.5 at the 8th. */
const priceAt = (i: number) => (i % 12 === 5 ? 2 : i % 12 === 7 ? 0.5 : 1 + (i % 12) / 100)
/** The job runs 30 minutes into the 93rd day: the cutoff is the whole hour 90 days before, i.e. day 2, 00:00. */
const NOW_MS = (START + DAYS * 86_400 + 1800) * 1000
const CUTOFF = START + 2 * 86_400

const silent = () => new Logger('silent', memorySink())
let a: CommunityDatabase
let b: CommunityDatabase

beforeAll(async () => {
  a = await CommunityDatabase.open({ url, authToken: null }, silent())
  b = await CommunityDatabase.open({ url, authToken: null }, silent())
  const rows: Snapshot[] = Array.from({ length: DAYS * 288 }, (_, i) => ({
    unit: UNIT,
    intervalSeconds: 300,
    intervalStart: START + i * 300,
    priceUsd: priceAt(i),
    openUsd: null,
    highUsd: null,
    lowUsd: null,
    liquidityUsd: 1000 + i,
    volume24hUsd: 50 + i,
    buys24h: i,
    sells24h: null,
    sources: 3,
    samples: 1,
    recordedAtMs: (START + i * 300) * 1000 + 7000,
  }))
  await a.write((db) => insertSnapshots(db, rows))
}, 60_000)

afterAll(async () => {
  await a.close()
  await b.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('rolling up snapshots older than 90 days', () => {
  it('rolls each hour up once when two instances run the job at the same moment', async () => {
    const recorders = [a, b].map((database) => new HistoryRecorder({ database, logger: silent(), now: () => NOW_MS }))
    const results = await Promise.all(recorders.map((r) => r.rollUp()))
    // Two days before the cutoff: 48 hours of 12 snapshots each, whoever did it.
    expect(results).toContainEqual({ hourly: 48, removed: 576 })
    expect(results).toContainEqual({ hourly: 0, removed: 0 })
    // Again: nothing left to do.
    expect(await recorders[0].rollUp()).toEqual({ hourly: 0, removed: 0 })
  })

  it('keeps open, high, low, close, the last snapshot\'s figures and the sample count in each hourly row', async () => {
    const raw = createClient({ url })
    try {
      const counts = (await raw.execute('SELECT interval_seconds, count(*) AS n, min(interval_start) AS first FROM market_snapshots GROUP BY interval_seconds ORDER BY interval_seconds')).rows
      expect(counts.map((r) => [Number(r.interval_seconds), Number(r.n), Number(r.first)])).toEqual([
        [300, (DAYS - 2) * 288, CUTOFF],
        [3600, 48, START],
      ])
      const hour = (await raw.execute({ sql: 'SELECT * FROM market_snapshots WHERE interval_seconds = 3600 AND interval_start = ?', args: [START + 3600] })).rows[0]
      // Snapshots 12–23: open 1.00 (first), high 2 (the spike), low 0.5 (the dip), close 1.11 (last).
      expect([hour.open_usd, hour.high_usd, hour.low_usd, hour.price_usd]).toEqual([1, 2, 0.5, 1.11])
      // The last snapshot of the hour is number 23.
      expect([hour.liquidity_usd, hour.volume24h_usd, hour.buys24h, hour.sells24h, hour.sources, hour.samples]).toEqual([1023, 73, 23, null, 3, 12])
    } finally {
      raw.close()
    }
  })

  it('gives continuous hourly and daily candles across the roll-up boundary', async () => {
    const { candles: hourly } = await a.read((db) => queryCandles(db, { unit: UNIT, seconds: 3600, from: START, to: START + 4 * 86_400, limit: 1000, keep: 'oldest' }))
    expect(hourly).toHaveLength(96)
    expect(hourly.every((c) => c.samples === 12 && c.open === 1 && c.high === 2 && c.low === 0.5 && c.close === 1.11)).toBe(true)
    const { candles: daily } = await a.read((db) => queryCandles(db, { unit: UNIT, seconds: 86_400, from: START, to: START + DAYS * 86_400, limit: 1000, keep: 'oldest' }))
    expect(daily).toHaveLength(DAYS)
    expect(daily.every((c) => c.samples === 288)).toBe(true)
    // 5-minute candles exist only where 5-minute snapshots are kept.
    const { candles: fine } = await a.read((db) => queryCandles(db, { unit: UNIT, seconds: 300, from: START, to: CUTOFF + 3600, limit: 1000, keep: 'oldest' }))
    expect(fine).toHaveLength(12)
    expect(fine[0].time).toBe(CUTOFF)
  })
})
