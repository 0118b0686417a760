/**
 * The history's SQL. Recording is one multi-row `INSERT … ON CONFLICT DO NOTHING` per refresh, so instances
 * sharing a database record each (asset, interval) once; candles are aggregated in SQL (a year of 5-minute rows
 * never crosses into JS); the export pages through one day with a keyset on the time index. Units are stored
 * once, in history_assets; rows carry the asset's id.
 */
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { historyAssets, marketSnapshots, type MarketSnapshotRow } from '../../db/schema'
import { HOUR_SECONDS, SNAPSHOT_SECONDS } from './intervals'
import type { Snapshot } from './snapshot'

/** Rows per INSERT statement (14 bound values each, far below SQLite's limit of 32,766). */
const INSERT_CHUNK = 500

/** Inlined, not bound: libSQL binds a JS number as REAL, which would turn an integer division fractional. */
const literal = (n: number) => sql.raw(String(Math.trunc(n)))

/** The asset id of each unit, adding the units not seen before (idempotent: another writer may add them too). */
async function assetIds(db: Db, units: string[]): Promise<Map<string, number>> {
  await db.insert(historyAssets).values(units.map((unit) => ({ unit }))).onConflictDoNothing()
  const rows = await db.select().from(historyAssets).where(inArray(historyAssets.unit, units))
  return new Map(rows.map((row) => [row.unit, row.id]))
}

/** The asset id of a unit, or null when nothing was ever recorded for it. */
async function assetId(db: Db, unit: string): Promise<number | null> {
  const rows = await db.select({ id: historyAssets.id }).from(historyAssets).where(sql`${historyAssets.unit} = ${unit}`)
  return rows[0]?.id ?? null
}

/** Insert snapshots; rows whose (asset, resolution, interval start) is already recorded are skipped. Returns rows added. */
export async function insertSnapshots(db: Db, snapshots: readonly Snapshot[]): Promise<number> {
  if (snapshots.length === 0) return 0
  const ids = await assetIds(db, [...new Set(snapshots.map((s) => s.unit))])
  const rows: MarketSnapshotRow[] = snapshots.map(({ unit, ...row }) => ({ assetId: ids.get(unit)!, ...row }))
  let added = 0
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const result = await db.insert(marketSnapshots).values(rows.slice(i, i + INSERT_CHUNK)).onConflictDoNothing()
    added += result.rowsAffected
  }
  return added
}

export interface CandleRow {
  /** Start of the candle, Unix seconds. */
  time: number
  open: number
  high: number
  low: number
  close: number
  liquidityUsd: number | null
  volume24hUsd: number | null
  samples: number
}

export interface CandleQuery {
  unit: string
  /** Candle length in seconds. */
  seconds: number
  /** [from, to) in Unix seconds, both multiples of `seconds`. */
  from: number
  to: number
  limit: number
  /** Which end of the range the limit keeps. */
  keep: 'oldest' | 'newest'
}

export interface CandleHistory {
  candles: CandleRow[]
  /** The first interval start recorded for the unit (any resolution), or null when nothing is. */
  first: number | null
}

/**
 * Candles of one unit, ascending: open = the first row's open, high/low over the rows, close and the other
 * figures = the last row's. Rows coarser than the candle are left out (an hourly roll-up is no 5-minute candle).
 * Grouped in SQL, then the first and last row of each candle are looked up by primary key (measured on a year
 * of 5-minute rows: 3× faster than the same with window functions). CROSS JOIN fixes that order: SQLite may
 * otherwise loop over the asset's rows first and probe the candles, which is quadratic.
 */
export async function queryCandles(db: Db, q: CandleQuery): Promise<CandleHistory> {
  const found = await assetId(db, q.unit)
  if (found === null) return { candles: [], first: null }
  const id = literal(found)
  const resolutions = sql.join([SNAPSHOT_SECONDS, HOUR_SECONDS].filter((r) => r <= q.seconds).map(literal), sql`, `)
  const order = q.keep === 'newest' ? sql`DESC` : sql`ASC`
  const tf = literal(q.seconds)
  const rows = await db.all<CandleRow>(sql`
    WITH buckets AS (
      SELECT (interval_start / ${tf}) * ${tf} AS bucket, min(interval_start) AS first, max(interval_start) AS last,
        max(coalesce(high_usd, price_usd)) AS high, min(coalesce(low_usd, price_usd)) AS low, sum(samples) AS samples
      FROM market_snapshots
      WHERE asset_id = ${id} AND interval_seconds IN (${resolutions}) AND interval_start >= ${q.from} AND interval_start < ${q.to}
      GROUP BY bucket ORDER BY bucket ${order} LIMIT ${q.limit}
    )
    SELECT b.bucket AS time, coalesce(o.open_usd, o.price_usd) AS open, b.high AS high, b.low AS low, c.price_usd AS close,
      c.liquidity_usd AS liquidityUsd, c.volume24h_usd AS volume24hUsd, b.samples AS samples
    FROM buckets b
    CROSS JOIN market_snapshots o ON o.asset_id = ${id} AND o.interval_seconds IN (${resolutions}) AND o.interval_start = b.first
    CROSS JOIN market_snapshots c ON c.asset_id = ${id} AND c.interval_seconds IN (${resolutions}) AND c.interval_start = b.last
    ORDER BY time`)
  return {
    candles: rows.map((r) => ({ ...r, time: Number(r.time), samples: Number(r.samples) })),
    first: await firstInterval(db, found),
  }
}

/** The first interval start recorded for an asset id (any resolution), or null. */
async function firstInterval(db: Db, assetId: number): Promise<number | null> {
  const id = literal(assetId)
  // One primary-key probe per resolution (a bare min over the asset would read every row of it).
  const [first] = await db.all<{ first: number | null }>(sql`
    SELECT min(first) AS first FROM (
      SELECT min(interval_start) AS first FROM market_snapshots WHERE asset_id = ${id} AND interval_seconds = ${literal(SNAPSHOT_SECONDS)}
      UNION ALL
      SELECT min(interval_start) FROM market_snapshots WHERE asset_id = ${id} AND interval_seconds = ${literal(HOUR_SECONDS)})`)
  return first?.first === null || first?.first === undefined ? null : Number(first.first)
}

/** One recorded price: a 5-minute snapshot, or the close of an hourly roll-up (its last snapshot). */
export interface RecordedPrice {
  priceUsd: number
  /** When that figure was read, Unix milliseconds. */
  recordedAtMs: number
  /** 300 (a snapshot) or 3600 (a roll-up). */
  intervalSeconds: number
}

/**
 * The last price recorded for a unit at or before `at` (Unix s), and when its first price was read (Unix s, rounded
 * up; null: never). A row's figure was read at `recordedAtMs`, inside its interval: the newest two rows of each
 * resolution starting at or before `at` hold the last one read by then (probed by primary key, newest first).
 */
export async function recordedPriceAt(db: Db, unit: string, at: number): Promise<{ price: RecordedPrice | null; first: number | null }> {
  const found = await assetId(db, unit)
  if (found === null) return { price: null, first: null }
  const id = literal(found)
  const firstStart = await firstInterval(db, found)
  const [first] =
    firstStart === null
      ? []
      : await db.all<{ ms: number | null }>(sql`SELECT min(recorded_at_ms) AS ms FROM market_snapshots WHERE asset_id = ${id} AND interval_start = ${firstStart}`)
  const rows: RecordedPrice[] = []
  for (const resolution of [SNAPSHOT_SECONDS, HOUR_SECONDS]) {
    rows.push(
      ...(await db.all<RecordedPrice>(sql`
        SELECT price_usd AS priceUsd, recorded_at_ms AS recordedAtMs, interval_seconds AS intervalSeconds FROM market_snapshots
        WHERE asset_id = ${id} AND interval_seconds = ${literal(resolution)} AND interval_start <= ${at}
        ORDER BY interval_start DESC LIMIT 2`)),
    )
  }
  const byThen = rows
    .map((r) => ({ priceUsd: Number(r.priceUsd), recordedAtMs: Number(r.recordedAtMs), intervalSeconds: Number(r.intervalSeconds) }))
    .filter((r) => r.recordedAtMs <= at * 1000)
    .sort((a, b) => b.recordedAtMs - a.recordedAtMs)
  return { price: byThen[0] ?? null, first: first?.ms == null ? null : Math.ceil(Number(first.ms) / 1000) }
}

/** Where an export page ends: the next page starts after this row (the time index's order). */
export interface ExportKey {
  intervalStart: number
  assetId: number
  intervalSeconds: number
}

export type ExportRow = Snapshot & { assetId: number }

/** Up to `size` rows of [from, to) after `after`, ordered by interval start, asset, resolution. */
export async function exportPage(db: Db, from: number, to: number, after: ExportKey | null, size: number): Promise<ExportRow[]> {
  const keyset = after === null
    ? sql``
    : sql`AND (s.interval_start, s.asset_id, s.interval_seconds) > (${after.intervalStart}, ${after.assetId}, ${after.intervalSeconds})`
  return db.all<ExportRow>(sql`
    SELECT a.unit AS unit, s.asset_id AS assetId, s.interval_seconds AS intervalSeconds, s.interval_start AS intervalStart,
      s.price_usd AS priceUsd, s.open_usd AS openUsd, s.high_usd AS highUsd, s.low_usd AS lowUsd,
      s.liquidity_usd AS liquidityUsd, s.volume24h_usd AS volume24hUsd, s.buys24h AS buys24h, s.sells24h AS sells24h,
      s.sources AS sources, s.samples AS samples, s.recorded_at_ms AS recordedAtMs
    FROM market_snapshots s JOIN history_assets a ON a.id = s.asset_id
    WHERE s.interval_start >= ${from} AND s.interval_start < ${to} ${keyset}
    ORDER BY s.interval_start, s.asset_id, s.interval_seconds LIMIT ${size}`)
}

/** Rows of [from, to) and the latest time one was recorded: what an export's ETag is made of. */
export async function rangeStats(db: Db, from: number, to: number): Promise<{ rows: number; lastRecordedAtMs: number | null }> {
  const rows = await db.all<{ n: number; last: number | null }>(sql`
    SELECT count(*) AS n, max(recorded_at_ms) AS last FROM market_snapshots WHERE interval_start >= ${from} AND interval_start < ${to}`)
  const last = rows[0]?.last
  return { rows: Number(rows[0]?.n ?? 0), lastRecordedAtMs: last === null || last === undefined ? null : Number(last) }
}

/** The start of the earliest recorded interval of any asset (the time index's first entry), or null. */
export async function firstRecorded(db: Db): Promise<number | null> {
  const rows = await db.all<{ first: number | null }>(sql`SELECT min(interval_start) AS first FROM market_snapshots`)
  const first = rows[0]?.first
  return first === null || first === undefined ? null : Number(first)
}
