/**
 * A named lease in Redis (one holder at a time, renewed by its holder, taken over once it expires): the chain
 * follower runs on one instance only. One Lua script so checking the holder and renewing are one atomic step.
 */
import { RedisUnavailable, type SharedRedis } from './redis'

const ACQUIRE = `
local current = redis.call('GET', KEYS[1])
if current == false or current == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`

/** True when `holder` holds (or now took) the lease for `ttlMs`; null when Redis cannot answer. */
export async function acquireRedisLease(redis: SharedRedis, name: string, holder: string, ttlMs: number): Promise<boolean | null> {
  try {
    const result = await redis.send('EVAL', [ACQUIRE, '1', `lease:${name}`, holder, String(Math.ceil(ttlMs))])
    return Number(result) === 1
  } catch (error) {
    if (error instanceof RedisUnavailable) return null
    throw error
  }
}
