/**
 * A token bucket: `capacity` calls may go at once, refilled at `perMinute` calls a minute. `tryTake` never
 * waits. Used for small rations inside one feature (uncurated logo lookups); upstream budgets are the
 * BudgetLedger's (budget-ledger.ts).
 */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    readonly perMinute: number,
    readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity
    this.last = now()
  }

  tryTake(): boolean {
    const now = this.now()
    this.tokens = Math.min(this.capacity, this.tokens + (Math.max(0, now - this.last) * this.perMinute) / 60_000)
    this.last = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
