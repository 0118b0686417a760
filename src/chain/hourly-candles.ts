/**
 * The stored hourly candles of every pool (pool_candles), kept equal to what buildCandles gives from the pool's
 * updates at one hour: each hour with a priced update has one candle, opened by the close of the pool's hour
 * before. Whenever updates are recorded or removed (a rollback), the hours they fall in are built again from
 * their updates, and so is the pool's next stored hour (it opens with their close). Charts of an hour and longer
 * read these candles alone (a year of a busy pool is 8,760 rows, not hundreds of thousands of updates); the
 * retention then only has to delete the updates (retention.ts).
 *
 * An hour whose updates are gone already (past the retention) keeps its candle: it is built again only when it
 * still has updates, or when a rollback removed its updates (then an hour left without any loses its candle).
 */
import { and, asc, desc, eq, gt, gte, lt } from 'drizzle-orm'
import type { DbTransaction } from '../db/client'
import { poolCandles, poolUpdates } from '../db/schema'
import { buildCandles, HOUR_SECONDS } from './candles'

export interface TouchedUpdate {
  poolId: string
  /** Block time, Unix seconds. */
  blockTime: number
}

const hourOf = (time: number) => Math.floor(time / HOUR_SECONDS) * HOUR_SECONDS

/**
 * Build again the candles of the hours these updates fall in, and each pool's next stored hour. `removed`: the
 * updates were just deleted (a rollback), so an hour left without updates loses its candle.
 */
export async function refreshHours(tx: DbTransaction, touched: Iterable<TouchedUpdate>, removed = false): Promise<void> {
  const hoursByPool = new Map<string, Set<number>>()
  for (const u of touched) {
    const hours = hoursByPool.get(u.poolId) ?? new Set<number>()
    hours.add(hourOf(u.blockTime))
    hoursByPool.set(u.poolId, hours)
  }
  for (const [poolId, hours] of hoursByPool) {
    // Ascending: each hour opens with the close just stored for the one before.
    for (const hour of [...hours].sort((a, b) => a - b)) {
      await refreshHour(tx, poolId, hour, removed)
      const next = await tx
        .select({ hour: poolCandles.hourStart })
        .from(poolCandles)
        .where(and(eq(poolCandles.poolId, poolId), gt(poolCandles.hourStart, hour)))
        .orderBy(asc(poolCandles.hourStart))
        .limit(1)
      if (next.length > 0 && !hours.has(next[0].hour)) await refreshHour(tx, poolId, next[0].hour, false)
    }
  }
}

async function refreshHour(tx: DbTransaction, poolId: string, hour: number, removed: boolean): Promise<void> {
  const updates = await tx
    .select({ time: poolUpdates.blockTime, priceAda: poolUpdates.adaPerUnit, kind: poolUpdates.kind, amountAda: poolUpdates.amountAda })
    .from(poolUpdates)
    .where(and(eq(poolUpdates.poolId, poolId), gte(poolUpdates.blockTime, hour), lt(poolUpdates.blockTime, hour + HOUR_SECONDS)))
    .orderBy(asc(poolUpdates.blockTime), asc(poolUpdates.blockHeight), asc(poolUpdates.blockIndex))
  const key = and(eq(poolCandles.poolId, poolId), eq(poolCandles.hourStart, hour))
  if (updates.length === 0 && !removed) return // past the retention: the candle is all there is
  const before = await tx
    .select({ close: poolCandles.close })
    .from(poolCandles)
    .where(and(eq(poolCandles.poolId, poolId), lt(poolCandles.hourStart, hour)))
    .orderBy(desc(poolCandles.hourStart))
    .limit(1)
  const [candle] = buildCandles(
    updates.map((u) => ({ time: u.time, priceAda: u.priceAda, amountAda: u.kind === 'swap' ? u.amountAda : null })),
    HOUR_SECONDS,
    false,
    before[0]?.close ?? null,
  )
  if (candle === undefined) {
    await tx.delete(poolCandles).where(key)
    return
  }
  const row = { poolId, hourStart: hour, open: candle.open, high: candle.high, low: candle.low, close: candle.close, volumeAda: candle.volume }
  await tx
    .insert(poolCandles)
    .values(row)
    .onConflictDoUpdate({ target: [poolCandles.poolId, poolCandles.hourStart], set: { open: row.open, high: row.high, low: row.low, close: row.close, volumeAda: row.volumeAda } })
}
