/**
 * Retention: 5-minute snapshots are kept RETENTION_DAYS; older ones are rolled up to one hourly row per token
 * (open = first price, high/low over the hour, close and the other figures = the last snapshot's, `samples` =
 * snapshots merged) and deleted, in one transaction. Several instances may run it at once: the roll-up inserts
 * with ON CONFLICT DO NOTHING and the transaction holds the write lock, so the second finds nothing left to do.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { DAY_SECONDS, HOUR_SECONDS, SNAPSHOT_SECONDS } from './intervals'

export const RETENTION_DAYS = 90

/** Hourly rows roll up snapshots older than this instant (Unix seconds): 90 days back, down to a whole hour. */
export function rollupCutoff(nowMs: number): number {
  const limit = Math.floor(nowMs / 1000) - RETENTION_DAYS * DAY_SECONDS
  return Math.floor(limit / HOUR_SECONDS) * HOUR_SECONDS
}

/** Whether any 5-minute snapshot starts before `cutoff`. */
export async function snapshotsBefore(db: Db, cutoff: number): Promise<boolean> {
  const rows = await db.all(sql`SELECT 1 FROM market_snapshots WHERE interval_seconds = ${SNAPSHOT_SECONDS} AND interval_start < ${cutoff} LIMIT 1`)
  return rows.length > 0
}

/** Roll up every snapshot before `cutoff` (a whole hour); returns the hourly rows added and snapshots removed. */
export async function rollUp(db: Db, cutoff: number): Promise<{ hourly: number; removed: number }> {
  // Inlined, not bound: libSQL binds a JS number as REAL, which would turn the hour division fractional.
  const hour = sql.raw(String(HOUR_SECONDS))
  const [inserted, deleted] = await db.batch([
    db.run(sql`
      INSERT INTO market_snapshots (asset_id, interval_seconds, interval_start, price_usd, open_usd, high_usd, low_usd,
        liquidity_usd, volume24h_usd, buys24h, sells24h, sources, samples, recorded_at_ms)
      SELECT asset_id, ${hour}, hour, price_usd, open, high, low, liquidity_usd, volume24h_usd, buys24h, sells24h,
        sources, samples, recorded_at_ms FROM (
        SELECT asset_id, (interval_start / ${hour}) * ${hour} AS hour, price_usd, liquidity_usd, volume24h_usd,
          buys24h, sells24h, sources, recorded_at_ms,
          first_value(price_usd) OVER whole AS open, max(price_usd) OVER whole AS high, min(price_usd) OVER whole AS low,
          count(*) OVER whole AS samples,
          row_number() OVER (PARTITION BY asset_id, interval_start / ${hour} ORDER BY interval_start DESC) AS from_last
        FROM market_snapshots
        WHERE interval_seconds = ${SNAPSHOT_SECONDS} AND interval_start < ${cutoff}
        WINDOW whole AS (PARTITION BY asset_id, interval_start / ${hour} ORDER BY interval_start
          ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
      ) WHERE from_last = 1
      ON CONFLICT DO NOTHING`),
    db.run(sql`DELETE FROM market_snapshots WHERE interval_seconds = ${SNAPSHOT_SECONDS} AND interval_start < ${cutoff}`),
  ])
  return { hourly: inserted.rowsAffected, removed: deleted.rowsAffected }
}
