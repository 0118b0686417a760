/**
 * A token bucket kept in Redis and changed only by this script, so every instance's take is one atomic step
 * (no read-then-write across the network). Redis's own clock refills it, so the instances' clocks need not agree.
 *
 * KEYS[1]  the bucket, a hash {tokens, at}, e.g. `budget:geckoterminal` (or `budget:<upstream>:<lane>`)
 * ARGV[1]  tokens per minute (may be fractional)
 * ARGV[2]  capacity: the burst, and where a new or forgotten bucket starts
 * ARGV[3]  1 to take a token, 0 only to ask how long until one is there
 * Returns  {granted (0|1), ms until the next token (0 when one is there)}
 *
 * The key expires once it would be full again anyway, so idle buckets cost no memory.
 */
export const TOKEN_BUCKET_SCRIPT = `
local rate = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local take = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
if now > at then
  tokens = math.min(capacity, tokens + (now - at) * rate / 60000)
  at = now
end
local granted = 0
if take == 1 and tokens >= 1 then
  tokens = tokens - 1
  granted = 1
end
if take == 1 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
  redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) * 60000 / rate) + 1000)
end
local wait = 0
if tokens < 1 then wait = math.ceil((1 - tokens) * 60000 / rate) end
return {granted, wait}
`
