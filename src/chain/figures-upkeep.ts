/**
 * Keeps the chain figures current (chain_figures_window, chain_pool_figures, chain_token_figures) inside the
 * store's own transactions, whatever source feeds the store: ChainStore.record, setCursor and rollback call it
 * (store.ts), so the figures commit or roll back with the updates they count. Nothing is recomputed from all the
 * trades: each step touches only what moved.
 *
 * The window is the 24 h up to `end`, the newest block time recorded (a recorded update or pool state, or the
 * cursor's block). Invariant, per pool: volume, buys and sells count its trades (swaps with a side) with block
 * time in (end − 24 h, end]; refPrice is the price after its newest update at or before end − 24 h.
 * - Recorded updates (only those actually inserted: a re-read counts nothing twice) are counted when inside the
 *   window, or offered as the price at the start when at or before it (a backfill reads older blocks later).
 * - When `end` moves on, the updates that leave the window are taken out and their newest per pool becomes its
 *   price at the start; a rollback takes its removed updates out, and `end` may move back, bringing updates in.
 * - Every pool touched has its token's row rebuilt from the token's pools (token-figures.ts): a few rows.
 * Retention never deletes an update inside the window (retention.ts reads `windowStart`).
 */
import { and, desc, eq, gt, inArray, lte, max, sql } from 'drizzle-orm'
import { assetNameText } from '../cardano/unit'
import { fingerprintOf } from '../cardano/fingerprint'
import type { DbTransaction } from '../db/client'
import { chainCursor, chainFiguresWindow, chainPoolFigures, chainPools, chainTokenFigures, poolUpdates, type PoolUpdateRow } from '../db/schema'
import { tokenFigures, WINDOW_SECONDS } from './token-figures'

/** What the upkeep reads of an update. */
export type CountedUpdate = Pick<PoolUpdateRow, 'poolId' | 'tokenUnit' | 'blockTime' | 'blockHeight' | 'blockIndex' | 'kind' | 'side' | 'amountAda' | 'adaPerUnit'>

export const COUNTED_COLUMNS = {
  poolId: poolUpdates.poolId,
  tokenUnit: poolUpdates.tokenUnit,
  blockTime: poolUpdates.blockTime,
  blockHeight: poolUpdates.blockHeight,
  blockIndex: poolUpdates.blockIndex,
  kind: poolUpdates.kind,
  side: poolUpdates.side,
  amountAda: poolUpdates.amountAda,
  adaPerUnit: poolUpdates.adaPerUnit,
}

/** Units per `IN (…)` list. */
const CHUNK = 500

const isTrade = (u: CountedUpdate) => u.kind === 'swap' && (u.side === 'buy' || u.side === 'sell')
/** Chain order: time, then height, then place in the block. */
const newer = (a: CountedUpdate, b: CountedUpdate) =>
  a.blockTime - b.blockTime || a.blockHeight - b.blockHeight || a.blockIndex - b.blockIndex

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

/** The window's start (Unix s) as the store holds it; null when nothing is recorded (or the figures are not built yet). */
export async function windowStart(tx: DbTransaction): Promise<number | null> {
  const [row] = await tx.select({ end: chainFiguresWindow.endTime }).from(chainFiguresWindow).where(eq(chainFiguresWindow.id, 1))
  return row?.end == null ? null : row.end - WINDOW_SECONDS
}

export class FiguresUpkeep {
  /** Pools whose rows (and so their tokens' rows) are to be brought up to date by finish(). */
  private readonly touched = new Set<string>()

  private constructor(
    private readonly tx: DbTransaction,
    private end: number | null,
  ) {}

  /** The upkeep of one transaction; builds the figures from the records first when the store has none yet (an upgrade). */
  static async begin(tx: DbTransaction): Promise<FiguresUpkeep> {
    const [row] = await tx.select().from(chainFiguresWindow).where(eq(chainFiguresWindow.id, 1))
    return row === undefined ? FiguresUpkeep.build(tx) : new FiguresUpkeep(tx, row.endTime)
  }

  private get start(): number | null {
    return this.end === null ? null : this.end - WINDOW_SECONDS
  }

  /** Moves the window's end forward to `time` (never back): what leaves it is taken out. */
  async advanceTo(time: number | null): Promise<void> {
    if (time === null || (this.end !== null && time <= this.end)) return
    const start = this.start
    this.end = time
    if (start !== null) await this.leave(start, this.start!)
    await this.saveEnd()
  }

  /**
   * Moves the window's end back to `time` after a rollback removed the blocks above it: the updates between the
   * two starts come back in, and pools whose price at the start came from them are read again.
   */
  async retreatTo(time: number | null): Promise<void> {
    if (time === null || this.end === null || time >= this.end) return
    const oldStart = this.start!
    this.end = time
    const start = this.start!
    const back = await this.tx.select(COUNTED_COLUMNS).from(poolUpdates).where(and(gt(poolUpdates.blockTime, start), lte(poolUpdates.blockTime, oldStart)))
    await this.count(back, 1)
    const moved = await this.tx.select({ poolId: chainPoolFigures.poolId }).from(chainPoolFigures).where(gt(chainPoolFigures.refTime, start))
    for (const { poolId } of moved) await this.readRef(poolId)
    await this.touchStates(start, oldStart)
    await this.saveEnd()
  }

  /** Updates just inserted (never one already counted), and the pools whose state the same write recorded. */
  async recorded(updates: readonly CountedUpdate[], pools: ReadonlyArray<{ poolId: string }>): Promise<void> {
    for (const pool of pools) this.touched.add(pool.poolId)
    const start = this.start
    await this.count(updates.filter((u) => start === null || u.blockTime > start), 1)
    await this.offerRefs(start === null ? [] : updates.filter((u) => u.blockTime <= start))
  }

  /** Updates a rollback just deleted: taken out of the window, and their pools' price at the start read again. */
  async removed(updates: readonly CountedUpdate[]): Promise<void> {
    const start = this.start
    await this.count(updates.filter((u) => start === null || u.blockTime > start), -1)
    const refs = new Set(updates.filter((u) => start !== null && u.blockTime <= start).map((u) => u.poolId))
    for (const poolId of refs) await this.readRef(poolId)
    for (const u of updates) this.touched.add(u.poolId)
  }

  /** Pools whose state changed or that are gone (a rollback), for finish(). */
  touch(poolIds: Iterable<string>): void {
    for (const poolId of poolIds) this.touched.add(poolId)
  }

  /**
   * Every touched pool's row follows its chain_pools state (or goes with it), and each of their tokens' rows is
   * rebuilt from its pools. Returns those tokens (their rows changed, or went with their last pool).
   */
  async finish(): Promise<string[]> {
    const tokens = new Set<string>()
    for (const ids of chunks([...this.touched])) {
      const states = await this.tx
        .select({ poolId: chainPools.poolId, tokenUnit: chainPools.tokenUnit, lastTime: chainPools.lastTime })
        .from(chainPools)
        .where(inArray(chainPools.poolId, ids))
      const kept = new Set(states.map((s) => s.poolId))
      const gone = ids.filter((id) => !kept.has(id))
      if (gone.length > 0) {
        const rows = await this.tx.delete(chainPoolFigures).where(inArray(chainPoolFigures.poolId, gone)).returning({ tokenUnit: chainPoolFigures.tokenUnit })
        for (const row of rows) tokens.add(row.tokenUnit)
      }
      for (const state of states) {
        tokens.add(state.tokenUnit)
        await this.tx
          .insert(chainPoolFigures)
          .values({ poolId: state.poolId, tokenUnit: state.tokenUnit, volumeLovelace: 0, buys: 0, sells: 0, stateTime: state.lastTime })
          .onConflictDoUpdate({ target: chainPoolFigures.poolId, set: { stateTime: state.lastTime, tokenUnit: state.tokenUnit } })
      }
    }
    this.touched.clear()
    for (const unit of tokens) await this.refreshToken(unit)
    return [...tokens]
  }

  /** The first upkeep on a store that has records but no figures yet (a database from before them): built once. */
  private static async build(tx: DbTransaction): Promise<FiguresUpkeep> {
    const [cursor] = await tx.select({ time: chainCursor.time }).from(chainCursor).where(eq(chainCursor.id, 1))
    const [updates] = await tx.select({ time: max(poolUpdates.blockTime) }).from(poolUpdates)
    const [pools] = await tx.select({ time: max(chainPools.lastTime) }).from(chainPools)
    const times = [cursor?.time, updates?.time, pools?.time].filter((t): t is number => t != null)
    const upkeep = new FiguresUpkeep(tx, times.length === 0 ? null : Math.max(...times))
    await tx.insert(chainFiguresWindow).values({ id: 1, endTime: upkeep.end })
    const start = upkeep.start
    if (start === null) return upkeep
    await tx.run(sql`INSERT INTO chain_pool_figures (pool_id, token_unit, volume_lovelace, buys, sells, state_time) SELECT pool_id, token_unit, 0, 0, 0, last_time FROM chain_pools`)
    await upkeep.count(await tx.select(COUNTED_COLUMNS).from(poolUpdates).where(gt(poolUpdates.blockTime, start)), 1)
    const all = await tx.select({ poolId: chainPools.poolId }).from(chainPools)
    for (const { poolId } of all) {
      await upkeep.readRef(poolId)
      upkeep.touched.add(poolId)
    }
    return upkeep
  }

  private async saveEnd(): Promise<void> {
    await this.tx.update(chainFiguresWindow).set({ endTime: this.end }).where(eq(chainFiguresWindow.id, 1))
  }

  /** The window's start moved from `from` to `to` (later): updates in (from, to] leave it. */
  private async leave(from: number, to: number): Promise<void> {
    const leaving = await this.tx.select(COUNTED_COLUMNS).from(poolUpdates).where(and(gt(poolUpdates.blockTime, from), lte(poolUpdates.blockTime, to)))
    await this.count(leaving, -1)
    await this.offerRefs(leaving)
    await this.touchStates(from, to)
  }

  /** Pools whose current state's time lies in (from, to]: their price at the start is now (or no longer) that state. */
  private async touchStates(from: number, to: number): Promise<void> {
    const rows = await this.tx
      .select({ poolId: chainPoolFigures.poolId })
      .from(chainPoolFigures)
      .where(and(gt(chainPoolFigures.stateTime, from), lte(chainPoolFigures.stateTime, to)))
    for (const row of rows) this.touched.add(row.poolId)
  }

  /** Adds (`sign` 1) or takes out (−1) the trades among these updates, per pool. */
  private async count(updates: readonly CountedUpdate[], sign: 1 | -1): Promise<void> {
    const perPool = new Map<string, { tokenUnit: string; volume: number; buys: number; sells: number }>()
    for (const u of updates) {
      if (!isTrade(u)) continue
      const pool = perPool.get(u.poolId) ?? { tokenUnit: u.tokenUnit, volume: 0, buys: 0, sells: 0 }
      pool.volume += sign * Number(u.amountAda ?? 0)
      if (u.side === 'buy') pool.buys += sign
      else pool.sells += sign
      perPool.set(u.poolId, pool)
    }
    for (const [poolId, d] of perPool) {
      this.touched.add(poolId)
      await this.tx
        .insert(chainPoolFigures)
        .values({ poolId, tokenUnit: d.tokenUnit, volumeLovelace: d.volume, buys: d.buys, sells: d.sells })
        .onConflictDoUpdate({
          target: chainPoolFigures.poolId,
          set: {
            volumeLovelace: sql`${chainPoolFigures.volumeLovelace} + ${d.volume}`,
            buys: sql`${chainPoolFigures.buys} + ${d.buys}`,
            sells: sql`${chainPoolFigures.sells} + ${d.sells}`,
          },
        })
    }
  }

  /** Updates at or before the start: each pool's newest of them is its price at the start, unless it has a newer one. */
  private async offerRefs(updates: readonly CountedUpdate[]): Promise<void> {
    const newest = new Map<string, CountedUpdate>()
    for (const u of updates) {
      const held = newest.get(u.poolId)
      if (held === undefined || newer(u, held) > 0) newest.set(u.poolId, u)
    }
    for (const u of newest.values()) {
      this.touched.add(u.poolId)
      await this.tx
        .insert(chainPoolFigures)
        .values({ poolId: u.poolId, tokenUnit: u.tokenUnit, volumeLovelace: 0, buys: 0, sells: 0 })
        .onConflictDoNothing()
      await this.tx
        .update(chainPoolFigures)
        .set({ refPrice: u.adaPerUnit, refTime: u.blockTime, refHeight: u.blockHeight, refIndex: u.blockIndex })
        .where(
          and(
            eq(chainPoolFigures.poolId, u.poolId),
            sql`(${chainPoolFigures.refTime} IS NULL OR (${chainPoolFigures.refTime}, ${chainPoolFigures.refHeight}, ${chainPoolFigures.refIndex}) < (${u.blockTime}, ${u.blockHeight}, ${u.blockIndex}))`,
          ),
        )
    }
  }

  /** A pool's price at the start read from its updates (after a rollback or a move back; when building). */
  private async readRef(poolId: string): Promise<void> {
    const start = this.start
    const [u] =
      start === null
        ? []
        : await this.tx
            .select(COUNTED_COLUMNS)
            .from(poolUpdates)
            .where(and(eq(poolUpdates.poolId, poolId), lte(poolUpdates.blockTime, start)))
            .orderBy(desc(poolUpdates.blockTime), desc(poolUpdates.blockHeight), desc(poolUpdates.blockIndex))
            .limit(1)
    await this.tx
      .update(chainPoolFigures)
      .set({ refPrice: u?.adaPerUnit ?? null, refTime: u?.blockTime ?? null, refHeight: u?.blockHeight ?? null, refIndex: u?.blockIndex ?? null })
      .where(eq(chainPoolFigures.poolId, poolId))
    this.touched.add(poolId)
  }

  /** The token's row rebuilt from its pools (deleted with its last pool). */
  private async refreshToken(unit: string): Promise<void> {
    const pools = await this.tx
      .select({
        poolId: chainPools.poolId,
        dex: chainPools.dex,
        reserveAda: chainPools.reserveAda,
        reserveToken: chainPools.reserveToken,
        stateTime: chainPools.lastTime,
        createdHeight: chainPools.createdHeight,
        createdTime: chainPools.createdTime,
        volumeLovelace: chainPoolFigures.volumeLovelace,
        buys: chainPoolFigures.buys,
        sells: chainPoolFigures.sells,
        refPrice: chainPoolFigures.refPrice,
      })
      .from(chainPools)
      .leftJoin(chainPoolFigures, eq(chainPoolFigures.poolId, chainPools.poolId))
      .where(eq(chainPools.tokenUnit, unit))
    const figures = tokenFigures(
      pools.map((p) => ({
        poolId: p.poolId,
        dex: p.dex,
        reserveAda: BigInt(p.reserveAda),
        reserveToken: BigInt(p.reserveToken),
        stateTime: p.stateTime,
        createdTime: p.createdHeight === null ? null : p.createdTime,
        volumeLovelace: p.volumeLovelace ?? 0,
        buys: p.buys ?? 0,
        sells: p.sells ?? 0,
        refPrice: p.refPrice,
      })),
      this.start,
    )
    if (figures === null) {
      await this.tx.delete(chainTokenFigures).where(eq(chainTokenFigures.unit, unit))
      return
    }
    const values = {
      pairCount: figures.pairCount,
      dexIds: figures.dexIds.join(','),
      topPoolId: figures.topPoolId,
      topReserveAda: Number(figures.topReserveAda),
      topReserveToken: String(figures.topReserveToken),
      topPrice: figures.topPrice,
      reserveLovelace: Number(figures.reserveLovelace),
      volumeLovelace: figures.volumeLovelace,
      buys: figures.buys,
      sells: figures.sells,
      txns: figures.txns,
      change24h: figures.change24h,
      pairCreatedAt: figures.pairCreatedAt,
    }
    const [known] = await this.tx.select({ unit: chainTokenFigures.unit }).from(chainTokenFigures).where(eq(chainTokenFigures.unit, unit))
    if (known !== undefined) await this.tx.update(chainTokenFigures).set(values).where(eq(chainTokenFigures.unit, unit))
    else await this.tx.insert(chainTokenFigures).values({ unit, fingerprint: fingerprintOf(unit), assetName: assetNameText(unit.slice(56)), ...values })
  }
}
