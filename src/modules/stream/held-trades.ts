/**
 * The recent trades the stream holds per asset, for `trades:<unit>` snapshots: those heard since start (here or on
 * another instance) merged with the recorded ones, once per asset, when this deployment records trades.
 */

/** One trade as the chain follower records it (its fields are the follower's REST row). */
export type TradeRow = { readonly [field: string]: unknown }

/** The documented number of trades a `trades:` snapshot carries. */
export const TRADES_KEPT = 20
/** Assets held: those traded (or asked for) most recently. */
const MAX_ASSETS = 5000

/** The trades held for an asset's topic, newest first; `seeded` once they were merged with the records. */
interface Held {
  recordedAt: string | null
  trades: TradeRow[]
  seeded: boolean
}

const NOT_RECORDED_NOTE =
  'Trades are not recorded yet on this service: its chain follower is off (CHAIN_FOLLOW=off, or no database). This topic stays open and carries event: trade if another instance records them.'

export class HeldTrades {
  private readonly held = new Map<string, Held>()
  /** Trades were heard (from this instance or another one). */
  private heard = false
  /** The recorded recent trades of an asset (newest first), when this deployment records trades. */
  private recent: ((unit: string) => Promise<TradeRow[]>) | null = null

  /** This deployment records trades: snapshots say `recorded: true` and start from the records. */
  recordedBy(recent: (unit: string) => Promise<TradeRow[]>): void {
    this.recent = recent
  }

  /** New trades of an asset (newest first). */
  add(unit: string, recordedAt: string, trades: readonly TradeRow[]): void {
    this.heard = true
    const held = this.held.get(unit)
    this.hold(unit, { recordedAt, trades: newestTrades(trades, held?.trades ?? []), seeded: held?.seeded ?? false })
  }

  /** A rollback from block `fromHeight`: the asset's trades from there on are void. Returns those still standing. */
  rollBack(unit: string, fromHeight: number, recordedAt: string): TradeRow[] {
    const held = this.held.get(unit)
    const trades = (held?.trades ?? []).filter((t) => !(typeof t.blockHeight === 'number' && t.blockHeight >= fromHeight))
    if (held !== undefined) this.hold(unit, { ...held, recordedAt, trades })
    return trades
  }

  /** Merges each asset's recorded recent trades into what is held, once per asset (a failed read is retried next open). */
  async seed(units: readonly string[], onError: (unit: string, error: unknown) => void): Promise<void> {
    const recent = this.recent
    if (recent === null) return
    for (const unit of units) {
      if (this.held.get(unit)?.seeded) continue
      try {
        const recorded = await recent(unit)
        const held = this.held.get(unit)
        this.hold(unit, { recordedAt: held?.recordedAt ?? null, trades: newestTrades(held?.trades ?? [], recorded), seeded: true })
      } catch (error) {
        onError(unit, error)
      }
    }
  }

  /** A `trades:<unit>` snapshot's data. */
  snapshot(topic: string, unit: string): Record<string, unknown> {
    if (!this.heard && this.recent === null) return { topic, recorded: false, note: NOT_RECORDED_NOTE, recordedAt: null, trades: [] }
    const held = this.held.get(unit)
    return { topic, recorded: true, recordedAt: held?.recordedAt ?? null, trades: held?.trades ?? [] }
  }

  private hold(unit: string, held: Held): void {
    this.held.delete(unit)
    this.held.set(unit, held)
    if (this.held.size > MAX_ASSETS) this.held.delete(this.held.keys().next().value!)
  }
}

/**
 * The newest TRADES_KEPT of two newest-first lists of REST trade rows, each trade (tx, pool) once (`newer` wins),
 * ordered by block height.
 */
export function newestTrades(newer: readonly TradeRow[], older: readonly TradeRow[]): TradeRow[] {
  const key = (t: TradeRow) => (typeof t.txHash === 'string' ? `${t.txHash}|${String((t.pool as { address?: unknown } | null)?.address)}` : null)
  const seen = new Set(newer.map(key))
  const merged = [...newer, ...older.filter((t) => {
    const k = key(t)
    return k === null || !seen.has(k)
  })]
  const height = (t: TradeRow) => (typeof t.blockHeight === 'number' ? t.blockHeight : null)
  // Stable: rows without a height keep their place relative to each other.
  merged.sort((a, b) => {
    const [ha, hb] = [height(a), height(b)]
    return ha === null || hb === null ? 0 : hb - ha
  })
  return merged.slice(0, TRADES_KEPT)
}
