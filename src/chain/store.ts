/**
 * The follower's SQL: pool updates, the pools recognised, the cursor and the provisional blocks. Updates are
 * keyed by (tx, pool), so a re-read after a crash or a capped poll inserts nothing twice; a rollback deletes
 * from a height in one transaction with the cursor moved back, so a reader never sees half of one.
 */
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { CommunityDatabase } from '../db/client'
import { chainBlocks, chainCursor, chainPools, poolUpdates, type ChainPoolRow, type PoolUpdateRow } from '../db/schema'
import type { ChainBlock } from '../upstream/koios-chain'

export interface Cursor {
  height: number
  hash: string | null
  /** Unix seconds. */
  time: number | null
  backfill: Backfill | null
  /** The discovery pass over current pool UTxOs: a page offset per credential group; null once done. */
  discovery: Discovery | null
}

export interface Discovery {
  offsets: number[]
  done: boolean[]
}

/** The first start's history read, newest first: heights (bottom, top], a page offset per credential group. */
export interface Backfill {
  bottom: number
  top: number
  offsets: number[]
  done: boolean[]
}

const INSERT_CHUNK = 200

const cursorRow = (cursor: Cursor, nowMs: number) => ({
  id: 1,
  height: cursor.height,
  hash: cursor.hash,
  time: cursor.time,
  backfill: cursor.backfill === null ? null : JSON.stringify(cursor.backfill),
  discovery: cursor.discovery === null ? null : JSON.stringify(cursor.discovery),
  updatedAtMs: nowMs,
})

export class ChainStore {
  constructor(private readonly database: CommunityDatabase) {}

  async cursor(): Promise<Cursor | null> {
    const rows = await this.database.read((db) => db.select().from(chainCursor).where(eq(chainCursor.id, 1)))
    const row = rows[0]
    if (row === undefined) return null
    return {
      height: row.height,
      hash: row.hash,
      time: row.time,
      backfill: row.backfill === null ? null : (JSON.parse(row.backfill) as Backfill),
      discovery: row.discovery === null ? null : (JSON.parse(row.discovery) as Discovery),
    }
  }

  async setCursor(cursor: Cursor, nowMs: number): Promise<void> {
    const values = cursorRow(cursor, nowMs)
    await this.database.write((db) =>
      db.insert(chainCursor).values(values).onConflictDoUpdate({ target: chainCursor.id, set: { ...values, id: undefined } }),
    )
  }

  /** The stored hashes of the recent blocks, by height. */
  async blocks(fromHeight: number): Promise<Map<number, string>> {
    const rows = await this.database.read((db) => db.select().from(chainBlocks).where(gte(chainBlocks.height, fromHeight)))
    return new Map(rows.map((r) => [r.height, r.hash]))
  }

  /** Remember the recent blocks' hashes (the provisional window) and forget those below `keepFrom`. */
  async saveBlocks(blocks: readonly ChainBlock[], keepFrom: number): Promise<void> {
    await this.database.write(async (db) => {
      for (const b of blocks) {
        const row = { height: b.height, hash: b.hash, time: b.time }
        await db.insert(chainBlocks).values(row).onConflictDoUpdate({ target: chainBlocks.height, set: { hash: b.hash, time: b.time } })
      }
      await db.delete(chainBlocks).where(lt(chainBlocks.height, keepFrom))
    })
  }

  /** Heights and block hashes of the updates recorded at or above `fromHeight` (the provisional window). */
  async updateBlocks(fromHeight: number): Promise<Array<{ height: number; hash: string }>> {
    return this.database.read((db) =>
      db
        .selectDistinct({ height: poolUpdates.blockHeight, hash: poolUpdates.blockHash })
        .from(poolUpdates)
        .where(gte(poolUpdates.blockHeight, fromHeight)),
    )
  }

  /**
   * A rollback: every update and block hash at or above `fromHeight` goes, and the cursor moves just below it,
   * in one transaction. Returns the updates removed.
   */
  /** Removes the updates from `fromHeight` on; returns how many, and the tokens whose swaps were among them. */
  async rollback(fromHeight: number, cursor: Cursor, nowMs: number): Promise<{ removed: number; swapTokens: string[] }> {
    return this.database.write(async (db) => {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(poolUpdates)
          .where(gte(poolUpdates.blockHeight, fromHeight))
          .returning({ tokenUnit: poolUpdates.tokenUnit, kind: poolUpdates.kind })
        await tx.delete(chainBlocks).where(gte(chainBlocks.height, fromHeight))
        const values = cursorRow(cursor, nowMs)
        await tx.insert(chainCursor).values(values).onConflictDoUpdate({ target: chainCursor.id, set: { ...values, id: undefined } })
        return { removed: removed.length, swapTokens: [...new Set(removed.filter((r) => r.kind === 'swap').map((r) => r.tokenUnit))] }
      })
    })
  }

  /** Record updates (already-recorded (tx, pool) pairs are skipped) and the pools' latest state. Returns rows added. */
  async record(updates: readonly PoolUpdateRow[], pools: readonly ChainPoolRow[]): Promise<number> {
    if (updates.length === 0 && pools.length === 0) return 0
    return this.database.write(async (db) => {
      let added = 0
      for (let i = 0; i < updates.length; i += INSERT_CHUNK) {
        const result = await db.insert(poolUpdates).values(updates.slice(i, i + INSERT_CHUNK)).onConflictDoNothing()
        added += result.rowsAffected
      }
      for (const pool of pools) {
        // A backfill (newest first) must not overwrite a newer state with an older one.
        await db
          .insert(chainPools)
          .values(pool)
          .onConflictDoUpdate({
            target: chainPools.poolId,
            set: { reserveAda: pool.reserveAda, reserveToken: pool.reserveToken, lastHeight: pool.lastHeight },
            setWhere: sql`${chainPools.lastHeight} <= ${pool.lastHeight}`,
          })
      }
      return added
    })
  }

  /** The recognised pools of a token, deepest (largest ADA reserve) first. */
  async pools(tokenUnit: string): Promise<ChainPoolRow[]> {
    const rows = await this.database.read((db) => db.select().from(chainPools).where(eq(chainPools.tokenUnit, tokenUnit)))
    return rows.sort((a, b) => (BigInt(b.reserveAda) > BigInt(a.reserveAda) ? 1 : BigInt(b.reserveAda) < BigInt(a.reserveAda) ? -1 : a.poolId.localeCompare(b.poolId)))
  }

  /** Swaps of a token (optionally one pool) before `beforeTime` (Unix s), newest first. */
  async swaps(tokenUnit: string, poolId: string | null, beforeTime: number | null, limit: number): Promise<PoolUpdateRow[]> {
    const where = and(
      eq(poolUpdates.tokenUnit, tokenUnit),
      eq(poolUpdates.kind, 'swap'),
      // A batch whose orders netted out (both reserves rose by the fees) has no side: no trade to show.
      sql`${poolUpdates.side} IS NOT NULL`,
      poolId === null ? undefined : eq(poolUpdates.poolId, poolId),
      beforeTime === null ? undefined : lt(poolUpdates.blockTime, beforeTime),
    )
    return this.database.read((db) =>
      db
        .select()
        .from(poolUpdates)
        .where(where)
        .orderBy(desc(poolUpdates.blockHeight), desc(poolUpdates.blockIndex), desc(poolUpdates.txHash))
        .limit(limit),
    )
  }

  /**
   * A pool's updates from `fromTime` on (ascending, in chain order), plus the last one before it (its price
   * opens the first candle).
   */
  async poolHistory(poolId: string, fromTime: number): Promise<PoolUpdateRow[]> {
    return this.database.read(async (db) => {
      const order = [asc(poolUpdates.blockHeight), asc(poolUpdates.blockIndex)]
      const before = await db
        .select()
        .from(poolUpdates)
        .where(and(eq(poolUpdates.poolId, poolId), lt(poolUpdates.blockTime, fromTime)))
        .orderBy(desc(poolUpdates.blockHeight), desc(poolUpdates.blockIndex))
        .limit(1)
      const rows = await db
        .select()
        .from(poolUpdates)
        .where(and(eq(poolUpdates.poolId, poolId), gte(poolUpdates.blockTime, fromTime)))
        .orderBy(...order)
      return [...before, ...rows]
    })
  }

  /** When the follower first recorded the pool (Unix s; the pool_time index answers it): where its chain-built candles start. Null: never. */
  async firstRecord(poolId: string): Promise<number | null> {
    const rows = await this.database.read((db) =>
      db.select({ time: poolUpdates.blockTime }).from(poolUpdates).where(eq(poolUpdates.poolId, poolId)).orderBy(asc(poolUpdates.blockTime)).limit(1),
    )
    return rows[0]?.time ?? null
  }

  /** Rows and an estimate of their bytes (for the bench's bytes-per-day figure). */
  async countUpdates(): Promise<number> {
    const rows = await this.database.read((db) => db.select({ n: sql<number>`count(*)` }).from(poolUpdates))
    return Number(rows[0]?.n ?? 0)
  }
}
