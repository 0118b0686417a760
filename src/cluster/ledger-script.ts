/**
 * One lane of an upstream's budget kept in Redis and changed only by this script, so every instance's grant is
 * one atomic step (no read-then-write across the network). The rules are MemoryBudgetLedger's
 * (src/upstream/budget-ledger.ts): a sliding minute of grants per upstream and lane, at most `perMinute` of them,
 * and on the long tail at most a fair share per client. Redis's own clock keeps the minute, so the instances'
 * clocks need not agree.
 *
 * KEYS[1]  the lane's grants, a sorted set scored by grant time: `budget:<upstream>:<lane>`
 * ARGV[1]  grants per minute (0: the lane is closed)
 * ARGV[2]  1 for the long tail (fair shares apply), 0 for the core lane
 * ARGV[3]  the client the call is made for
 * ARGV[4]  a unique id for this grant (members must differ)
 * Returns  {1} when granted (and recorded), or {0, reason, retryAfterMs}
 *
 * A window holds at most `perMinute` members (a few hundred for the largest budget), so reading it whole is cheap.
 * The key expires a minute after its newest grant, so an idle lane costs no memory.
 */
export const LANE_LEDGER_SCRIPT = `
local window = 60000
local limit = tonumber(ARGV[1])
local fair = ARGV[2] == '1'
local client = ARGV[3]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if limit <= 0 then return {0, 'budget', window} end
local grants = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local size = #grants / 2
if fair then
  local clients, distinct, own, ownOldest = {}, 0, 0, nil
  for i = 1, #grants, 2 do
    local who = string.match(grants[i], '^(.*)|[^|]*$')
    if clients[who] == nil then clients[who] = true; distinct = distinct + 1 end
    if who == client then
      own = own + 1
      if ownOldest == nil then ownOldest = tonumber(grants[i + 1]) end
    end
  end
  local others = distinct
  if own > 0 then others = distinct - 1 end
  local share = math.max(1, math.floor(limit / math.max(2, others + 1)))
  if own >= share then return {0, 'fair_share', ownOldest + window - now} end
end
if size >= limit then
  return {0, 'budget', tonumber(grants[(size - limit) * 2 + 2]) + window - now}
end
redis.call('ZADD', KEYS[1], now, client .. '|' .. ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return {1}
`
