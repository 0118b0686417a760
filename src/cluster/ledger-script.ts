/**
 * The upstream budgets kept in Redis and changed only by this script, so every instance's grant is one atomic
 * step (no read-then-write across the network). The rules are MemoryBudgetLedger's (src/upstream/budget-ledger.ts
 * and quota-windows.ts), repeated here in Lua:
 * - a spent upstream (its 429 said so) refuses every claim until `spent:until`, but lets one probe through
 *   every `probeMs` when the claim may probe;
 * - a sliding minute of grants per upstream and lane (Redis's clock), at most `perMinute`, and on the long tail
 *   at most a fair share per client; the claims of one call add up per lane;
 * - per UTC day and month a count of every call and the long tail's paced bucket (what is left of its allowance
 *   spread over the time left of the window, at most `burst`), on the calendar clock the caller sends;
 * - every claim is granted, or none (a request's chain of cold calls).
 *
 * KEYS[2i-1]  claim i's minute lane: sorted set `budget:<upstream>:<lane>` scored by grant time
 * KEYS[2i]    claim i's upstream's calendar state: hash `quota:<upstream>`
 * ARGV[1]     JSON {now, probe (0|1), probeMs, claims: [{upstream, lane, client, calls, perMinute,
 *             windows: [{kind, limit, longTail, burst, start, finish}]}]}
 * ARGV[2]     a unique id for this grant (members must differ)
 * Returns     {1, probe, shares…} when granted (and recorded), or {0, reason, retryAfterMs, upstream, shares…};
 *             shares are (upstream, limit, remaining, resetMs) for each long-tail claim
 *
 * A lane holds at most `perMinute` members, so reading it whole is cheap. A lane expires a minute after its
 * newest grant and a calendar hash 40 days after its last change, so an idle upstream costs no memory.
 */
export const LEDGER_SCRIPT = `
local window = 60000
local req = cjson.decode(ARGV[1])
local id = ARGV[2]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local cal = tonumber(req.now)

local function clientOf(member) return string.match(member, '^(.*)|[^|]*$') end

local function laneState(key, client)
  local grants = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
  local clients, distinct, own, ownOldest = {}, 0, 0, nil
  for i = 1, #grants, 2 do
    local who = clientOf(grants[i])
    if clients[who] == nil then clients[who] = true; distinct = distinct + 1 end
    if who == client then
      own = own + 1
      if ownOldest == nil then ownOldest = tonumber(grants[i + 1]) end
    end
  end
  local others = distinct
  if own > 0 then others = distinct - 1 end
  return grants, #grants / 2, own, ownOldest, others
end

local function share(limit, others) return math.max(1, math.floor(limit / math.max(2, others + 1))) end

local function shares()
  local out = {}
  for i, c in ipairs(req.claims) do
    if c.lane == 'long_tail' then
      local _, _, own, ownOldest, others = laneState(KEYS[2 * i - 1], c.client)
      local s = share(c.perMinute, others)
      local reset = 0
      if ownOldest ~= nil then reset = ownOldest + window - now end
      table.insert(out, c.upstream); table.insert(out, s); table.insert(out, math.max(0, s - own)); table.insert(out, reset)
    end
  end
  return out
end

local function refuse(reason, retry, upstream)
  local out = {0, reason, math.max(0, math.floor(retry)), upstream}
  for _, v in ipairs(shares()) do table.insert(out, v) end
  return out
end

-- A spent upstream.
local probing = {}
for i, c in ipairs(req.claims) do
  local q = KEYS[2 * i]
  local untilAt = tonumber(redis.call('HGET', q, 'spent:until') or '0')
  if untilAt > cal then
    local lastProbe = tonumber(redis.call('HGET', q, 'spent:probe') or '0')
    if req.probe == 1 and redis.call('HGET', q, 'spent:kind') == 'exhausted' and cal - lastProbe >= req.probeMs then
      probing[q] = true
    else
      return refuse('spent', untilAt - cal, c.upstream)
    end
  end
end

-- The minute lanes.
local asked = {}
for i, c in ipairs(req.claims) do
  local key = KEYS[2 * i - 1]
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if c.perMinute <= 0 then return refuse('budget', window, c.upstream) end
  local before = asked[key] or 0
  asked[key] = before + c.calls
  local grants, size, own, ownOldest, others = laneState(key, c.client)
  if c.lane == 'long_tail' and own + before + c.calls > share(c.perMinute, others) then
    if ownOldest == nil then return refuse('fair_share', window, c.upstream) end
    return refuse('fair_share', ownOldest + window - now, c.upstream)
  end
  local total = size + before + c.calls
  if total > c.perMinute then
    if size == 0 then return refuse('budget', window, c.upstream) end
    local n = math.min(size - 1, math.max(0, total - c.perMinute - 1))
    return refuse('budget', tonumber(grants[n * 2 + 2]) + window - now, c.upstream)
  end
end

-- The calendar windows.
local updates, order = {}, {}
for i, c in ipairs(req.claims) do
  local q = KEYS[2 * i]
  local longTail = c.lane == 'long_tail'
  for _, w in ipairs(c.windows) do
    local f = w.kind .. ':'
    local st = updates[q .. f]
    if st == nil then
      st = { q = q, f = f }
      local stored = redis.call('HMGET', q, f .. 'start', f .. 'used', f .. 'lt', f .. 'tokens', f .. 'at')
      if tonumber(stored[1] or '-1') == w.start then
        st.used = tonumber(stored[2]); st.lt = tonumber(stored[3]); st.tokens = tonumber(stored[4]); st.at = tonumber(stored[5])
      else
        st.used = 0; st.lt = 0; st.tokens = w.burst; st.at = cal
      end
      st.start = w.start
      local left = math.max(0, w.longTail - st.lt)
      local rate = left / math.max(1, w.finish - st.at)
      st.tokens = math.min(w.burst, left, st.tokens + rate * math.max(0, cal - st.at))
      st.at = math.max(st.at, cal)
      updates[q .. f] = st
      table.insert(order, q .. f)
    end
    if st.used + c.calls > w.limit then return refuse('quota', w.finish - cal, c.upstream) end
    if longTail then
      local left = w.longTail - st.lt
      if c.calls > left then return refuse('quota', w.finish - cal, c.upstream) end
      if st.tokens + 1e-9 < c.calls then
        local rate = left / math.max(1, w.finish - cal)
        return refuse('quota', math.min(w.finish - cal, math.ceil((c.calls - st.tokens) / rate)), c.upstream)
      end
      st.lt = st.lt + c.calls
      st.tokens = math.max(0, st.tokens - c.calls)
    end
    st.used = st.used + c.calls
  end
end

-- Granted: record every claim.
for i, c in ipairs(req.claims) do
  local key = KEYS[2 * i - 1]
  for n = 1, c.calls do redis.call('ZADD', key, now, c.client .. '|' .. id .. ':' .. i .. ':' .. n) end
  redis.call('PEXPIRE', key, window)
end
for _, k in ipairs(order) do
  local st = updates[k]
  redis.call('HSET', st.q, st.f .. 'start', st.start, st.f .. 'used', st.used, st.f .. 'lt', st.lt, st.f .. 'tokens', tostring(st.tokens), st.f .. 'at', st.at)
  redis.call('PEXPIRE', st.q, 40 * 86400000)
end
local probe = 0
for q, _ in pairs(probing) do
  redis.call('HSET', q, 'spent:probe', cal)
  probe = 1
end
local out = {1, probe}
for _, v in ipairs(shares()) do table.insert(out, v) end
return out
`

/**
 * Gives back calls granted ahead to a request that never made them: the newest `calls` grants of the client in
 * the lane, and as many from each calendar window's count (and the long tail's bucket).
 *
 * KEYS[1] the lane, KEYS[2] the upstream's calendar hash
 * ARGV[1] the client, ARGV[2] calls, ARGV[3] 1 for the long tail, ARGV[4..] `kind:burst` of each calendar window
 */
export const RELEASE_SCRIPT = `
local members = redis.call('ZREVRANGE', KEYS[1], 0, -1)
local removed = 0
local wanted = tonumber(ARGV[2])
for _, m in ipairs(members) do
  if removed >= wanted then break end
  if string.match(m, '^(.*)|[^|]*$') == ARGV[1] then
    redis.call('ZREM', KEYS[1], m)
    removed = removed + 1
  end
end
for i = 4, #ARGV do
  local kind, burst = string.match(ARGV[i], '^(%a+):(%d+)$')
  local f = kind .. ':'
  if redis.call('HEXISTS', KEYS[2], f .. 'used') == 1 then
    redis.call('HINCRBY', KEYS[2], f .. 'used', -removed)
    if ARGV[3] == '1' then
      redis.call('HINCRBY', KEYS[2], f .. 'lt', -removed)
      local tokens = tonumber(redis.call('HGET', KEYS[2], f .. 'tokens') or '0') + removed
      redis.call('HSET', KEYS[2], f .. 'tokens', tostring(math.min(tonumber(burst), tokens)))
    end
  end
end
return removed
`
