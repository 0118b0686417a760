import { createHash } from 'node:crypto'
import { normaliseUnit } from '../../cardano/unit'
import type { ServiceDeps } from '../../core'
import { orWhenUnavailable, type CommunityDatabase } from '../../db/client'
import type { CommentRow } from '../../db/schema'
import { apiError } from '../../http/error-catalogue'
import { chainStep, declareChain } from '../../upstream/call-context'
import type { Fetched } from '../../upstream/fetched'
import { isKnownToken } from '../tokens/known-token'
import { chainChecked } from './chain-check'
import { stakeShort } from './display'
import { requireEligible } from './eligibility'
import { parseBoostPayload, parseCommentPayload } from './payload'
import { COMMENTS_SHOWN, type BoostReceipt, type BoostSummaries, type Comment, type CommentList, type SignedWrite } from './schemas'
import { authenticate } from './signed-write'
import { boostCounts, commentByReplayKey, commentsBy, insertBoost, insertCommentWithinLimits, latestComments } from './store'
import { msUntilNextUtcDay, untilMidnight, utcDay } from './utc-day'

export interface PostedComment {
  comment: Comment
  /** True when the same signed comment had already been saved: the original is returned, nothing new is written. */
  replayed: boolean
}

export const MAX_UNITS = 60
export const COMMENTS_PER_DAY = 10

/** `database` is null when DATABASE_URL=off: every call answers 503. */
export type CommunityServiceDeps = ServiceDeps<'database' | 'logger' | 'config' | 'upstreams' | 'registry'>

/**
 * Boosts and comments. Reads return `{data, stale}` with `data` exactly the JSON body of the REST answer (the
 * MCP tools call them directly); writes take a request body already checked for shape, verify its signature,
 * check what the signed payload means, ask the chain API whether the writer may write and the token exists
 * (both cached), and save it within the daily limits the database enforces. Each step runs only when the
 * cheaper ones before it passed.
 */
export class CommunityService {
  constructor(private readonly deps: CommunityServiceDeps) {}

  /** 503 when this deployment runs without a database; cheap, so endpoints call it before reading a body. */
  requireDatabase(): CommunityDatabase {
    if (this.deps.database === null) throw databaseNotConfigured()
    return this.deps.database
  }

  /** One summary per unit, in the order given (units as from parseUnitList: valid, lowercase, distinct). */
  async boostSummaries(units: string[]): Promise<Fetched<BoostSummaries>> {
    const database = this.requireDatabase()
    const nowMs = this.deps.now()
    const counts = await this.guard(() => database.read((db) => boostCounts(db, units, nowMs)))
    const summaries = units.map((unit) => ({ unit, boosts24h: 0, boosts7d: 0, boostsToday: 0, ...counts.get(unit) }))
    return { data: { summaries }, stale: false }
  }

  /** The latest 50 comments on a unit, newest first. */
  async latestComments(unit: string): Promise<Fetched<CommentList>> {
    const database = this.requireDatabase()
    const normalised = unit.toLowerCase()
    const rows = await this.guard(() => database.read((db) => latestComments(db, normalised, COMMENTS_SHOWN)))
    const list = rows.map(toComment)
    return { data: { unit: normalised, count: list.length, comments: list }, stale: false }
  }

  /** Cast the writer's one boost of the UTC day (409 when it is already used, on any token). */
  async castBoost(write: SignedWrite): Promise<BoostReceipt> {
    const database = this.requireDatabase()
    const writer = authenticate(write, this.logRefusal)
    const nowMs = this.deps.now()
    const { unit, day } = parseBoostPayload(write.payload, nowMs)
    await this.admitWrite(writer.stakeAddress, unit)
    const saved = await this.guard(() =>
      database.write((db) => insertBoost(db, { stakeAddress: writer.stakeAddress, unit, day, createdAtMs: this.deps.now() })),
    )
    if (!saved) {
      throw apiError('already_boosted_today', { stakeAddress: writer.stakeAddress, day, ...untilMidnight(nowMs) })
    }
    return { ok: true, stakeAddress: writer.stakeAddress, unit }
  }

  /**
   * Post a comment on `unit` (the URL's). 429 past 10 a day per stake address, or past COMMENTS_PER_UNIT_PER_DAY
   * on the token. Sending the same signed comment again returns the saved one with `replayed: true` instead of a
   * duplicate.
   */
  async postComment(unit: string, write: SignedWrite): Promise<PostedComment> {
    const database = this.requireDatabase()
    const writer = authenticate(write, this.logRefusal)
    const nowMs = this.deps.now()
    const payload = parseCommentPayload(write.payload, unit, nowMs)
    await this.admitWrite(writer.stakeAddress, payload.unit)
    // The same signed payload from the same stake address is the same comment, however its COSE envelope was
    // re-encoded around it (the unprotected header is not signed).
    const replayKey = createHash('sha256').update(`${writer.stakeAddress}\n${write.payload}`).digest('hex')
    const createdAtMs = this.deps.now()
    const row = {
      unit: payload.unit,
      stakeAddress: writer.stakeAddress,
      body: payload.body,
      day: utcDay(createdAtMs),
      createdAtMs,
      replayKey,
    }
    const perUnit = this.deps.config.community.commentsPerUnitPerDay
    const saved = await this.guard(() => database.write((db) => insertCommentWithinLimits(db, row, { perWriter: COMMENTS_PER_DAY, perUnit })))
    if (saved !== null) return { comment: toComment(saved), replayed: false }
    const original = await this.guard(() => database.read((db) => commentByReplayKey(db, replayKey)))
    if (original !== null) return { comment: toComment(original), replayed: true }
    // Not saved, not a replay: one of the two limits was reached; the writer's is the one it can see coming.
    const own = await this.guard(() => database.read((db) => commentsBy(db, writer.stakeAddress, row.day)))
    if (own >= COMMENTS_PER_DAY) {
      throw apiError('daily_comment_limit_reached', { stakeAddress: writer.stakeAddress, limit: COMMENTS_PER_DAY, ...untilMidnight(createdAtMs) })
    }
    throw apiError('unit_comment_limit_reached', { unit: payload.unit, limit: perUnit, ...untilMidnight(createdAtMs) })
  }

  /**
   * The chain API's part of a write, once its signature and payload proved valid: the writer must be eligible
   * (eligibility.ts; its standing read once per UTC day and cached), and the token one the service can find
   * (the token detail's look-up and cache). Refused: 403 or 404; the chain API failing: 503; nothing is saved.
   */
  private async admitWrite(stakeAddress: string, unit: string): Promise<void> {
    const { config, registry, upstreams } = this.deps
    const { minAda, anyUnit } = config.community
    const lookUpUnit = !anyUnit && registry.get(unit) === undefined
    // The cold reads this write may need, admitted together from this client's share of the chain API (or
    // refused before the first), like any other request's.
    declareChain({ koios: (minAda > 0 ? 1 : 0) + (lookUpUnit ? 1 : 0) })
    if (minAda > 0) {
      const untilTomorrow = msUntilNextUtcDay(this.deps.now())
      const standing = await chainChecked('writer', () => upstreams.koios.accountStanding(stakeAddress, untilTomorrow))
      chainStep('koios')
      requireEligible(stakeAddress, standing.data, minAda)
    }
    if (lookUpUnit && !(await chainChecked('token', () => isKnownToken(registry, upstreams.koios, unit)))) {
      throw apiError('token_not_found', { unit })
    }
  }

  /** Which CIP-8 check refused a write: the client sees a hint, operators the precise code. */
  private readonly logRefusal = (code: string, detail: string) => this.deps.logger.info({ code, detail }, 'community signature refused')

  /** A statement that could not run (lock held too long, connection lost) is a 503: nothing was written. */
  private guard<T>(work: () => Promise<T>): Promise<T> {
    return orWhenUnavailable(work, communityDatabaseBusy)
  }
}

export const databaseNotConfigured = () => apiError('database_not_configured', { consequence: 'boosts and comments are unavailable here' })
export const communityDatabaseBusy = () => apiError('database_busy', { nothing: 'saved or read' })

/**
 * The `units` query of GET /community/boosts: comma-separated asset units, 1 to 60 distinct ones; blanks around
 * commas are ignored, case is folded, duplicates are collapsed (first occurrence kept) before counting. 400
 * otherwise.
 */
export function parseUnitList(raw: string): string[] {
  const entries = raw.split(',').map((s) => s.trim()).filter((s) => s !== '')
  if (entries.length === 0) {
    throw apiError('invalid_units', { max: MAX_UNITS })
  }
  const units: string[] = []
  for (const entry of entries) {
    const unit = normaliseUnit(entry)
    if (unit === null) {
      throw apiError('invalid_units', { max: MAX_UNITS, entry: entry.slice(0, 140) })
    }
    if (!units.includes(unit)) units.push(unit)
  }
  if (units.length > MAX_UNITS) {
    throw apiError('too_many_units', { max: MAX_UNITS, count: units.length })
  }
  return units
}

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    stakeAddress: row.stakeAddress,
    stakeShort: stakeShort(row.stakeAddress),
    body: row.body,
    createdAt: new Date(row.createdAtMs).toISOString(),
  }
}
