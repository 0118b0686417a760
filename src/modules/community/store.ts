import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { boosts, comments, type CommentRow } from '../../db/schema'
import { DAY_MS, utcDay } from './utc-day'

/**
 * The community's SQL. Each write is one statement, so its limit check and its insert cannot be separated by
 * another writer, in this process or another one sharing the database.
 */

/** Save a boost; false when this stake address already boosted on that UTC day (the unique key decides). */
export async function insertBoost(
  db: Db,
  boost: { stakeAddress: string; unit: string; day: string; createdAtMs: number },
): Promise<boolean> {
  const result = await db.insert(boosts).values(boost).onConflictDoNothing({ target: [boosts.stakeAddress, boosts.day] })
  return result.rowsAffected === 1
}

export interface BoostCounts {
  boosts24h: number
  boosts7d: number
  boostsToday: number
}

/** Boost counts for the units that have any in the last 7 days: rolling 24 h, rolling 7 days, this UTC day. */
export async function boostCounts(db: Db, units: string[], nowMs: number): Promise<Map<string, BoostCounts>> {
  const since24h = nowMs - DAY_MS
  const today = utcDay(nowMs)
  const rows = await db
    .select({
      unit: boosts.unit,
      boosts24h: sql<number>`sum(${boosts.createdAtMs} > ${since24h})`.mapWith(Number),
      boosts7d: sql<number>`count(*)`.mapWith(Number),
      boostsToday: sql<number>`sum(${boosts.day} = ${today})`.mapWith(Number),
    })
    .from(boosts)
    // This UTC day and the last 24 h both lie inside the last 7 days.
    .where(and(inArray(boosts.unit, units), gt(boosts.createdAtMs, nowMs - 7 * DAY_MS)))
    .groupBy(boosts.unit)
  return new Map(rows.map(({ unit, ...counts }) => [unit, counts]))
}

export type NewComment = Omit<CommentRow, 'id'>

/**
 * Save a comment unless its writer already has `dailyLimit` comments on its UTC day, or a comment with the same
 * replay key exists: one INSERT … SELECT … WHERE count < limit, which SQLite runs under the write lock, so the
 * count it reads is the one it writes against. Returns the saved row, or null when nothing was saved.
 */
export async function insertCommentWithinLimit(db: Db, comment: NewComment, dailyLimit: number): Promise<CommentRow | null> {
  const result = await db.run(sql`
    INSERT INTO comments (unit, stake_address, body, day, created_at_ms, replay_key)
    SELECT ${comment.unit}, ${comment.stakeAddress}, ${comment.body}, ${comment.day}, ${comment.createdAtMs}, ${comment.replayKey}
    WHERE (SELECT count(*) FROM comments WHERE stake_address = ${comment.stakeAddress} AND day = ${comment.day}) < ${dailyLimit}
    ON CONFLICT (replay_key) DO NOTHING
    RETURNING id`)
  const row = result.rows[0]
  return row === undefined ? null : { id: Number(row.id), ...comment }
}

export async function commentByReplayKey(db: Db, replayKey: string): Promise<CommentRow | null> {
  const rows = await db.select().from(comments).where(eq(comments.replayKey, replayKey)).limit(1)
  return rows[0] ?? null
}

/** The newest comments on a unit, newest first (ids grow with every insert, whichever process made it). */
export async function latestComments(db: Db, unit: string, limit: number): Promise<CommentRow[]> {
  return db.select().from(comments).where(eq(comments.unit, unit)).orderBy(desc(comments.id)).limit(limit)
}
