import type { CallBudget } from '../upstream/budget'
import { TOKEN_BUCKET_SCRIPT } from './bucket-script'
import type { SharedRedis } from './redis'

/** Shortest pause between two asks while waiting for a shared token (another instance may take it first). */
const MIN_RETRY_MS = 25

/**
 * A call budget all instances draw from: a token bucket in Redis (bucket-script.ts), keyed by any name
 * (`budget:<upstream>`, or one per lane of an upstream). While Redis cannot answer, the instance draws from
 * `local` instead, its conservative own share (budget / INSTANCES), so N instances cut off from Redis still stay
 * within the budget together.
 */
export class SharedBucket implements CallBudget {
  constructor(
    private readonly redis: SharedRedis,
    readonly key: string,
    readonly perMinute: number,
    readonly capacity: number,
    private readonly local: CallBudget,
  ) {}

  async tryTake(): Promise<boolean> {
    const answer = await this.ask(1)
    return answer === null ? this.local.tryTake() : answer.granted
  }

  async msUntilToken(): Promise<number> {
    const answer = await this.ask(0)
    return answer === null ? this.local.msUntilToken() : answer.waitMs
  }

  /**
   * Waits up to maxWaitMs for a token. Unlike the local bucket there is no queue across instances: a waiter asks
   * again when the script says a token is due, and whoever asks first gets it.
   */
  async take(maxWaitMs: number): Promise<boolean> {
    const deadline = Date.now() + maxWaitMs
    for (;;) {
      const answer = await this.ask(1)
      const left = deadline - Date.now()
      if (answer === null) return this.local.take(Math.max(0, left))
      if (answer.granted) return true
      if (answer.waitMs > left) return false
      await Bun.sleep(Math.max(MIN_RETRY_MS, answer.waitMs) + Math.floor(Math.random() * MIN_RETRY_MS))
    }
  }

  /** The script's answer, or null when Redis cannot give one (the local share decides then). */
  private async ask(take: 0 | 1): Promise<{ granted: boolean; waitMs: number } | null> {
    if (!this.redis.available) return null
    try {
      const reply = (await this.redis.send('EVAL', [
        TOKEN_BUCKET_SCRIPT,
        '1',
        this.key,
        String(this.perMinute),
        String(this.capacity),
        String(take),
      ])) as [number, number]
      return { granted: reply[0] === 1, waitMs: reply[1] }
    } catch {
      return null
    }
  }
}
