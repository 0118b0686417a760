/**
 * What an upstream's HTTP client asks of its call budget. The in-process TokenBucket answers synchronously; a
 * budget shared by several instances (src/cluster/shared-bucket.ts) answers after a round trip to Redis.
 */
export interface CallBudget {
  readonly perMinute: number
  tryTake(): boolean | Promise<boolean>
  take(maxWaitMs: number): Promise<boolean>
  msUntilToken(): number | Promise<number>
}

/**
 * A token bucket: `capacity` calls may go at once, refilled at `perMinute` calls a minute.
 * `take(maxWaitMs)` resolves true when a token was taken (waiting for a refill if one arrives within
 * maxWaitMs) and false otherwise, so a caller over budget fails fast instead of hammering the upstream.
 * Waiters are served in arrival order so a burst cannot starve an earlier caller.
 */
export class TokenBucket implements CallBudget {
  private tokens: number
  private last: number
  private queue: Array<() => void> = []
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    readonly perMinute: number,
    readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity
    this.last = now()
  }

  /** Milliseconds until the next token, 0 if one is available now. */
  msUntilToken(): number {
    this.refill()
    if (this.tokens >= 1 && this.queue.length === 0) return 0
    const needed = this.queue.length + 1 - this.tokens
    return Math.ceil((needed * 60_000) / this.perMinute)
  }

  tryTake(): boolean {
    this.refill()
    if (this.queue.length === 0 && this.tokens >= 1) {
      this.tokens -= 1
      return true
    }
    return false
  }

  async take(maxWaitMs: number): Promise<boolean> {
    if (this.tryTake()) return true
    if (this.msUntilToken() > maxWaitMs) return false
    await new Promise<void>((resolve) => {
      this.queue.push(resolve)
      this.schedule()
    })
    return true
  }

  private refill(): void {
    const now = this.now()
    const elapsed = now - this.last
    if (elapsed <= 0) return
    this.tokens = Math.min(this.capacity, this.tokens + (elapsed * this.perMinute) / 60_000)
    this.last = now
  }

  private schedule(): void {
    if (this.timer !== null) return
    this.refill()
    while (this.queue.length > 0 && this.tokens >= 1) {
      this.tokens -= 1
      this.queue.shift()!()
    }
    if (this.queue.length === 0) return
    const wait = Math.max(1, Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute))
    this.timer = setTimeout(() => {
      this.timer = null
      this.schedule()
    }, wait)
  }
}
