import {
  CORE_OVERFLOW,
  type BudgetLedger,
  type CallClaim,
  type LaneLimits,
  type RefusalReason,
  type Verdict,
} from '../upstream/budget-ledger'
import { LANE_LEDGER_SCRIPT } from './ledger-script'
import type { SharedRedis } from './redis'

/**
 * The upstream budgets of all instances in one ledger in Redis (ledger-script.ts): the core share, the long
 * tail and each client's fair share hold across instances. While Redis cannot answer, the instance grants from
 * `local` instead, its conservative own share (budget / INSTANCES, see localShare in budget-ledger.ts), so N instances cut off from
 * Redis still stay within the budgets together.
 */
export class SharedBudgetLedger implements BudgetLedger {
  constructor(
    private readonly redis: SharedRedis,
    private readonly limits: LaneLimits,
    private readonly local: BudgetLedger,
  ) {}

  async tryTake(claim: CallClaim): Promise<Verdict> {
    const verdict = await this.ask(claim)
    if (verdict === null) return this.local.tryTake(claim)
    if (verdict.granted || claim.lane === 'long_tail') return verdict
    // Core past its share borrows from the long tail as one more client, as in the memory ledger.
    const overflow = await this.ask({ upstream: claim.upstream, lane: 'long_tail', client: CORE_OVERFLOW })
    return overflow?.granted ? overflow : verdict
  }

  /** The script's verdict, or null when Redis cannot give one (the local share decides then). */
  private async ask(claim: CallClaim): Promise<Verdict | null> {
    if (!this.redis.available) return null
    try {
      const reply = (await this.redis.send('EVAL', [
        LANE_LEDGER_SCRIPT,
        '1',
        `budget:${claim.upstream}:${claim.lane}`,
        String(this.limits[claim.upstream][claim.lane].perMinute),
        claim.lane === 'long_tail' ? '1' : '0',
        claim.client,
        crypto.randomUUID(),
      ])) as [number, RefusalReason?, number?]
      if (reply[0] === 1) return { granted: true }
      return { granted: false, reason: reply[1] ?? 'budget', retryAfterMs: Math.max(0, Number(reply[2] ?? 0)) }
    } catch {
      return null
    }
  }
}
