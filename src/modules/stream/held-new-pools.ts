/**
 * The newest pools the stream holds for `pools:new` snapshots: those heard since start (here or on another
 * instance) merged once with the recorded ones, when this deployment records new pools (its chain follower is on).
 */
import { TRADES_KEPT, type TradeRow } from './held-trades'

/** One new pool as GET /pools/new answers it (the REST row). */
export type NewPoolRow = TradeRow

export class HeldNewPools {
  private recordedAt: string | null = null
  private pools: NewPoolRow[] = []
  private seeded = false
  /** The recorded newest pools (newest first), when this deployment records them. */
  private recent: (() => Promise<NewPoolRow[]>) | null = null

  recordedBy(recent: () => Promise<NewPoolRow[]>): void {
    this.recent = recent
  }

  /** Pools created since (newest first): held ahead of the older ones, at most TRADES_KEPT. */
  add(recordedAt: string, pools: readonly NewPoolRow[]): void {
    this.recordedAt = recordedAt
    this.pools = [...pools, ...this.pools].slice(0, TRADES_KEPT)
  }

  /** Merges the recorded newest pools into what is held, once (a failed read is retried at the next open). */
  async seed(onError: (error: unknown) => void): Promise<void> {
    if (this.recent === null || this.seeded) return
    try {
      const recorded = await this.recent()
      const heard = new Set(this.pools.map((p) => p.poolId))
      this.pools = [...this.pools, ...recorded.filter((p) => !heard.has(p.poolId))].slice(0, TRADES_KEPT)
      this.seeded = true
    } catch (error) {
      onError(error)
    }
  }

  /** A `pools:new` snapshot's data. */
  snapshot(topic: string): Record<string, unknown> {
    return { topic, recorded: this.recent !== null, recordedAt: this.recordedAt, pools: this.pools }
  }
}
