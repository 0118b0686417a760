/**
 * Lines that can repeat without bound (one per request, per closed stream, per refused poll) get a budget: at most
 * `lines` of a kind per window are written, the others are counted; the next line written after a window that left
 * lines out says how many (logger.ts). 40 s of stream open/close churn wrote 85 MB of log before; with these budgets a
 * flood writes at most about 2 MB a minute, and every request is still counted in the metrics.
 */

export interface Budget {
  lines: number
  windowMs: number
}

/** The kinds of repetitive lines and their budgets. */
export const LINE_BUDGETS = {
  /** The per-request line; a 5xx answer is always written. */
  request: { lines: 200, windowMs: 1000 },
  'stream closed': { lines: 20, windowMs: 10_000 },
  /** Refusals of the MCP transport (malformed messages), which a client can send as fast as it likes. */
  'mcp rejected': { lines: 20, windowMs: 10_000 },
  /** A chain follower poll refused by the budget or failed: repeats at every poll while it lasts. */
  'chain poll': { lines: 5, windowMs: 600_000 },
  /** An Ogmios message the follower could not read (each logged once, skipped): a broken peer could send many. */
  'chain message': { lines: 20, windowMs: 60_000 },
  /** A background refresh failing or an upstream degrading a build: repeats per key while an upstream is down. */
  'upstream degraded': { lines: 20, windowMs: 60_000 },
} as const satisfies Record<string, Budget>

export type LineKind = keyof typeof LINE_BUDGETS

export class LineBudget {
  private windowEnds = 0
  private written = 0
  private leftOut = 0
  private windowStart = 0
  /** Lines left out since start (the metrics). */
  leftOutTotal = 0
  /** Lines left out in windows that ended and were not reported yet, and when the first of them began. */
  unreported = 0
  unreportedSince = 0

  constructor(private readonly budget: Budget) {}

  /** Whether a line may be written at `now` (counted either way). */
  admit(now: number): boolean {
    if (now >= this.windowEnds) {
      if (this.leftOut > 0) {
        if (this.unreported === 0) this.unreportedSince = this.windowStart
        this.unreported += this.leftOut
      }
      this.windowStart = now
      this.windowEnds = now + this.budget.windowMs
      this.written = 0
      this.leftOut = 0
    }
    if (this.written < this.budget.lines) {
      this.written++
      return true
    }
    this.leftOut++
    this.leftOutTotal++
    return false
  }

  /** Lines left out so far that no summary has named: the unreported ones and the current window's. */
  takeUnreported(): { count: number; since: number } {
    const count = this.unreported + this.leftOut
    const since = this.unreported > 0 ? this.unreportedSince : this.windowStart
    this.unreported = 0
    this.leftOut = 0
    return { count, since }
  }
}
