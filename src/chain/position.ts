/**
 * Where the follower stands beside the chain, for GET /api/v1/chain/tip and /readyz: the last block it processed
 * (the cursor), the chain tip as it last saw it, how many blocks and seconds it is behind, what it left unread,
 * and whether its source answers. The instance that follows writes the tip and the source's health to the
 * database (`chain_position`), so every instance answers alike; `positionOf` is the pure arithmetic.
 */
import type { Static } from '@sinclair/typebox'
import { eq } from 'drizzle-orm'
import type { CommunityDatabase } from '../db/client'
import { chainPosition } from '../db/schema'
import type { FollowerPositionSchema } from './answer-schemas'
import type { Backfill, ChainStore, Cursor } from './store'

export type ChainSource = 'koios' | 'ogmios'

/** More blocks than this between the last processed block and the tip reads as catching up (`behind`). */
export const FOLLOWING_WITHIN_BLOCKS = 5

export interface SeenTip {
  height: number
  hash: string
  /** Absolute slot when the source gives it (Ogmios), else null. */
  slot: number | null
  /** Unix seconds. */
  time: number
}

export interface SourceHealth {
  ok: boolean
  /** Why the source is not answering (null while it is). */
  reason: string | null
  /** Since when (Unix ms) it has been in this state; null when unknown. */
  sinceMs: number | null
}

export interface Span {
  fromHeight: number
  toHeight: number
}

export type FollowerPosition = Static<typeof FollowerPositionSchema>

const spanOf = (b: Backfill): Span => ({ fromHeight: b.bottom + 1, toHeight: b.top })

/** The position from the cursor, the tip last seen and the source's health (pure). */
export function positionOf(source: ChainSource, cursor: Cursor | null, tip: (SeenTip & { seenAtMs: number }) | null, health: SourceHealth): FollowerPosition {
  const gaps = [...(cursor?.backfill?.gap ? [cursor.backfill] : []), ...(cursor?.gaps ?? [])]
  const unread = gaps.map(spanOf)
  const history = cursor?.backfill && !cursor.backfill.gap ? spanOf(cursor.backfill) : null
  const processed = cursor === null ? null : { blockHeight: cursor.height, blockHash: cursor.hash, time: cursor.time }
  const behind =
    cursor === null || tip === null
      ? null
      : { blocks: Math.max(0, tip.height - cursor.height), seconds: cursor.time === null ? null : Math.max(0, tip.time - cursor.time) }
  const base = {
    source,
    processed,
    tip: tip === null ? null : { blockHeight: tip.height, blockHash: tip.hash, slot: tip.slot, time: tip.time, seenAt: Math.floor(tip.seenAtMs / 1000) },
    behind,
    unread,
    backfill: history,
    degradedSince: health.ok || health.sinceMs === null ? null : Math.floor(health.sinceMs / 1000),
  }
  if (!health.ok) return { ...base, status: 'degraded', reason: health.reason ?? 'the chain source does not answer' }
  if (cursor === null) return { ...base, status: 'starting', reason: 'nothing processed yet' }
  if (unread.length > 0) {
    const blocks = unread.reduce((n, s) => n + s.toHeight - s.fromHeight + 1, 0)
    return {
      ...base,
      status: 'behind',
      reason: `more transactions arrived than the chain API budget could read: the newest were read first, ${blocks} blocks below them are not read yet (read newest first as the budget allows)`,
    }
  }
  if (behind !== null && behind.blocks > FOLLOWING_WITHIN_BLOCKS) return { ...base, status: 'behind', reason: `catching up: ${behind.blocks} blocks to the tip` }
  return { ...base, status: 'following', reason: null }
}

/** The position row: written by the following instance, read by all. */
export class ChainPositionStore {
  constructor(
    private readonly database: CommunityDatabase,
    private readonly store: ChainStore,
    readonly source: ChainSource,
    private readonly now: () => number,
  ) {}

  /** The chain tip the source just showed. */
  async sawTip(tip: SeenTip): Promise<void> {
    const at = this.now()
    await this.upsert({ tipHeight: tip.height, tipHash: tip.hash, tipSlot: tip.slot, tipTime: tip.time, seenAtMs: at })
  }

  /** The source answers again, or does not (with why); written only when that changes. */
  async health(ok: boolean, reason: string | null): Promise<void> {
    const [row] = await this.database.read((db) => db.select().from(chainPosition).where(eq(chainPosition.id, 1)))
    if (row !== undefined && row.source === this.source && row.sourceOk === ok && (ok || row.reason === reason)) return
    const changed = row === undefined || row.sourceOk !== ok
    await this.upsert({ sourceOk: ok, reason: ok ? null : reason, ...(changed ? { sinceMs: this.now() } : {}) })
  }

  async read(): Promise<FollowerPosition> {
    const [row] = await this.database.read((db) => db.select().from(chainPosition).where(eq(chainPosition.id, 1)))
    const cursor = await this.store.cursor()
    // A row another source wrote (CHAIN_SOURCE changed): its tip is still a tip, its health is not this source's.
    const own = row !== undefined && row.source === this.source
    const tip =
      row?.tipHeight != null && row.tipHash != null && row.tipTime != null && row.seenAtMs != null
        ? { height: row.tipHeight, hash: row.tipHash, slot: row.tipSlot, time: row.tipTime, seenAtMs: row.seenAtMs }
        : null
    const health: SourceHealth = own ? { ok: row.sourceOk, reason: row.reason, sinceMs: row.sinceMs } : { ok: true, reason: null, sinceMs: null }
    return positionOf(this.source, cursor, tip, health)
  }

  private async upsert(values: Partial<typeof chainPosition.$inferInsert>): Promise<void> {
    const at = this.now()
    const row = { id: 1, source: this.source, sourceOk: true, updatedAtMs: at, ...values }
    await this.database.write((db) =>
      db
        .insert(chainPosition)
        .values(row)
        .onConflictDoUpdate({ target: chainPosition.id, set: { ...values, source: this.source, updatedAtMs: at } }),
    )
  }
}
