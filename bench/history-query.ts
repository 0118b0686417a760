/**
 * Figure: the recorded market history. Sizes are measured on a real libSQL file (pages used before and after
 * writing a year of rows of one token), then scaled to the registry; query times are the service's own history
 * reads (no response cache) over a year of 5-minute rows of one token, with no roll-up.
 */
import { join } from 'node:path'
import { CommunityDatabase } from '../src/db/client'
import { HistoryService } from '../src/modules/history/service'
import { parseHistoryRequest, type HistoryInput } from '../src/modules/history/request'
import { RETENTION_DAYS } from '../src/modules/history/retention'
import type { Snapshot } from '../src/modules/history/snapshot'
import { insertSnapshots } from '../src/modules/history/store'
import { Logger, memorySink } from '../src/observability/logger'
import { loadRegistry } from '../src/registry/registry'
import { median } from './lib/load'
import type { BenchContext, FigureLine } from './figures'

const UNIT = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b'
const OTHER = 'c48cbb3d5e57ed56e276bc45f99ab39abe94e6cd7ac39fb402da47ad0014df105553444d'
const YEAR_DAYS = 365
const RUNS = 15

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const mib = (bytes: number) => `${fmt(bytes / 2 ** 20, 1)} MiB`

function rows(unit: string, seconds: number, count: number, end: number): Snapshot[] {
  const start = end - count * seconds
  return Array.from({ length: count }, (_, i) => ({
    unit,
    intervalSeconds: seconds,
    intervalStart: start + i * seconds,
    priceUsd: 0.0013 * (1 + 0.1 * Math.sin(i / 500)),
    openUsd: seconds === 300 ? null : 0.00129,
    highUsd: seconds === 300 ? null : 0.00131,
    lowUsd: seconds === 300 ? null : 0.00128,
    liquidityUsd: 1_200_000 + i,
    volume24hUsd: 180_000 + i / 3,
    buys24h: 500 + (i % 97),
    sells24h: 450 + (i % 89),
    sources: 3,
    samples: seconds === 300 ? 1 : 12,
    recordedAtMs: (start + i * seconds) * 1000 + 12_345,
  }))
}

async function usedBytes(database: CommunityDatabase): Promise<number> {
  return database.read(async (db) => {
    const [count] = await db.all<{ n: number }>('SELECT page_count - freelist_count AS n FROM pragma_page_count(), pragma_freelist_count()')
    const [size] = await db.all<{ n: number }>('SELECT page_size AS n FROM pragma_page_size()')
    return Number(count.n) * Number(size.n)
  })
}

export async function historyQuery({ dir }: BenchContext): Promise<FigureLine[]> {
  const tokens = loadRegistry(null).tokens.length
  const database = await CommunityDatabase.open({ url: `file:${join(dir, 'history-bench.db')}`, authToken: null }, new Logger('silent', memorySink()))
  try {
    const end = Math.floor(Date.now() / 1000 / 3600) * 3600
    const empty = await usedBytes(database)
    const fine = YEAR_DAYS * 288
    await database.write((db) => insertSnapshots(db, rows(UNIT, 300, fine, end)))
    const afterFine = await usedBytes(database)
    const hourly = YEAR_DAYS * 24
    await database.write((db) => insertSnapshots(db, rows(OTHER, 3600, hourly, end)))
    const afterHourly = await usedBytes(database)
    const perFine = (afterFine - empty) / fine
    const perHourly = (afterHourly - afterFine) / hourly
    // First year under retention: 90 days of 5-minute snapshots, the other 275 days hourly.
    const steady = RETENTION_DAYS * 288 * perFine + (YEAR_DAYS - RETENTION_DAYS) * 24 * perHourly

    const history = new HistoryService({ database, registry: loadRegistry(null), now: () => end * 1000 })
    const time = async (query: HistoryInput) => {
      const request = parseHistoryRequest(query, end * 1000)
      const ms: number[] = []
      let candles = 0
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        candles = (await history.tokenHistory(UNIT, request)).data.count
        ms.push(performance.now() - started)
      }
      return { ms: median(ms), candles }
    }
    const recent = await time({ tf: '5m' })
    const hours = await time({ tf: '1h' })
    const year = await time({ tf: '1d', limit: 365 })
    const hoursYear = await time({ tf: '1h', limit: 1000, from: String(end - YEAR_DAYS * 86_400) })
    return [
      { label: `history rows per day, ${tokens} tokens, 5-minute / hourly`, value: `${fmt(tokens * 288)} / ${fmt(tokens * 24)}`, note: '288 and 24 per token; ADA adds one asset' },
      { label: 'bytes per row on a libSQL file, 5-minute / hourly', value: `${fmt(perFine)} / ${fmt(perHourly)}`, note: 'pages used: table, primary key, time index' },
      { label: `bytes per year, ${tokens} tokens, all 5-minute`, value: mib(perFine * fine * tokens), note: 'no roll-up' },
      { label: `bytes per year, ${tokens} tokens, all hourly`, value: mib(perHourly * hourly * tokens), note: 'after roll-up' },
      { label: `bytes, first year, ${tokens} tokens, with retention`, value: mib(steady * tokens), note: `${RETENTION_DAYS} days 5-minute, the rest hourly; +${mib(perHourly * hourly * tokens)} per further year` },
      { label: 'history query, a year of 5-minute rows: tf=5m, newest 300', value: `${fmt(recent.ms, 2)} ms`, note: `median of ${RUNS}, ${recent.candles} candles, in-process (no response cache)` },
      { label: 'history query, same rows: tf=1h, newest 300', value: `${fmt(hours.ms, 2)} ms`, note: `${hours.candles} candles` },
      { label: 'history query, same rows: tf=1h, 1000 from a year back', value: `${fmt(hoursYear.ms, 2)} ms`, note: `${hoursYear.candles} candles` },
      { label: 'history query, same rows: tf=1d, the whole year', value: `${fmt(year.ms, 2)} ms`, note: `${year.candles} candles from ${fmt(fine)} rows` },
    ]
  } finally {
    await database.close()
  }
}
