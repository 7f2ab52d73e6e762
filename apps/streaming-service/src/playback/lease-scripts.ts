// Lua run atomically by Redis (leases.repository.ts). Every key of one account shares the `{userId}` hash tag,
// so the scripts stay valid on Redis Cluster. Keys: 1 live leases (sorted set, score = expiry in ms),
// 2 lease records (hash leaseId → JSON), 3 recently stopped leases (sorted set, score = when to forget),
// 4 the account's screen limit as last opened (string, for the screen-limit page). A lease is live while its score
// is in the future; an expired one that nobody replaced comes back with its next heartbeat.

/** Drops expired leases; reuses the lease of the same session and title; else adds one only under the limit. */
export const TAKE_LEASE = `
local now = tonumber(ARGV[1])
local expiresAt = now + tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local keep = ARGV[8]
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
if #expired > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  redis.call('HDEL', KEYS[2], unpack(expired))
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('SET', KEYS[4], limit, 'PX', keep)
local live = redis.call('ZRANGE', KEYS[1], 0, -1)
local found = nil
for _, id in ipairs(live) do
  local raw = redis.call('HGET', KEYS[2], id)
  if raw then
    local lease = cjson.decode(raw)
    if lease.sessionId == ARGV[5] and lease.movieId == ARGV[6] then found = id break end
  end
end
if not found then
  if #live >= limit then return {0, ''} end
  found = ARGV[4]
  redis.call('HSET', KEYS[2], found, ARGV[7])
end
redis.call('ZADD', KEYS[1], expiresAt, found)
redis.call('PEXPIRE', KEYS[1], keep)
redis.call('PEXPIRE', KEYS[2], keep)
return {1, found}
`;

/**
 * One heartbeat, atomically. Keys: 1-3 as above, 4 the lease's watch clock (hash), 5 its episode ref, 6 its profile
 * id, 7 this report's marker. An exit releases the lease, any other report extends a lease still held (a stopped or
 * replaced one is not brought back) along with its episode ref and profile id (to the renewed token's expiry), and the
 * report is put to the clock:
 * - watch time: at most the wall-clock time since the clock's cursor (the previous report, or the playback's open:
 *   START_CLOCK) plus the allowance, which is granted once, not per report;
 * - position: without a seek it may move ahead of its line (last position + time since) by the allowance at most,
 *   else it is clamped; a report behind the line (paused, buffering) moves the line back to it.
 * The report as counted (the `watch.progressed` payload: ARGV[13] with the watch time and position the clock allows,
 * the episode ref as `episodeRef` and the profile id) is marked in key 7 (the report's marker) in this same change:
 * the outbox's relay announces what a process that died before publishing left there (issue 29 §1).
 * ARGV: 1 now ms, 2 lease TTL ms, 3 leaseId, 4 keep ms, 5 '1' on exit, 6 position s, 7 watched s, 8 '1' on seek,
 * 9 allowance ms, 10 when the reporting token was issued (ms; the cursor when the clock is missing), 11 its expiry
 * (ms), 12 the renewed token's expiry (ms), 13 the report's other fields (JSON).
 * Returns {state ('active' | 'ended'), lease record or '', the marked report (JSON)}.
 */
export const HEARTBEAT = `
local now = tonumber(ARGV[1])
local id = ARGV[3]
local record = redis.call('HGET', KEYS[2], id) or ''
local state = 'ended'
if ARGV[5] == '1' then
  if redis.call('ZREM', KEYS[1], id) == 1 then redis.call('HDEL', KEYS[2], id) end
elseif not redis.call('ZSCORE', KEYS[3], id) and redis.call('ZSCORE', KEYS[1], id) then
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), id)
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  redis.call('PEXPIREAT', KEYS[5], ARGV[12])
  redis.call('PEXPIREAT', KEYS[6], ARGV[12])
  state = 'active'
end
local episode = redis.call('GET', KEYS[5]) or ''
local profile = redis.call('GET', KEYS[6]) or ''

local allowance = tonumber(ARGV[9])
local clock = redis.call('HMGET', KEYS[4], 'cursor', 'position', 'at')
local cursor = tonumber(clock[1]) or tonumber(ARGV[10])
local credit = math.min(tonumber(ARGV[7]) * 1000, now + allowance - cursor)
if credit < 0 then credit = 0 end
cursor = math.max(cursor + credit, now)
local position = tonumber(ARGV[6])
local anchor = tonumber(clock[2])
local at = tonumber(clock[3])
if anchor and at and ARGV[8] ~= '1' then
  local line = anchor + (now - at) / 1000
  position = math.min(position, line + allowance / 1000)
  anchor = math.min(position, line)
else
  anchor = position
end
redis.call('HSET', KEYS[4], 'cursor', cursor, 'position', anchor, 'at', now)
-- The clock lives as long as a token that may still report: never shortened.
local keepUntil = tonumber(state == 'active' and ARGV[12] or ARGV[11])
local left = redis.call('PTTL', KEYS[4])
if left < 0 or now + left < keepUntil then redis.call('PEXPIREAT', KEYS[4], keepUntil) end
local report = cjson.decode(ARGV[13])
report.watchedSeconds = credit / 1000
report.positionSeconds = position
if episode ~= '' then report.episodeRef = episode end
if profile ~= '' then report.profileId = profile end
local marked = cjson.encode(report)
redis.call('SET', KEYS[7], marked, 'PX', ARGV[4])
return {state, record, marked}
`;

/**
 * Starts a lease's watch clock at its playback's open (ARGV[1], ms) unless it runs already (the same device reopening
 * its title), and keeps it at least until ARGV[2] (the token's expiry, ms). Key: the clock (hash).
 */
export const START_CLOCK = `
redis.call('HSETNX', KEYS[1], 'cursor', ARGV[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 or tonumber(ARGV[1]) + left < tonumber(ARGV[2]) then redis.call('PEXPIREAT', KEYS[1], ARGV[2]) end
return 1
`;

/**
 * Removes leases (ARGV[3…] their ids) and answers how many were held; with ARGV[1] set, remembers them as stopped
 * until then so their next heartbeat hears so (ARGV[2]: how long the set of stopped ones is kept).
 */
export const END_LEASES = `
local ended = 0
for i = 3, #ARGV do
  local id = ARGV[i]
  if redis.call('ZREM', KEYS[1], id) == 1 then
    ended = ended + 1
    if ARGV[1] ~= '' then redis.call('ZADD', KEYS[3], ARGV[1], id) end
  end
  redis.call('HDEL', KEYS[2], id)
end
if ended > 0 and ARGV[1] ~= '' then redis.call('PEXPIRE', KEYS[3], ARGV[2]) end
return ended
`;
