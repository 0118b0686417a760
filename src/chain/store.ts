/**
 * The follower's SQL: pool updates, the pools recognised, the cursor and the provisional blocks. Updates are
 * keyed by (tx, pool), so a re-read after a crash or a capped poll inserts nothing twice; a rollback deletes
 * from a height in one transaction with the cursor moved back, so a reader never sees half of one. Each pool
 * recorded also notes its token (chain_tokens), for the token's identity to be asked once (token-store.ts).
 *
 * Whatever source feeds it (the Koios poll, a chain-sync), the chain figures of /chain/tokens are kept up to date in
 * the same transactions (figures-upkeep.ts): record, setCursor and rollback move them with the updates. The tokens
 * whose figures changed are told to `onTokensChanged` listeners once a batch ends (setCursor, rollback).
 */
import { and, asc, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm'
import type { CommunityDatabase, DbTransaction } from '../db/client'
import { chainBlocks, chainCursor, chainPools, chainTokens, poolCandles, poolUpdates, type ChainPoolRow, type PoolUpdateRow } from '../db/schema'
import { HOUR_SECONDS, type PoolSeries } from './candles'
import { refreshHours } from './hourly-candles'
import { COUNTED_COLUMNS, FiguresUpkeep, type CountedUpdate } from './figures-upkeep'
import type { ChainBlock } from '../upstream/koios-chain'

export interface Cursor {
  height: number
  hash: string | null
  /** Unix seconds. */
  time: number | null
  backfill: Backfill | null
  /** The discovery pass over current pool UTxOs: a page offset per credential group; null once done. */
  discovery: Discovery | null
  /** Spans left unread below the cursor (the tip read first when over budget), newest first, each read once the backfill is done. */
  gaps?: Backfill[]
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
  /** A span the live read left for later (over budget), not the first start's history. */
  gap?: boolean
}

const INSERT_CHUNK = 200

const cursorRow = (cursor: Cursor, nowMs: number) => ({
  id: 1,
  height: cursor.height,
  hash: cursor.hash,
  time: cursor.time,
  backfill: cursor.backfill === null ? null : JSON.stringify(cursor.backfill),
  discovery: cursor.discovery === null ? null : JSON.stringify(cursor.discovery),
  gaps: cursor.gaps === undefined || cursor.gaps.length === 0 ? null : JSON.stringify(cursor.gaps),
  updatedAtMs: nowMs,
})

/** Told the tokens whose chain figures changed (or went) in a batch the store committed. */
export type TokensChangedListener = (units: readonly string[]) => void

/** The latest block time among what one record() writes: the figures' window moves on to it. */
const latestTime = (updates: readonly PoolUpdateRow[], pools: readonly ChainPoolRow[]): number | null => {
  const times = [...updates.map((u) => u.blockTime), ...pools.flatMap((p) => (p.lastTime === null ? [] : [p.lastTime]))]
  return times.length === 0 ? null : Math.max(...times)
}

export class ChainStore {
  private readonly tokensListeners: TokensChangedListener[] = []
  /** Tokens whose figures changed since the last batch ended, not told yet. */
  private readonly changed = new Set<string>()

  constructor(private readonly database: CommunityDatabase) {}

  /** Tokens whose chain figures a batch changed: at most once per batch (a cursor move or a rollback). */
  onTokensChanged(listener: TokensChangedListener): () => void {
    this.tokensListeners.push(listener)
    return () => void this.tokensListeners.splice(this.tokensListeners.indexOf(listener), 1)
  }

  private endBatch(tokens: readonly string[]): void {
    for (const unit of tokens) this.changed.add(unit)
    if (this.changed.size === 0) return
    const units = [...this.changed]
    this.changed.clear()
    for (const listener of this.tokensListeners) listener(units)
  }

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
      gaps: row.gaps === null ? [] : (JSON.parse(row.gaps) as Backfill[]),
    }
  }

  /** The cursor moved (the end of a batch): the figures' window moves on to its block, in the same transaction. */
  async setCursor(cursor: Cursor, nowMs: number): Promise<void> {
    const values = cursorRow(cursor, nowMs)
    const tokens = await this.database.write((db) =>
      db.transaction(async (tx) => {
        const upkeep = await FiguresUpkeep.begin(tx)
        await upkeep.advanceTo(cursor.time)
        await tx.insert(chainCursor).values(values).onConflictDoUpdate({ target: chainCursor.id, set: { ...values, id: undefined } })
        return upkeep.finish()
      }),
    )
    this.endBatch(tokens)
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
   * in one transaction. The hourly candles of the hours they fell in are built again; pools created in the
   * orphaned blocks go too; a pool whose latest state came from them
   * gets back its newest remaining update's reserves, time and transaction and is marked below `fromHeight`, so the
   * new branch's updates replace it. The chain figures move back with them (figures-upkeep.ts). Returns how many updates were removed, and the tokens whose swaps were among them.
   */
  async rollback(fromHeight: number, cursor: Cursor, nowMs: number): Promise<{ removed: number; swapTokens: string[] }> {
    const result = await this.database.write(async (db) => {
      return db.transaction(async (tx) => {
        const upkeep = await FiguresUpkeep.begin(tx)
        const removed = await tx.delete(poolUpdates).where(gte(poolUpdates.blockHeight, fromHeight)).returning(COUNTED_COLUMNS)
        await refreshHours(tx, removed, true)
        await upkeep.removed(removed)
        await tx.delete(chainBlocks).where(gte(chainBlocks.height, fromHeight))
        const gone = await tx.delete(chainPools).where(gte(chainPools.createdHeight, fromHeight)).returning({ poolId: chainPools.poolId })
        // The newest remaining update's value of `column` (the pool's own `fallback` column when none remains).
        const newest = (column: string, fallback = column) =>
          sql.raw(`COALESCE((SELECT u.${column} FROM pool_updates u WHERE u.pool_id = chain_pools.pool_id ORDER BY u.block_height DESC, u.block_index DESC LIMIT 1), ${fallback})`)
        const restored = await tx
          .update(chainPools)
          .set({
            reserveAda: newest('reserve_ada'),
            reserveToken: newest('reserve_token'),
            lastTime: newest('block_time', 'last_time'),
            lastTxHash: newest('tx_hash', 'last_tx_hash'),
            lastHeight: fromHeight - 1,
          })
          .where(gte(chainPools.lastHeight, fromHeight))
          .returning({ poolId: chainPools.poolId })
        upkeep.touch([...gone, ...restored].map((p) => p.poolId))
        const values = cursorRow(cursor, nowMs)
        await tx.insert(chainCursor).values(values).onConflictDoUpdate({ target: chainCursor.id, set: { ...values, id: undefined } })
        // The window ends at the newest block left: the cursor's, else the newest update left.
        const [newestLeft] = await tx.select({ time: poolUpdates.blockTime }).from(poolUpdates).orderBy(desc(poolUpdates.blockHeight)).limit(1)
        await upkeep.retreatTo(cursor.time ?? newestLeft?.time ?? null)
        const tokens = await upkeep.finish()
        return { removed: removed.length, swapTokens: [...new Set(removed.filter((r) => r.kind === 'swap').map((r) => r.tokenUnit))], tokens }
      })
    })
    this.endBatch(result.tokens)
    return { removed: result.removed, swapTokens: result.swapTokens }
  }

  /**
   * Record updates (already-recorded (tx, pool) pairs are skipped) and the hourly candles of their hours, the
   * pools' latest state and their creation, and note their tokens. One transaction. Returns the update rows added.
   */
  async record(updates: readonly PoolUpdateRow[], pools: readonly ChainPoolRow[]): Promise<number> {
    if (updates.length === 0 && pools.length === 0) return 0
    const { added, tokens } = await this.database.write((db) =>
      db.transaction(async (tx) => {
        const upkeep = await FiguresUpkeep.begin(tx)
        await upkeep.advanceTo(latestTime(updates, pools))
        const inserted = await recordIn(tx, updates, pools)
        await refreshHours(tx, updates)
        await upkeep.recorded(inserted, pools)
        return { added: inserted.length, tokens: await upkeep.finish() }
      }),
    )
    for (const unit of tokens) this.changed.add(unit)
    return added
  }

  /** The recognised pools of a token, deepest (largest ADA reserve) first. */
  async pools(tokenUnit: string): Promise<ChainPoolRow[]> {
    const rows = await this.database.read((db) => db.select().from(chainPools).where(eq(chainPools.tokenUnit, tokenUnit)))
    return rows.sort((a, b) => (BigInt(b.reserveAda) > BigInt(a.reserveAda) ? 1 : BigInt(b.reserveAda) < BigInt(a.reserveAda) ? -1 : a.poolId.localeCompare(b.poolId)))
  }

  /** One recognised pool, or null. */
  async pool(poolId: string): Promise<ChainPoolRow | null> {
    const rows = await this.database.read((db) => db.select().from(chainPools).where(eq(chainPools.poolId, poolId)))
    return rows[0] ?? null
  }

  /**
   * Pools whose creation the follower read, newest first (by block height, then pool id), optionally of one DEX
   * and created strictly before `beforeTime` (Unix s).
   */
  async newPools(limit: number, dex: string | null, beforeTime: number | null): Promise<ChainPoolRow[]> {
    const where = and(
      isNotNull(chainPools.createdHeight),
      dex === null ? undefined : eq(chainPools.dex, dex),
      beforeTime === null ? undefined : lt(chainPools.createdTime, beforeTime),
    )
    return this.database.read((db) =>
      db.select().from(chainPools).where(where).orderBy(desc(chainPools.createdHeight), desc(chainPools.poolId)).limit(limit),
    )
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
        // Time first (it rises with the height): the (token or pool, time) index then yields the page in order.
        .orderBy(desc(poolUpdates.blockTime), desc(poolUpdates.blockHeight), desc(poolUpdates.blockIndex), desc(poolUpdates.txHash))
        .limit(limit),
    )
  }

  /**
   * What charts a pool from `fromTime` (Unix s) on. Intervals of whole hours (`wholeHours`) read the stored hourly
   * candles from the start of `fromTime`'s hour (hourly-candles.ts keeps them; past the retention they are all
   * there is); shorter intervals read the updates from `fromTime`, opened by the last price before: the newest
   * update before, or the close of the last hour stored before.
   */
  async poolSeries(poolId: string, fromTime: number, wholeHours: boolean): Promise<PoolSeries> {
    const start = wholeHours ? Math.floor(fromTime / HOUR_SECONDS) * HOUR_SECONDS : fromTime
    return this.database.read(async (db) => {
      if (wholeHours) {
        const hourly = await db
          .select({ time: poolCandles.hourStart, open: poolCandles.open, high: poolCandles.high, low: poolCandles.low, close: poolCandles.close, volume: poolCandles.volumeAda })
          .from(poolCandles)
          .where(and(eq(poolCandles.poolId, poolId), gte(poolCandles.hourStart, start)))
          .orderBy(asc(poolCandles.hourStart))
        return { hourly }
      }
      const before = await db
        .select({ price: poolUpdates.adaPerUnit })
        .from(poolUpdates)
        .where(and(eq(poolUpdates.poolId, poolId), lt(poolUpdates.blockTime, start), isNotNull(poolUpdates.adaPerUnit)))
        .orderBy(desc(poolUpdates.blockTime), desc(poolUpdates.blockHeight), desc(poolUpdates.blockIndex))
        .limit(1)
      const updates = await db
        .select({ time: poolUpdates.blockTime, priceAda: poolUpdates.adaPerUnit, kind: poolUpdates.kind, amountAda: poolUpdates.amountAda })
        .from(poolUpdates)
        .where(and(eq(poolUpdates.poolId, poolId), gte(poolUpdates.blockTime, start)))
        .orderBy(asc(poolUpdates.blockTime), asc(poolUpdates.blockHeight), asc(poolUpdates.blockIndex))
      const lastHourBefore = () =>
        db.select({ close: poolCandles.close }).from(poolCandles).where(and(eq(poolCandles.poolId, poolId), lt(poolCandles.hourStart, start))).orderBy(desc(poolCandles.hourStart)).limit(1)
      const opening = before[0]?.price ?? (await lastHourBefore())[0]?.close ?? null
      return { updates: updates.map((r) => ({ time: r.time, priceAda: r.priceAda, amountAda: r.kind === 'swap' ? r.amountAda : null })), opening }
    })
  }

  /**
   * When the follower first recorded the pool (Unix s): where its chain-built candles start. The first update while
   * it is kept; once retention rolled it up, the start of the first stored hour (hourly-candles.ts). Null: never.
   */
  async firstRecord(poolId: string): Promise<number | null> {
    return this.database.read(async (db) => {
      const [update] = await db.select({ time: sql<number | null>`min(${poolUpdates.blockTime})` }).from(poolUpdates).where(eq(poolUpdates.poolId, poolId))
      const [hour] = await db.select({ time: sql<number | null>`min(${poolCandles.hourStart})` }).from(poolCandles).where(eq(poolCandles.poolId, poolId))
      const first = update?.time ?? null
      const firstHour = hour?.time ?? null
      if (firstHour === null) return first
      return first !== null && first < firstHour + HOUR_SECONDS ? first : firstHour
    })
  }

  /** The blocks kept (chain_blocks), newest first: the Ogmios follower's points to resume from. */
  async recentBlocks(limit: number): Promise<ChainBlock[]> {
    return this.database.read((db) => db.select().from(chainBlocks).orderBy(desc(chainBlocks.height)).limit(limit))
  }

  /**
   * The lowest height of a kept block or recorded update after `time` (Unix s): where a rollback to a point no
   * longer held starts. Null when nothing recorded is after it.
   */
  async firstHeightAfter(time: number): Promise<number | null> {
    return this.database.read(async (db) => {
      const [block] = await db.select({ h: sql<number | null>`min(${chainBlocks.height})` }).from(chainBlocks).where(sql`${chainBlocks.time} > ${time}`)
      const [update] = await db.select({ h: sql<number | null>`min(${poolUpdates.blockHeight})` }).from(poolUpdates).where(sql`${poolUpdates.blockTime} > ${time}`)
      const heights = [block?.h, update?.h].filter((h): h is number => h !== null && h !== undefined)
      return heights.length === 0 ? null : Math.min(...heights)
    })
  }

  /**
   * The stored hourly candle of the pool whose hour holds `at` (Unix s), else the newest one before it (its close is
   * then the last price before `at`); null when none starts at or before `at`. One primary-key probe.
   */
  async hourAtOrBefore(poolId: string, at: number): Promise<{ hourStart: number; close: number } | null> {
    const rows = await this.database.read((db) =>
      db
        .select({ hourStart: poolCandles.hourStart, close: poolCandles.close })
        .from(poolCandles)
        .where(and(eq(poolCandles.poolId, poolId), lte(poolCandles.hourStart, at)))
        .orderBy(desc(poolCandles.hourStart))
        .limit(1),
    )
    return rows[0] ?? null
  }

  /** Pool updates stored (the bench's bytes-per-update figure). */
  async countUpdates(): Promise<number> {
    const rows = await this.database.read((db) => db.select({ n: sql<number>`count(*)` }).from(poolUpdates))
    return Number(rows[0]?.n ?? 0)
  }
}

/**
 * The writes of one record(): updates, then each pool's state (a backfill, newest first, must not overwrite a
 * newer state with an older one), its creation when this read saw it (whenever it comes), and its token.
 * Returns the updates actually inserted.
 */
async function recordIn(db: DbTransaction, updates: readonly PoolUpdateRow[], pools: readonly ChainPoolRow[]): Promise<CountedUpdate[]> {
  const added: CountedUpdate[] = []
  for (let i = 0; i < updates.length; i += INSERT_CHUNK) {
    added.push(...(await db.insert(poolUpdates).values(updates.slice(i, i + INSERT_CHUNK)).onConflictDoNothing().returning(COUNTED_COLUMNS)))
  }
  for (const pool of pools) {
    const { poolId, dex, tokenUnit, identityUnit, createdHeight, createdHash, createdTime, createdTxHash, initialReserveAda, initialReserveToken, ...state } = pool
    await db
      .insert(chainPools)
      .values(pool)
      .onConflictDoUpdate({ target: chainPools.poolId, set: state, setWhere: sql`${chainPools.lastHeight} <= ${pool.lastHeight}` })
    if (createdHeight !== null) {
      await db
        .update(chainPools)
        .set({ createdHeight, createdHash, createdTime, createdTxHash, initialReserveAda, initialReserveToken })
        .where(and(eq(chainPools.poolId, poolId), sql`${chainPools.createdHeight} IS NULL`))
    }
  }
  const tokens = new Map<string, number>()
  for (const pool of pools) tokens.set(pool.tokenUnit, Math.min(tokens.get(pool.tokenUnit) ?? pool.lastHeight, pool.lastHeight))
  for (const [unit, firstSeenHeight] of tokens) {
    await db.insert(chainTokens).values({ unit, firstSeenHeight, decimalsSource: 'unknown' }).onConflictDoNothing()
  }
  return added
}
