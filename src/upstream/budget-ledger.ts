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
 */
import type { UpstreamName } from './errors'

export type Lane = 'core' | 'long_tail'
export const LANES: Lane[] = ['core', 'long_tail']

/** Who asks for one upstream call, and from which lane. */
export interface CallClaim {
  upstream: UpstreamName
  lane: Lane
  /** The client the call is made for (its address); core calls are not shared per client. */
  client: string
}

export type RefusalReason = 'budget' | 'fair_share'

export type Verdict = { granted: true } | { granted: false; reason: RefusalReason; retryAfterMs: number }

/**
 * What the HTTP client needs from a budget store. `tryTake` either grants one call now (and records it) or
 * says why not and when to try again; it never waits. A Redis implementation keeps the same rules.
 */
export interface BudgetLedger {
  tryTake(claim: CallClaim): Verdict | Promise<Verdict>
}

export interface LaneLimit {
  perMinute: number
}

export type LaneLimits = Record<UpstreamName, Record<Lane, LaneLimit>>

export const WINDOW_MS = 60_000

/**
 * One instance's share of every lane when several instances cannot share one ledger (no Redis, or Redis down):
 * budget / instances, rounded down, so together they stay within the budgets.
 */
export function localShare(limits: LaneLimits, instances: number): LaneLimits {
  const lane = (limit: LaneLimit): LaneLimit => ({ perMinute: Math.floor(limit.perMinute / instances) })
  const lanes = (upstream: UpstreamName) => ({ core: lane(limits[upstream].core), long_tail: lane(limits[upstream].long_tail) })
  return {
    dexscreener: lanes('dexscreener'),
    geckoterminal: lanes('geckoterminal'),
    koios: lanes('koios'),
    coingecko: lanes('coingecko'),
    handle: lanes('handle'),
  }
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

  /** The `n`-th oldest grant (0-based), optionally of one client only. */
  oldest(n = 0, client?: string): Grant {
    if (client === undefined) return this.grants[this.head + n]
    return this.grants.slice(this.head).find((g) => g.client === client)!
  }
}

/** One process's ledger. */
export class MemoryBudgetLedger implements BudgetLedger {
  private readonly windows = new Map<string, LaneWindow>()

  constructor(
    private readonly limits: LaneLimits,
    private readonly now: () => number = Date.now,
  ) {}

  tryTake(claim: CallClaim): Verdict {
    const verdict = this.takeFrom(claim)
    if (verdict.granted || claim.lane === 'long_tail') return verdict
    const overflow = this.takeFrom({ upstream: claim.upstream, lane: 'long_tail', client: CORE_OVERFLOW })
    // Refused both ways: the core's own wait is the one that matters.
    return overflow.granted ? overflow : verdict
  }

  private takeFrom(claim: CallClaim): Verdict {
    const limit = this.limits[claim.upstream][claim.lane]
    const now = this.now()
    const key = `${claim.upstream}:${claim.lane}`
    let window = this.windows.get(key)
    if (window === undefined) this.windows.set(key, (window = new LaneWindow()))
    window.prune(now)
    if (limit.perMinute <= 0) return { granted: false, reason: 'budget', retryAfterMs: WINDOW_MS }

    if (claim.lane === 'long_tail') {
      const own = window.perClient.get(claim.client) ?? 0
      const others = window.perClient.size - (own > 0 ? 1 : 0)
      if (own >= fairShare(limit.perMinute, others)) {
        return { granted: false, reason: 'fair_share', retryAfterMs: window.oldest(0, claim.client).at + WINDOW_MS - now }
      }
    }
    if (window.size >= limit.perMinute) {
      return { granted: false, reason: 'budget', retryAfterMs: window.oldest(window.size - limit.perMinute).at + WINDOW_MS - now }
    }
    window.add({ at: now, client: claim.client })
    return { granted: true }
  }
}
