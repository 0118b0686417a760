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

export interface CommentLimits {
  /** Comments per stake address per UTC day. */
  perWriter: number
  /** Comments per token per UTC day; 0 = no limit. */
  perUnit: number
}

/**
 * Save a comment unless its writer already has `perWriter` comments on its UTC day, its token `perUnit`, or a
 * comment with the same replay key exists: one INSERT … SELECT … WHERE, which SQLite runs under the write lock,
 * so the counts it reads are the ones it writes against, whichever process sharing the database writes.
 * Returns the saved row, or null when nothing was saved.
 *
 * The token's count reads only its latest `perUnit` comments (the (unit, id) index, newest first) and counts
 * those of the day: ids grow with time, so the day holds `perUnit` comments exactly when all of those are
 * from it. A busy token's whole history is never scanned.
 */
export async function insertCommentWithinLimits(db: Db, comment: NewComment, limits: CommentLimits): Promise<CommentRow | null> {
  const unitRoom =
    limits.perUnit > 0
      ? sql`AND (SELECT count(*) FROM (SELECT day FROM comments WHERE unit = ${comment.unit} ORDER BY id DESC LIMIT ${limits.perUnit}) WHERE day = ${comment.day}) < ${limits.perUnit}`
      : sql``
  const result = await db.run(sql`
    INSERT INTO comments (unit, stake_address, body, day, created_at_ms, replay_key)
    SELECT ${comment.unit}, ${comment.stakeAddress}, ${comment.body}, ${comment.day}, ${comment.createdAtMs}, ${comment.replayKey}
    WHERE (SELECT count(*) FROM comments WHERE stake_address = ${comment.stakeAddress} AND day = ${comment.day}) < ${limits.perWriter}
    ${unitRoom}
    ON CONFLICT (replay_key) DO NOTHING
    RETURNING id`)
  const row = result.rows[0]
  return row === undefined ? null : { id: Number(row.id), ...comment }
}

/** Comments a stake address posted on a UTC day. */
export async function commentsBy(db: Db, stakeAddress: string, day: string): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(comments)
    .where(and(eq(comments.stakeAddress, stakeAddress), eq(comments.day, day)))
  return rows[0]?.count ?? 0
}

export async function commentByReplayKey(db: Db, replayKey: string): Promise<CommentRow | null> {
  const rows = await db.select().from(comments).where(eq(comments.replayKey, replayKey)).limit(1)
  return rows[0] ?? null
}

/** The newest comments on a unit, newest first (ids grow with every insert, whichever process made it). */
export async function latestComments(db: Db, unit: string, limit: number): Promise<CommentRow[]> {
  return db.select().from(comments).where(eq(comments.unit, unit)).orderBy(desc(comments.id)).limit(limit)
}
