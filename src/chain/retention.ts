/**
 * Retention of the chain records: pool updates are kept CHAIN_RETENTION_DAYS; older ones are deleted. Their hours
 * stay charted: the follower keeps every hour's candle as it records and rolls back (hourly-candles.ts; migration
 * 0003 wrote them for the updates recorded before), exactly the 1h candles buildCandles makes from the updates,
 * so charts of 1h and longer keep the whole record (candles.ts `chainSeries`); trades page back to the horizon.
 *
 * The horizon is a whole hour, so no hour is ever split between the two tables. A pass deletes at most one day
 * of updates (a first run on a long history spreads its work over several passes); a step runs passes until
 * nothing is left or MAX_PASSES_PER_STEP, and once nothing is left checks again an hour later. Only the lease
 * holder runs it (after its polls); a rollback never reaches back past the horizon (at most 2,160 blocks, 12 h).
 */
import { and, asc, gte, lt, sql } from 'drizzle-orm'
import type { CommunityDatabase } from '../db/client'
import { poolUpdates } from '../db/schema'
import type { Logger } from '../observability/logger'
import { HOUR_SECONDS } from './candles'
import { windowStart } from './figures-upkeep'

const DAY_SECONDS = 86_400
const MAX_PASSES_PER_STEP = 7
const CHECK_EVERY_MS = HOUR_SECONDS * 1000

/** Updates older than this (Unix s, a whole hour) are deleted: `days` back from now, down to the hour. */
export function retentionHorizon(nowMs: number, days: number): number {
  return Math.floor((Math.floor(nowMs / 1000) - days * DAY_SECONDS) / HOUR_SECONDS) * HOUR_SECONDS
}

export interface RollUpReport {
  /** Updates deleted (their hours' candles kept). */
  rolled: number
}

/**
 * One pass: the updates older than `cutoff` (a whole hour) and at most a day past the oldest, deleted. Nothing to do:
 * 0. Never one inside the chain figures' 24 h window (figures-upkeep.ts takes each out as it leaves the window).
 */
export async function rollUpPass(database: CommunityDatabase, horizon: number): Promise<RollUpReport> {
  return database.write((db) =>
    db.transaction(async (tx) => {
      const start = await windowStart(tx)
      const cutoff = start === null ? horizon : Math.min(horizon, Math.floor((start + 1) / HOUR_SECONDS) * HOUR_SECONDS)
      const oldest = await tx
        .select({ height: poolUpdates.blockHeight, time: poolUpdates.blockTime })
        .from(poolUpdates)
        .orderBy(asc(poolUpdates.blockHeight))
        .limit(1)
      if (oldest.length === 0 || oldest[0].time >= cutoff) return { rolled: 0 }
      const passEnd = Math.min(cutoff, Math.floor(oldest[0].time / HOUR_SECONDS) * HOUR_SECONDS + DAY_SECONDS)
      // Heights rise with block times: the pass is a height range, read through the height index.
      const after = await tx
        .select({ height: sql<number | null>`min(${poolUpdates.blockHeight})` })
        .from(poolUpdates)
        .where(and(gte(poolUpdates.blockHeight, oldest[0].height), gte(poolUpdates.blockTime, passEnd)))
      const inPass = and(lt(poolUpdates.blockTime, passEnd), after[0]?.height == null ? undefined : lt(poolUpdates.blockHeight, after[0].height))
      const deleted = await tx.delete(poolUpdates).where(inPass)
      return { rolled: deleted.rowsAffected }
    }),
  )
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

  /** The current horizon (Unix s): updates older than it are deleted; trades page back to it. */
  horizon(): number {
    return retentionHorizon(this.now(), this.days)
  }

  /** Passes until nothing is older than the horizon (or MAX_PASSES_PER_STEP); then nothing until the next check. */
  async step(): Promise<RollUpReport> {
    const total: RollUpReport = { rolled: 0 }
    if (this.now() < this.nextCheckMs) return total
    for (let pass = 0; pass < MAX_PASSES_PER_STEP; pass++) {
      const done = await rollUpPass(this.database, this.horizon())
      total.rolled += done.rolled
      if (done.rolled === 0) {
        this.nextCheckMs = this.now() + CHECK_EVERY_MS
        break
      }
    }
    if (total.rolled > 0) this.logger.info({ ...total, horizon: this.horizon() }, 'chain retention: pool updates past the horizon deleted (their hourly candles kept)')
    return total
  }
}
