/**
 * The source-independent half of following the chain: transactions in, recorded pool updates and pools out, and
 * the listeners told. The Koios follower (follower.ts) and the Ogmios one (ogmios-follower.ts) hand it the same
 * ChainTx (inputs resolved, datums filled) and the same rollbacks, so trades, candles, new pools, pool states,
 * token notes and the live events (`trades:<unit>`, `pools:new`, rollbacks) are the same whichever source fed them.
 */
import type { ChainPoolRow, PoolUpdateRow } from '../db/schema'
import type { Logger } from '../observability/logger'
import type { ChainTx } from '../upstream/koios-chain'
import type { ChainStore, Cursor } from './store'
import { updatesOfTx, type FollowsToken, type PoolReaders } from './tx-updates'

export type TradesListener = (swaps: readonly PoolUpdateRow[]) => void
/** Pools the live follow saw created (their first output), as stored: for the live stream (pools:new). */
export type NewPoolsListener = (pools: readonly ChainPoolRow[]) => void
/**
 * Told the height from which recorded updates were removed by a rollback (swaps heard from there on are void),
 * and the tokens whose swaps were removed.
 */
export type RollbackListener = (fromHeight: number, tokens: readonly string[]) => void

export interface FollowerMetrics {
  chainEvent(event: 'poll' | 'poll_failed' | 'skipped_output' | 'skipped_message' | 'rollback' | 'update', n?: number): void
}

export interface RecorderDeps {
  store: ChainStore
  readers: PoolReaders
  /** Whether a token's ADA pools are recorded (every token by default; CHAIN_POOLS=curated: the registry's). */
  followsToken: FollowsToken
  logger: Logger
  metrics?: FollowerMetrics
}

export class ChainRecorder {
  private readonly listeners: TradesListener[] = []
  private readonly rollbackListeners: RollbackListener[] = []
  private readonly newPoolListeners: NewPoolsListener[] = []

  constructor(private readonly deps: RecorderDeps) {}

  /** Swaps recorded by the live follow (not the backfill), as they are stored: for the live stream (trades:<unit>). */
  onTrades(listener: TradesListener): () => void {
    return subscribe(this.listeners, listener)
  }

  /** Pools created in the blocks the live follow reads (not the backfill's), once each. */
  onNewPools(listener: NewPoolsListener): () => void {
    return subscribe(this.newPoolListeners, listener)
  }

  /** Rollbacks, for a live stream that handed out swaps of the orphaned blocks. */
  onRollback(listener: RollbackListener): () => void {
    return subscribe(this.rollbackListeners, listener)
  }

  /**
   * Record the updates of `txs` (any order: they are taken in block order); a pool output that cannot be read is
   * skipped with a warning and a metric. When `live`, one store transaction per chain transaction, and the swaps
   * and creations that were new are told to the listeners (a block read again inserts nothing, so nothing is told
   * twice); otherwise (a backfill, a replay) the whole batch in one store transaction, told to no one.
   */
  async record(txs: readonly ChainTx[], live: boolean): Promise<{ recorded: number; skipped: number }> {
    const results = [...txs].sort((a, b) => a.blockHeight - b.blockHeight || a.blockIndex - b.blockIndex).map((tx) => updatesOfTx(tx, this.deps.readers, this.deps.followsToken))
    let skipped = 0
    for (const result of results) {
      for (const s of result.skipped) {
        this.deps.logger.warn({ txHash: s.txHash, output: s.index, reason: s.reason }, 'chain follower: pool output skipped (unreadable)')
      }
      skipped += result.skipped.length
    }
    if (skipped > 0) this.deps.metrics?.chainEvent('skipped_output', skipped)
    if (!live) {
      const recorded = await this.deps.store.record(
        results.flatMap((r) => r.updates),
        results.flatMap((r) => r.pools),
      )
      if (recorded > 0) this.deps.metrics?.chainEvent('update', recorded)
      return { recorded, skipped }
    }
    const swaps: PoolUpdateRow[] = []
    const created: ChainPoolRow[] = []
    let recorded = 0
    for (const result of results) {
      const added = await this.deps.store.record(result.updates, result.pools)
      recorded += added
      if (added > 0) this.deps.metrics?.chainEvent('update', added)
      // A block re-read after a capped poll or a reconnection inserts nothing: its swaps and pools were handed out already.
      if (added > 0) swaps.push(...result.updates.filter((u) => u.kind === 'swap'))
      if (added > 0) created.push(...result.pools.filter((p) => p.createdHeight !== null))
    }
    if (swaps.length > 0) this.notify(this.listeners, (listener) => listener(swaps))
    if (created.length > 0) this.notify(this.newPoolListeners, (listener) => listener(created))
    return { recorded, skipped }
  }

  /** Undo everything from `fromHeight` up (the cursor moves to `cursor`), and tell the listeners. */
  async rollback(fromHeight: number, cursor: Cursor, nowMs: number): Promise<number> {
    const { removed, swapTokens } = await this.deps.store.rollback(fromHeight, cursor, nowMs)
    this.deps.metrics?.chainEvent('rollback')
    this.deps.logger.warn({ fromHeight, removedUpdates: removed }, 'chain rollback: orphaned updates removed, reading again')
    this.notify(this.rollbackListeners, (listener) => listener(fromHeight, swapTokens))
    return removed
  }

  private notify<L>(listeners: readonly L[], call: (listener: L) => void): void {
    for (const listener of listeners) {
      try {
        call(listener)
      } catch (error) {
        this.deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'chain follower: a listener failed')
      }
    }
  }
}

function subscribe<L>(list: L[], listener: L): () => void {
  list.push(listener)
  return () => void list.splice(list.indexOf(listener), 1)
}
