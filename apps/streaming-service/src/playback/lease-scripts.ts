// Lua run atomically by Redis (leases.repository.ts). Every key of one account shares the `{userId}` hash tag,
// so the scripts stay valid on Redis Cluster. Keys: 1 live leases (sorted set, score = expiry in ms),
// 2 lease records (hash leaseId → JSON), 3 recently stopped leases (sorted set, score = when to forget),
// 4 the account's screen limit as last opened (string, for the screen-limit page).

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

/** Extends a lease that is still held (a stopped or replaced lease is not brought back). */
export const RENEW_LEASE = `
if redis.call('ZSCORE', KEYS[3], ARGV[3]) then return 0 end
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], 'XX', tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1
`;

/** Removes a lease; with ARGV[2] set, remembers it as stopped until then so its next heartbeat hears so. */
export const END_LEASE = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
if ARGV[2] ~= '' then
  redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
  redis.call('PEXPIRE', KEYS[3], ARGV[3])
end
return 1
`;
