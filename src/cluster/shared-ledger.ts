import {
  CORE_OVERFLOW,
  LANES,
  PROBE_INTERVAL_MS,
  spentUntil,
  WINDOW_MS,
  type BudgetLedger,
  type CallClaim,
  type ClientShare,
  type LaneLimits,
  type RefusalReason,
  type SpentState,
  type UpstreamUsage,
  singleVerdict,
  type Verdict,
} from '../upstream/budget-ledger'
import type { UpstreamName } from '../upstream/errors'
import type { SpentAnswer } from '../upstream/spent-answers'
import { windowBounds } from '../upstream/quota-windows'
import { LEDGER_SCRIPT, RELEASE_SCRIPT } from './ledger-script'
import type { SharedRedis } from './redis'

/**
 * The upstream budgets of all instances in one ledger in Redis (ledger-script.ts): the core share, the long
 * tail, each client's fair share, the UTC day's and month's counts and paced allowances, and a spent upstream
 * hold across instances. While Redis cannot answer, the instance grants from `local` instead, its conservative
 * own share (budget / INSTANCES, see localShare in budget-ledger.ts), so N instances cut off from Redis still
 * stay within the budgets together.
 */
export class SharedBudgetLedger implements BudgetLedger {
  constructor(
    private readonly redis: SharedRedis,
    private readonly limits: LaneLimits,
    private readonly local: BudgetLedger,
    /** The calendar clock (day and month windows, spent times); the minute is Redis's. */
    readonly now: () => number = Date.now,
  ) {}

  async tryTake(claim: CallClaim): Promise<Verdict> {
    const verdict = await this.ask([claim], true)
    if (verdict === null) return this.local.tryTake(claim)
    if (verdict.granted || claim.lane === 'long_tail' || verdict.reason === 'spent') return singleVerdict(verdict)
    // Core past its share borrows from the long tail as one more client, as in the memory ledger.
    const overflow = await this.ask([{ upstream: claim.upstream, lane: 'long_tail', client: CORE_OVERFLOW }], true)
    return overflow?.granted ? singleVerdict(overflow) : singleVerdict(verdict)
  }

  async tryTakeAll(claims: CallClaim[]): Promise<Verdict> {
    return (await this.ask(claims, true)) ?? this.local.tryTakeAll(claims)
  }

  async markSpent(upstream: UpstreamName, answer: SpentAnswer, askedAt: number): Promise<void> {
    await this.local.markSpent(upstream, answer, askedAt)
    const now = this.now()
    const until = spentUntil(answer, askedAt, now)
    if (!this.redis.available || until <= now) return
    const key = `quota:${upstream}`
    try {
      const current = (await this.redis.send('HMGET', [key, 'spent:kind', 'spent:until'])) as [string | null, string | null]
      // An exhausted tier outranks a cool-down.
      if (current[0] === 'exhausted' && Number(current[1] ?? 0) > now && answer.kind === 'cooling') return
      const probe = current[1] !== null && Number(current[1]) > now ? [] : ['spent:probe', String(now)]
      await this.redis.send('HSET', [key, 'spent:kind', answer.kind, 'spent:until', String(until), ...probe])
    } catch {
      // The local ledger holds it meanwhile.
    }
  }

  async release(claim: CallClaim): Promise<void> {
    if (!this.redis.available) return this.local.release(claim)
    const windows = (this.limits[claim.upstream].windows ?? []).map((w) => `${w.kind}:${w.burst}`)
    try {
      await this.redis.send('EVAL', [
        RELEASE_SCRIPT,
        '2',
        `budget:${claim.upstream}:${claim.lane}`,
        `quota:${claim.upstream}`,
        claim.client,
        String(claim.calls ?? 1),
        claim.lane === 'long_tail' ? '1' : '0',
        ...windows,
      ])
    } catch {
      // Kept as spent: the safe side.
    }
  }

  async markRecovered(upstream: UpstreamName): Promise<void> {
    await this.local.markRecovered(upstream)
    if (!this.redis.available) return
    try {
      await this.redis.send('HDEL', [`quota:${upstream}`, 'spent:kind', 'spent:until', 'spent:probe'])
    } catch {
      // Cleared at the reset in any case.
    }
  }

  async usage(): Promise<Record<UpstreamName, UpstreamUsage>> {
    if (!this.redis.available) return this.local.usage()
    try {
      const now = this.now()
      const usage = {} as Record<UpstreamName, UpstreamUsage>
      for (const upstream of Object.keys(this.limits) as UpstreamName[]) {
        const limits = this.limits[upstream]
        const minute = await Promise.all(
          LANES.map(async (lane) => {
            const key = `budget:${upstream}:${lane}`
            const oldest = (await this.redis.send('ZRANGE', [key, '0', '0', 'WITHSCORES'])) as string[]
            const used = Number(await this.redis.send('ZCOUNT', [key, String(now - WINDOW_MS), '+inf']))
            const resets = oldest.length === 2 ? Number(oldest[1]) + WINDOW_MS : now
            return { window: 'minute' as const, lane, limit: limits[lane].perMinute, used, resetsAt: new Date(resets).toISOString() }
          }),
        )
        const hash = (await this.redis.send('HGETALL', [`quota:${upstream}`])) as string[] | Record<string, string>
        const fields: Record<string, string> = Array.isArray(hash) ? Object.fromEntries(pairs(hash)) : hash
        const calendar = (limits.windows ?? []).map((w) => {
          const { start, end } = windowBounds(w.kind, now)
          const used = Number(fields[`${w.kind}:start`]) === start ? Number(fields[`${w.kind}:used`] ?? 0) : 0
          return { window: w.kind, limit: w.limit, used, resetsAt: new Date(end).toISOString() }
        })
        const until = Number(fields['spent:until'] ?? 0)
        const spent = until > now ? { kind: fields['spent:kind'] as SpentState['kind'], until: new Date(until).toISOString() } : null
        usage[upstream] = { windows: [...minute, ...calendar], spent }
      }
      return usage
    } catch {
      return this.local.usage()
    }
  }

  /** The script's verdict, or null when Redis cannot give one (the local share decides then). */
  private async ask(claims: CallClaim[], probe: boolean): Promise<Verdict | null> {
    if (!this.redis.available) return null
    const now = this.now()
    const request = {
      now,
      probe: probe ? 1 : 0,
      probeMs: PROBE_INTERVAL_MS,
      claims: claims.map((c) => ({
        upstream: c.upstream,
        lane: c.lane,
        client: c.client,
        calls: c.calls ?? 1,
        perMinute: this.limits[c.upstream][c.lane].perMinute,
        windows: (this.limits[c.upstream].windows ?? []).map((w) => {
          const { start, end } = windowBounds(w.kind, now)
          return { kind: w.kind, limit: w.limit, longTail: w.longTail, burst: w.burst, start, finish: end }
        }),
      })),
    }
    const keys = claims.flatMap((c) => [`budget:${c.upstream}:${c.lane}`, `quota:${c.upstream}`])
    try {
      const reply = (await this.redis.send('EVAL', [LEDGER_SCRIPT, String(keys.length), ...keys, JSON.stringify(request), crypto.randomUUID()])) as Array<
        string | number
      >
      if (Number(reply[0]) === 1) {
        const shares = readShares(reply.slice(2))
        return Number(reply[1]) === 1 ? { granted: true, probe: true, shares } : { granted: true, shares }
      }
      return {
        granted: false,
        reason: (reply[1] as RefusalReason) ?? 'budget',
        retryAfterMs: Math.max(0, Number(reply[2] ?? 0)),
        upstream: reply[3] as UpstreamName,
        shares: readShares(reply.slice(4)),
      }
    } catch {
      return null
    }
  }
}

function readShares(flat: Array<string | number>): ClientShare[] {
  const shares: ClientShare[] = []
  for (let i = 0; i + 3 < flat.length; i += 4) {
    shares.push({ upstream: flat[i] as UpstreamName, limit: Number(flat[i + 1]), remaining: Number(flat[i + 2]), resetMs: Math.max(0, Number(flat[i + 3])) })
  }
  return shares
}

function pairs(flat: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]])
  return out
}
