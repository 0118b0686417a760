/**
 * The call budgets of the upstreams, split into lanes, behind one small interface so another store (Redis,
 * shared by several instances) can take the place of the in-memory one.
 *
 * Every call an upstream receives is one grant of `tryTake`. Per upstream and lane a sliding window of one minute
 * holds at most `perMinute` grants, so an upstream never receives more than its budget in any minute, whatever
 * the traffic. There is no separate burst limit: a lane-wide burst would let one client's burst block everyone,
 * and the fair share already bounds how much of the minute one client takes at once.
 *
 * The `core` lane is the core plan's reserved share (see core-plan.ts). The `long_tail` lane is shared fairly
 * between clients: one client may hold at most its fair share of the lane's window (see fairShare), so a
 * client asking for many cold resources is refused while others still find calls to spend. Core reads past
 * their share (retries, refreshes after failures) may also use the long tail, as one more client
 * (CORE_OVERFLOW) with a fair share like any other; the long tail can never use the core's.
 *
 * Every call also counts in its upstream's UTC day and month when it has quotas there (quota-windows.ts): a
 * window's total never passes its limit and the long tail's allowance is paced. `tryTakeAll` grants a request's
 * whole chain of cold calls at once or nothing; `release` gives back what a request was granted ahead and never
 * used. An upstream that said it is spent (markSpent: a 429 `Exceeded Tier Limit` until the reset, or a plain
 * 429 for its Retry-After or 60 s) is refused every call, except one probe per PROBE_INTERVAL_MS while its tier
 * is exhausted; an answered probe clears it (markRecovered).
 */
import type { UpstreamName } from './errors'
import { check, refill, spend, unspend, windowBounds, type PacedState, type QuotaLimit, type QuotaWindowKind } from './quota-windows'
import type { SpentAnswer } from './spent-answers'

export type Lane = 'core' | 'long_tail'
export const LANES: Lane[] = ['core', 'long_tail']

/** Who asks for upstream calls, and from which lane. */
export interface CallClaim {
  upstream: UpstreamName
  lane: Lane
  /** The client the call is made for (its address); core calls are not shared per client. */
  client: string
  /** Calls asked for at once (a request's chain on this upstream); 1 when absent. */
  calls?: number
}

/**
 * Why a call was refused: `budget` the minute's budget, `fair_share` the client's share of the long tail's
 * minute, `quota` the day's or month's allowance (paced or used up), `spent` the upstream said it is spent (a
 * 429 `Exceeded Tier Limit` or a monthly cap: until the window's reset) or asked to cool down (a plain 429).
 */
export type RefusalReason = 'budget' | 'fair_share' | 'quota' | 'spent'

/** A client's long-tail share of one upstream's minute after a verdict: the RateLimit headers' figures. */
export interface ClientShare {
  upstream: UpstreamName
  /** Calls the client may hold in the sliding minute. */
  limit: number
  remaining: number
  /** Until its oldest call of the minute leaves the window. */
  resetMs: number
}

export type Verdict =
  | { granted: true; probe?: true; shares?: ClientShare[] }
  | { granted: false; reason: RefusalReason; retryAfterMs: number; upstream?: UpstreamName; shares?: ClientShare[] }

/** The upstream told us it is spent: `exhausted` until the window resets (probing), `cooling` after a plain 429. */
export interface SpentState {
  kind: 'exhausted' | 'cooling'
  until: number
  lastProbe: number
}

/** Use of one window, for /readyz. */
export interface WindowUsage {
  window: 'minute' | QuotaWindowKind
  /** The minute's lane (the calendar windows count every lane). */
  lane?: Lane
  limit: number
  used: number
  /** When the window's count starts again (ISO time; for the minute, when its oldest call leaves). */
  resetsAt: string
}

export interface UpstreamUsage {
  windows: WindowUsage[]
  spent: { kind: SpentState['kind']; until: string } | null
}

/**
 * What the HTTP client needs from a budget store. `tryTake` grants one call now (and records it) or says why
 * not and when to try again; `tryTakeAll` grants every claim at once or none (a request's chain of cold calls,
 * admitted before its first call); neither waits. A Redis implementation keeps the same rules.
 */
export interface BudgetLedger {
  tryTake(claim: CallClaim): Verdict | Promise<Verdict>
  tryTakeAll(claims: CallClaim[]): Verdict | Promise<Verdict>
  /** The ledger's clock: the calendar windows' time, which `markSpent`'s `askedAt` is read on. */
  now(): number
  /**
   * The upstream answered that it is spent: until the reset of the window the call was sent in (`askedAt`, on
   * the ledger's clock; nothing when that window has reset since), or for a while.
   */
  markSpent(upstream: UpstreamName, answer: SpentAnswer, askedAt: number): void | Promise<void>
  /** Calls granted ahead to a request that ended without making them: they go back (no upstream got them). */
  release(claim: CallClaim): void | Promise<void>
  /** A probe of a spent upstream was answered: it serves again. */
  markRecovered(upstream: UpstreamName): void | Promise<void>
  usage(): Record<UpstreamName, UpstreamUsage> | Promise<Record<UpstreamName, UpstreamUsage>>
}

export interface LaneLimit {
  perMinute: number
}

/** One upstream's lanes of the minute and, when it counts in them, its UTC day and month windows. */
export interface UpstreamLimits {
  core: LaneLimit
  long_tail: LaneLimit
  windows?: QuotaLimit[]
}

export type LaneLimits = Record<UpstreamName, UpstreamLimits>

export const WINDOW_MS = 60_000
/** A spent upstream is asked again at most this often (the one call that finds out it serves again). */
export const PROBE_INTERVAL_MS = 5 * 60_000

/**
 * When a spent answer stops holding: a spent tier at the end of the window the call was sent in (`askedAt`), a
 * cool-down counted from when the answer arrived (`now`). A call sent before midnight and answered after it
 * speaks of the day that ended, not of the new one.
 */
export const spentUntil = (answer: SpentAnswer, askedAt: number, now: number): number =>
  answer.kind === 'exhausted' ? windowBounds(answer.window, askedAt).end : now + answer.forMs

/**
 * One instance's share of every lane and window when several instances cannot share one ledger (no Redis, or
 * Redis down): budget / instances, rounded down, so together they stay within the budgets.
 */
export function localShare(limits: LaneLimits, instances: number): LaneLimits {
  const part = (n: number) => Math.floor(n / instances)
  const share = (l: UpstreamLimits): UpstreamLimits => {
    const lanes = { core: { perMinute: part(l.core.perMinute) }, long_tail: { perMinute: part(l.long_tail.perMinute) } }
    if (l.windows === undefined) return lanes
    const windows = l.windows.map((w) => ({ ...w, limit: part(w.limit), coreReserve: part(w.coreReserve), longTail: part(w.longTail), burst: Math.max(1, part(w.burst)) }))
    return { ...lanes, windows }
  }
  return {
    dexscreener: share(limits.dexscreener),
    geckoterminal: share(limits.geckoterminal),
    koios: share(limits.koios),
    coingecko: share(limits.coingecko),
    handle: share(limits.handle),
  }
}

/** A single claim's verdict: no shares, no upstream (the claim names it). */
export function singleVerdict(verdict: Verdict): Verdict {
  if (verdict.granted) return verdict.probe ? { granted: true, probe: true } : { granted: true }
  return { granted: false, reason: verdict.reason, retryAfterMs: verdict.retryAfterMs }
}

/** The long-tail client that core reads past their reserved share count as. */
export const CORE_OVERFLOW = 'core-overflow'

/**
 * The most calls of a long-tail window one client may hold while `others` other clients hold some: an equal
 * split between the clients of the window; a client alone takes at most half, so the first newcomer never waits
 * for it. At least one call, so every client can make progress.
 */
export function fairShare(lanePerMinute: number, others: number): number {
  return Math.max(1, Math.floor(lanePerMinute / Math.max(2, others + 1)))
}

interface Grant {
  at: number
  client: string
}

/** One lane's grants of the last minute, oldest first, with a count per client. */
class LaneWindow {
  private grants: Grant[] = []
  private head = 0
  readonly perClient = new Map<string, number>()

  get size(): number {
    return this.grants.length - this.head
  }

  /** Drops grants older than the minute. */
  prune(now: number): void {
    while (this.head < this.grants.length && this.grants[this.head].at <= now - WINDOW_MS) {
      const { client } = this.grants[this.head++]
      const left = this.perClient.get(client)! - 1
      if (left === 0) this.perClient.delete(client)
      else this.perClient.set(client, left)
    }
    if (this.head > 1024 && this.head * 2 > this.grants.length) {
      this.grants = this.grants.slice(this.head)
      this.head = 0
    }
  }

  add(grant: Grant): void {
    this.grants.push(grant)
    this.perClient.set(grant.client, (this.perClient.get(grant.client) ?? 0) + 1)
  }

  /** Takes back the newest `n` grants of `client` (granted ahead, never used). */
  removeNewest(client: string, n: number): number {
    let removed = 0
    for (let i = this.grants.length - 1; i >= this.head && removed < n; i--) {
      if (this.grants[i].client !== client) continue
      this.grants.splice(i, 1)
      removed += 1
    }
    const left = (this.perClient.get(client) ?? 0) - removed
    if (left <= 0) this.perClient.delete(client)
    else this.perClient.set(client, left)
    return removed
  }

  /** The `n`-th oldest grant (0-based), optionally of one client only. */
  oldest(n = 0, client?: string): Grant {
    if (client === undefined) return this.grants[this.head + n]
    return this.grants.slice(this.head).find((g) => g.client === client)!
  }
}

/** One process's ledger. */
export class MemoryBudgetLedger implements BudgetLedger {
  private readonly windows = new Map<string, LaneWindow>()
  private readonly calendar = new Map<string, PacedState>()
  private readonly spent = new Map<UpstreamName, SpentState>()

  constructor(
    private readonly limits: LaneLimits,
    readonly now: () => number = Date.now,
  ) {}

  tryTake(claim: CallClaim): Verdict {
    const now = this.now()
    const spent = this.spentVerdict(claim.upstream, now, true)
    if (spent !== null && !spent.granted) return singleVerdict(spent)
    const verdict = this.take([claim], now)
    const result = verdict.granted || claim.lane === 'long_tail' ? verdict : this.overflow(claim, now, verdict)
    if (result.granted && spent !== null) {
      this.spent.get(claim.upstream)!.lastProbe = now
      return { granted: true, probe: true }
    }
    return singleVerdict(result)
  }

  tryTakeAll(claims: CallClaim[]): Verdict {
    const now = this.now()
    const probing: UpstreamName[] = []
    for (const claim of claims) {
      const spent = this.spentVerdict(claim.upstream, now, true)
      if (spent !== null && !spent.granted) return spent
      if (spent !== null) probing.push(claim.upstream)
    }
    const verdict = this.take(claims, now)
    const shares = claims.filter((c) => c.lane === 'long_tail').map((c) => this.share(c, now))
    if (!verdict.granted || probing.length === 0) return { ...verdict, shares }
    for (const upstream of probing) this.spent.get(upstream)!.lastProbe = now
    return { granted: true, probe: true, shares }
  }

  markSpent(upstream: UpstreamName, answer: SpentAnswer, askedAt: number): void {
    const now = this.now()
    const until = spentUntil(answer, askedAt, now)
    if (until <= now) return
    const current = this.spentState(upstream, now)
    // An exhausted tier outranks a cool-down; a probe that met the limit again keeps its time.
    if (current !== null && current.kind === 'exhausted' && answer.kind === 'cooling') return
    this.spent.set(upstream, { kind: answer.kind, until, lastProbe: current?.lastProbe ?? now })
  }

  markRecovered(upstream: UpstreamName): void {
    this.spent.delete(upstream)
  }

  release(claim: CallClaim): void {
    const now = this.now()
    const removed = this.lane(claim.upstream, claim.lane, now).removeNewest(claim.client, claim.calls ?? 1)
    for (const w of this.limits[claim.upstream].windows ?? []) {
      const key = `${claim.upstream}:${w.kind}`
      const state = refill(this.calendar.get(key), w, now)
      this.calendar.set(key, unspend(state, w, removed, claim.lane === 'long_tail'))
    }
  }

  usage(): Record<UpstreamName, UpstreamUsage> {
    const now = this.now()
    const usage = {} as Record<UpstreamName, UpstreamUsage>
    for (const upstream of Object.keys(this.limits) as UpstreamName[]) {
      const limits = this.limits[upstream]
      const minute: WindowUsage[] = LANES.map((lane) => {
        const window = this.lane(upstream, lane, now)
        const resets = window.size === 0 ? now : window.oldest(0).at + WINDOW_MS
        return { window: 'minute', lane, limit: limits[lane].perMinute, used: window.size, resetsAt: new Date(resets).toISOString() }
      })
      const calendar = (limits.windows ?? []).map((w): WindowUsage => {
        const state = refill(this.calendar.get(`${upstream}:${w.kind}`), w, now)
        return { window: w.kind, limit: w.limit, used: state.used, resetsAt: new Date(windowBounds(w.kind, now).end).toISOString() }
      })
      const spent = this.spentState(upstream, now)
      usage[upstream] = { windows: [...minute, ...calendar], spent: spent === null ? null : { kind: spent.kind, until: new Date(spent.until).toISOString() } }
    }
    return usage
  }

  /** Core past its share borrows the long tail as one more client; refused both ways, the core's own wait counts. */
  private overflow(claim: CallClaim, now: number, refused: Verdict): Verdict {
    const overflow = this.take([{ upstream: claim.upstream, lane: 'long_tail', client: CORE_OVERFLOW }], now)
    return overflow.granted ? overflow : refused
  }

  private spentState(upstream: UpstreamName, now: number): SpentState | null {
    const state = this.spent.get(upstream)
    if (state === undefined) return null
    if (now >= state.until) {
      this.spent.delete(upstream)
      return null
    }
    return state
  }

  /** null: not spent; granted: spent but a probe is due (when `probe`); refused: spent. */
  private spentVerdict(upstream: UpstreamName, now: number, probe: boolean): Verdict | null {
    const state = this.spentState(upstream, now)
    if (state === null) return null
    if (probe && state.kind === 'exhausted' && now - state.lastProbe >= PROBE_INTERVAL_MS) return { granted: true, probe: true }
    return { granted: false, reason: 'spent', retryAfterMs: state.until - now, upstream }
  }

  private lane(upstream: UpstreamName, lane: Lane, now: number): LaneWindow {
    const key = `${upstream}:${lane}`
    let window = this.windows.get(key)
    if (window === undefined) this.windows.set(key, (window = new LaneWindow()))
    window.prune(now)
    return window
  }

  /** Checks every claim against its minute lane and calendar windows, then records all of them, or none. */
  private take(claims: CallClaim[], now: number): Verdict {
    const calendarUpdates: Array<[string, PacedState]> = []
    // Claims on the same upstream and lane add up.
    const asked = new Map<string, number>()
    for (const claim of claims) {
      const calls = claim.calls ?? 1
      const limits = this.limits[claim.upstream]
      const limit = limits[claim.lane]
      const window = this.lane(claim.upstream, claim.lane, now)
      const laneKey = `${claim.upstream}:${claim.lane}`
      const before = asked.get(laneKey) ?? 0
      asked.set(laneKey, before + calls)
      if (limit.perMinute <= 0) return { granted: false, reason: 'budget', retryAfterMs: WINDOW_MS, upstream: claim.upstream }
      if (claim.lane === 'long_tail') {
        const own = window.perClient.get(claim.client) ?? 0
        const others = window.perClient.size - (own > 0 ? 1 : 0)
        if (own + before + calls > fairShare(limit.perMinute, others)) {
          const retryAfterMs = own === 0 ? WINDOW_MS : window.oldest(0, claim.client).at + WINDOW_MS - now
          return { granted: false, reason: 'fair_share', retryAfterMs, upstream: claim.upstream }
        }
      }
      const total = window.size + before + calls
      if (total > limit.perMinute) {
        const n = Math.min(window.size - 1, Math.max(0, total - limit.perMinute - 1))
        const retryAfterMs = window.size === 0 ? WINDOW_MS : window.oldest(n).at + WINDOW_MS - now
        return { granted: false, reason: 'budget', retryAfterMs, upstream: claim.upstream }
      }
      for (const w of limits.windows ?? []) {
        const key = `${claim.upstream}:${w.kind}`
        const pending = calendarUpdates.find(([k]) => k === key)?.[1]
        const state = pending ?? refill(this.calendar.get(key), w, now)
        const verdict = check(state, w, calls, claim.lane === 'long_tail', now)
        if (!verdict.ok) return { granted: false, reason: 'quota', retryAfterMs: verdict.retryAfterMs, upstream: claim.upstream }
        const next = spend(state, calls, claim.lane === 'long_tail')
        if (pending === undefined) calendarUpdates.push([key, next])
        else calendarUpdates[calendarUpdates.findIndex(([k]) => k === key)][1] = next
      }
    }
    for (const claim of claims) {
      const window = this.lane(claim.upstream, claim.lane, now)
      for (let i = 0; i < (claim.calls ?? 1); i++) window.add({ at: now, client: claim.client })
    }
    for (const [key, state] of calendarUpdates) this.calendar.set(key, state)
    return { granted: true }
  }

  private share(claim: CallClaim, now: number): ClientShare {
    const limit = this.limits[claim.upstream].long_tail.perMinute
    const window = this.lane(claim.upstream, 'long_tail', now)
    const own = window.perClient.get(claim.client) ?? 0
    const others = window.perClient.size - (own > 0 ? 1 : 0)
    const share = fairShare(limit, others)
    const resetMs = own === 0 ? 0 : window.oldest(0, claim.client).at + WINDOW_MS - now
    return { upstream: claim.upstream, limit: share, remaining: Math.max(0, share - own), resetMs }
  }
}
