/**
 * Retention of the chain records: pool updates are kept CHAIN_RETENTION_DAYS; older ones are rolled up into hourly
 * candles per pool (pool_candles), in one transaction with their deletion, so a reader sees either the updates
 * or their candles, never both or neither. The candles are exactly the 1h candles buildCandles makes from the
 * updates (open = the previous close: the candle of the hour before, carried over), so charts of 1h and longer
 * keep the whole record (candles.ts `chainSeries`); trades page back to the horizon. The follower keeps every
 * hour's candle as it records (hourly-candles.ts): a pass builds them again from the updates it deletes and
 * writes them over the stored ones (the same figures; and the candles of a database older than them).
 *
 * The horizon is a whole hour, so no hour is ever split between the two tables. A pass rolls up at most one day
 * of updates (a first run on a long history spreads its work over several passes); a step runs passes until
 * nothing is left or MAX_PASSES_PER_STEP, and once nothing is left checks again an hour later. Only the lease
 * holder runs it (after its polls); a rollback never reaches back past the horizon (at most 2,160 blocks, 12 h).
 */
import { and, asc, gte, inArray, lt, sql } from 'drizzle-orm'
import type { CommunityDatabase, DbTransaction } from '../db/client'
import { poolCandles, poolUpdates } from '../db/schema'
import type { Logger } from '../observability/logger'
import { buildCandles, HOUR_SECONDS } from './candles'

const DAY_SECONDS = 86_400
const MAX_PASSES_PER_STEP = 7
const CHECK_EVERY_MS = HOUR_SECONDS * 1000
const INSERT_CHUNK = 200

/** Updates older than this (Unix s, a whole hour) are rolled up: `days` back from now, down to the hour. */
export function retentionHorizon(nowMs: number, days: number): number {
  return Math.floor((Math.floor(nowMs / 1000) - days * DAY_SECONDS) / HOUR_SECONDS) * HOUR_SECONDS
}

export interface RollUpReport {
  /** Updates rolled up and deleted. */
  rolled: number
  /** Hourly candles stored. */
  candles: number
}

/**
 * One pass: the updates older than `cutoff` (a whole hour) and at most a day past the oldest, rolled up and
 * deleted in one transaction. Nothing to do: zeros.
 */
export async function rollUpPass(database: CommunityDatabase, cutoff: number): Promise<RollUpReport> {
  return database.write((db) =>
    db.transaction(async (tx) => {
      const oldest = await tx
        .select({ height: poolUpdates.blockHeight, time: poolUpdates.blockTime })
        .from(poolUpdates)
        .orderBy(asc(poolUpdates.blockHeight))
        .limit(1)
      if (oldest.length === 0 || oldest[0].time >= cutoff) return { rolled: 0, candles: 0 }
      const passEnd = Math.min(cutoff, Math.floor(oldest[0].time / HOUR_SECONDS) * HOUR_SECONDS + DAY_SECONDS)
      // Heights rise with block times: the pass is a height range, read through the height index.
      const after = await tx
        .select({ height: sql<number | null>`min(${poolUpdates.blockHeight})` })
        .from(poolUpdates)
        .where(and(gte(poolUpdates.blockHeight, oldest[0].height), gte(poolUpdates.blockTime, passEnd)))
      const inPass = and(lt(poolUpdates.blockTime, passEnd), after[0]?.height == null ? undefined : lt(poolUpdates.blockHeight, after[0].height))
      const rows = await tx
        .select({ poolId: poolUpdates.poolId, time: poolUpdates.blockTime, priceAda: poolUpdates.adaPerUnit, kind: poolUpdates.kind, amountAda: poolUpdates.amountAda })
        .from(poolUpdates)
        .where(inPass)
        .orderBy(asc(poolUpdates.poolId), asc(poolUpdates.blockTime), asc(poolUpdates.blockHeight), asc(poolUpdates.blockIndex))
      const byPool = new Map<string, typeof rows>()
      for (const row of rows) {
        const list = byPool.get(row.poolId)
        if (list === undefined) byPool.set(row.poolId, [row])
        else list.push(row)
      }
      const closes = await lastCloses(tx, [...byPool.keys()], Math.floor(oldest[0].time / HOUR_SECONDS) * HOUR_SECONDS)
      const candles = [...byPool].flatMap(([poolId, updates]) =>
        buildCandles(
          updates.map((u) => ({ time: u.time, priceAda: u.priceAda, amountAda: u.kind === 'swap' ? u.amountAda : null })),
          HOUR_SECONDS,
          false,
          closes.get(poolId) ?? null,
        ).map((c) => ({ poolId, hourStart: c.time, open: c.open, high: c.high, low: c.low, close: c.close, volumeAda: c.volume })),
      )
      for (let i = 0; i < candles.length; i += INSERT_CHUNK) {
        await tx
          .insert(poolCandles)
          .values(candles.slice(i, i + INSERT_CHUNK))
          .onConflictDoUpdate({
            target: [poolCandles.poolId, poolCandles.hourStart],
            set: { open: sql`excluded.open`, high: sql`excluded.high`, low: sql`excluded.low`, close: sql`excluded.close`, volumeAda: sql`excluded.volume_ada` },
          })
      }
      const deleted = await tx.delete(poolUpdates).where(inPass)
      return { rolled: deleted.rowsAffected, candles: candles.length }
    }),
  )
}

/** The close of each pool's last hour before `hour` (the open of its first hour in the pass). */
async function lastCloses(tx: DbTransaction, pools: readonly string[], hour: number): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (let i = 0; i < pools.length; i += 500) {
    const chunk = pools.slice(i, i + 500)
    // SQLite gives the bare column of the row holding max(): the close of the newest hour.
    const rows = await tx
      .select({ poolId: poolCandles.poolId, close: poolCandles.close, hour: sql<number>`max(${poolCandles.hourStart})` })
      .from(poolCandles)
      .where(and(inArray(poolCandles.poolId, chunk), lt(poolCandles.hourStart, hour)))
      .groupBy(poolCandles.poolId)
    for (const r of rows) out.set(r.poolId, r.close)
  }
  return out
}

/** The retention as the follower's runner runs it after its polls. */
export class ChainRetention {
  private nextCheckMs = 0

  constructor(
    private readonly database: CommunityDatabase,
    readonly days: number,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {}

  /** The current horizon (Unix s): updates older than it are rolled up; trades page back to it. */
  horizon(): number {
    return retentionHorizon(this.now(), this.days)
  }

  /** Passes until nothing is older than the horizon (or MAX_PASSES_PER_STEP); then nothing until the next check. */
  async step(): Promise<RollUpReport> {
    const total: RollUpReport = { rolled: 0, candles: 0 }
    if (this.now() < this.nextCheckMs) return total
    for (let pass = 0; pass < MAX_PASSES_PER_STEP; pass++) {
      const done = await rollUpPass(this.database, this.horizon())
      total.rolled += done.rolled
      total.candles += done.candles
      if (done.rolled === 0) {
        this.nextCheckMs = this.now() + CHECK_EVERY_MS
        break
      }
    }
    if (total.rolled > 0) this.logger.info({ ...total, horizon: this.horizon() }, 'chain retention: old pool updates rolled up into hourly candles')
    return total
  }
}
