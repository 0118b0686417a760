import { MemoryWindowCounter, windowOf, type WindowCounter, type WindowRule, type WindowVerdict } from '../limits/window-counter'
import { RedisUnavailable, type SharedRedis } from './redis'

/**
 * Check and count in one step, so concurrent takes from several instances never pass the limit together.
 * Returns the new count, or -1 (refused, nothing counted).
 */
const TAKE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return -1 end
count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return count`

/** Kept past the window's end, so an instance whose clock runs a little behind still finds the count. */
const EXPIRY_MARGIN_MS = 5_000

/**
 * The window counters of all instances in Redis: one key per rule, window and client, expiring after its window.
 * While Redis cannot answer, each instance counts in its own memory against limit / INSTANCES (rounded up), so N
 * instances cut off from Redis still stay near the limit together, as the upstream budgets do.
 */
export class SharedWindowCounter implements WindowCounter {
  private readonly local: MemoryWindowCounter

  constructor(
    private readonly redis: SharedRedis,
    instances: number,
    private readonly now: () => number = Date.now,
  ) {
    this.local = new MemoryWindowCounter(now, (limit) => Math.max(1, Math.ceil(limit / instances)))
  }

  async take(rule: WindowRule, key: string): Promise<WindowVerdict> {
    if (rule.limit <= 0) return { allowed: true, count: 0 }
    if (!this.redis.available) return this.local.take(rule, key)
    const now = this.now()
    const window = windowOf(rule, now)
    try {
      const reply = await this.redis.send('EVAL', [
        TAKE,
        '1',
        `window:${rule.name}:${window.index}:${key}`,
        String(rule.limit),
        String(window.endsAt - now + EXPIRY_MARGIN_MS),
      ])
      const count = Number(reply)
      if (count < 0) return { allowed: false, limit: rule.limit, retryAfterMs: window.endsAt - now }
      return { allowed: true, count }
    } catch (error) {
      if (error instanceof RedisUnavailable) return this.local.take(rule, key)
      throw error
    }
  }
}
