/**
 * The calendar windows an upstream counts calls in besides the minute: the UTC day (Koios: 5,000 keyless,
 * 50,000 with a free token) and the UTC calendar month (CoinGecko's Demo key: 10,000). Pure arithmetic, shared
 * by the core plan (which fits its intervals into them), the in-memory ledger and the Redis script (which
 * repeats the same rules in Lua: src/cluster/ledger-script.ts).
 *
 * A window's limit is split like the minute: the core plan's reserve (what its inputs cost over the window at
 * their intervals) and the long tail's allowance, the rest. The long tail's allowance is paced: a bucket of at
 * most `burst` calls refilled at what is left of the allowance spread over the time left of the window, so a
 * morning flood spends at most the burst plus the pace, never the evening. A window's total (core, long tail,
 * retries, probes) never passes its limit.
 */

export type QuotaWindowKind = 'day' | 'month'

export const DAY_MS = 86_400_000
/** The longest month: the plan fits the core into the month's limit as if every month had 31 days. */
export const LONGEST_MONTH_MS = 31 * DAY_MS
/** A window's burst: the long tail's paced allowance of this long (at least MIN_BURST calls). */
export const BURST_MS = 60 * 60_000
export const MIN_BURST = 2

/** One calendar window of one upstream, as planned. */
export interface QuotaLimit {
  kind: QuotaWindowKind
  /** Calls the upstream allows in the window. */
  limit: number
  /** What the core inputs cost over the (longest) window at their planned intervals. */
  coreReserve: number
  /** The long tail's allowance: limit − core reserve. */
  longTail: number
  /** Most long-tail calls that may go at once after a quiet spell. */
  burst: number
}

/** Start and end (exclusive) of the UTC window holding `now`. */
export function windowBounds(kind: QuotaWindowKind, now: number): { start: number; end: number } {
  const d = new Date(now)
  if (kind === 'day') {
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
    return { start, end: start + DAY_MS }
  }
  return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) }
}

/** The window's length for planning: a day, or the longest month. */
export const planningLength = (kind: QuotaWindowKind): number => (kind === 'day' ? DAY_MS : LONGEST_MONTH_MS)

export function burstOf(longTail: number, kind: QuotaWindowKind): number {
  return Math.min(longTail, Math.max(MIN_BURST, Math.ceil((longTail * BURST_MS) / planningLength(kind))))
}

/** The long tail's paced bucket in one window. */
export interface PacedState {
  /** Start of the window the counts belong to. */
  windowStart: number
  /** Every call of the window (all lanes). */
  used: number
  /** Long-tail calls of the window. */
  longTailUsed: number
  /** Calls the bucket holds (fractional). */
  tokens: number
  /** When the bucket was last refilled. */
  at: number
}

export const freshState = (windowStart: number, burst: number): PacedState => ({ windowStart, used: 0, longTailUsed: 0, tokens: burst, at: windowStart })

/**
 * The bucket at `now`: a new window starts full and empty of use; otherwise it gains what is left of the long
 * tail's allowance spread over the time left, up to the burst.
 */
export function refill(state: PacedState | undefined, limit: QuotaLimit, now: number): PacedState {
  const { start, end } = windowBounds(limit.kind, now)
  if (state === undefined || state.windowStart !== start) return { ...freshState(start, limit.burst), at: now }
  const left = Math.max(0, limit.longTail - state.longTailUsed)
  const rate = left / Math.max(1, end - state.at)
  const tokens = Math.min(limit.burst, left, state.tokens + rate * Math.max(0, now - state.at))
  return { ...state, tokens, at: Math.max(state.at, now) }
}

export type QuotaCheck = { ok: true } | { ok: false; retryAfterMs: number; spent: boolean }

/**
 * Whether `calls` more calls fit the window now (`longTail`: from the paced allowance too). `spent` says the
 * window itself is used up (until its reset) rather than paced (until the bucket refills).
 */
export function check(state: PacedState, limit: QuotaLimit, calls: number, longTail: boolean, now: number): QuotaCheck {
  const { end } = windowBounds(limit.kind, now)
  if (state.used + calls > limit.limit) return { ok: false, retryAfterMs: end - now, spent: true }
  if (!longTail) return { ok: true }
  const left = limit.longTail - state.longTailUsed
  if (calls > left) return { ok: false, retryAfterMs: end - now, spent: true }
  if (state.tokens + 1e-9 >= calls) return { ok: true }
  const rate = left / Math.max(1, end - now)
  return { ok: false, retryAfterMs: Math.min(end - now, Math.ceil((calls - state.tokens) / rate)), spent: false }
}

/** Records `calls` granted calls. */
export function spend(state: PacedState, calls: number, longTail: boolean): PacedState {
  return longTail
    ? { ...state, used: state.used + calls, longTailUsed: state.longTailUsed + calls, tokens: Math.max(0, state.tokens - calls) }
    : { ...state, used: state.used + calls }
}

/** Gives back `calls` granted ahead and never made. */
export function unspend(state: PacedState, limit: QuotaLimit, calls: number, longTail: boolean): PacedState {
  const used = Math.max(0, state.used - calls)
  if (!longTail) return { ...state, used }
  return { ...state, used, longTailUsed: Math.max(0, state.longTailUsed - calls), tokens: Math.min(limit.burst, state.tokens + calls) }
}
