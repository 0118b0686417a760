/**
 * Per-client counters over clock-aligned windows (the UTC minute, hour or day holding now), for the limits a
 * public write or tool call is checked against before its expensive work: writes per client per hour, comments
 * per token per day, MCP calls per client per minute.
 *
 * Fixed windows, not sliding ones: a key's count is one number per window (one Redis key with an expiry when
 * instances share it), and a refusal can say exactly when the window ends. The price is the boundary: a client
 * may get up to twice its limit across the end of one window and the start of the next.
 *
 * A refused take is not counted, so a client that keeps knocking is not pushed further out.
 */

export interface WindowRule {
  /** Names the counter (part of every key): `writes`, `unit-comments`, `mcp`… */
  name: string
  /** Most takes per key per window; 0 or less = no limit (every take allowed, nothing counted). */
  limit: number
  /** Window length; windows start at multiples of it since the epoch (so a day window is the UTC day). */
  windowMs: number
}

export type WindowVerdict =
  | { allowed: true; count: number }
  | { allowed: false; limit: number; retryAfterMs: number }

export interface WindowCounter {
  /** Count one take of `key` under `rule`, or refuse it when the key's window is full. */
  take(rule: WindowRule, key: string): Promise<WindowVerdict>
}

/** The window holding `now`: its index (part of the key) and when it ends. */
export function windowOf(rule: WindowRule, now: number): { index: number; endsAt: number } {
  const index = Math.floor(now / rule.windowMs)
  return { index, endsAt: (index + 1) * rule.windowMs }
}

/** Sweep ended windows once the map has grown by this many keys since the last sweep. */
const SWEEP_EVERY = 10_000

/** This process's counters: the store without Redis, and each instance's fallback while Redis cannot answer. */
export class MemoryWindowCounter implements WindowCounter {
  private readonly counts = new Map<string, { endsAt: number; count: number }>()
  private sweepAt = SWEEP_EVERY

  constructor(
    private readonly now: () => number = Date.now,
    /** Scales every rule's limit (a share of it while instances cannot share one count). */
    private readonly share: (limit: number) => number = (limit) => limit,
  ) {}

  /** Keys held (live windows, plus ended ones not yet swept). */
  get size(): number {
    return this.counts.size
  }

  async take(rule: WindowRule, key: string): Promise<WindowVerdict> {
    if (rule.limit <= 0) return { allowed: true, count: 0 }
    const now = this.now()
    const window = windowOf(rule, now)
    const limit = this.share(rule.limit)
    const id = `${rule.name} ${key}`
    const entry = this.counts.get(id)
    const count = entry !== undefined && entry.endsAt === window.endsAt ? entry.count : 0
    if (count >= limit) return { allowed: false, limit, retryAfterMs: window.endsAt - now }
    this.counts.set(id, { endsAt: window.endsAt, count: count + 1 })
    if (this.counts.size >= this.sweepAt) this.sweep(now)
    return { allowed: true, count: count + 1 }
  }

  /** Drop keys whose window has ended, so a script rotating keys cannot grow the map past the live windows. */
  private sweep(now: number): void {
    for (const [id, entry] of this.counts) if (entry.endsAt <= now) this.counts.delete(id)
    this.sweepAt = this.counts.size + SWEEP_EVERY
  }
}
