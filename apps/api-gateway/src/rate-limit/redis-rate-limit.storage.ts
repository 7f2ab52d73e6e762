import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

export type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One budget a request draws on: its key (tracker and route), window and limit in milliseconds and hits. */
export type Hit = { key: string; throttlerName: string; ttl: number; limit: number; blockDuration: number };

/** Counts several budgets of one request at once; a request stops counting at the first budget that blocks it. */
export type RateLimitStore = { hitAll(hits: Hit[]): Promise<StorageRecord[]> };

/**
 * Per budget, the script of `@nest-lab/throttler-storage-redis` (credit: wyattjoh's rate-limit-redis): count the hit
 * in a window of `ttl`, block for `blockDuration` above `limit`, start afresh once the block has run out. Here it
 * takes every budget of a request in one call (KEYS: hits and blocked key per budget; ARGV: ttl, limit and
 * blockDuration per budget) and stops at the first budget that blocks, as the guard's one-by-one loop did.
 */
const HIT_ALL = `
local out = {}
for i = 1, #KEYS / 2 do
  local hitKey = KEYS[2 * i - 1]
  local blockKey = KEYS[2 * i]
  local ttl = tonumber(ARGV[3 * i - 2])
  local limit = tonumber(ARGV[3 * i - 1])
  local blockDuration = tonumber(ARGV[3 * i])
  local totalHits = redis.call('INCR', hitKey)
  local timeToExpire = redis.call('PTTL', hitKey)
  if timeToExpire <= 0 then
    redis.call('PEXPIRE', hitKey, ttl)
    timeToExpire = ttl
  end
  local isBlocked = redis.call('GET', blockKey)
  local timeToBlockExpire = 0
  if isBlocked then
    timeToBlockExpire = redis.call('PTTL', blockKey)
  elseif totalHits > limit then
    redis.call('SET', blockKey, 1, 'PX', blockDuration)
    isBlocked = '1'
    timeToBlockExpire = blockDuration
  end
  if isBlocked and timeToBlockExpire <= 0 then
    redis.call('DEL', blockKey)
    redis.call('SET', hitKey, 1, 'PX', ttl)
    totalHits = 1
    timeToExpire = ttl
    isBlocked = false
  end
  out[#out + 1] = totalHits
  out[#out + 1] = timeToExpire
  out[#out + 1] = isBlocked and 1 or 0
  out[#out + 1] = timeToBlockExpire
  if isBlocked then break end
end
return out
`;

type RedisWithHitAll = Redis & { rateLimitHitAll(...args: Array<string | number>): Promise<unknown> };

/**
 * The gateway's rate-limit counts in Redis: one round trip per request whatever the number of budgets it draws on,
 * and the script sent by its SHA (ioredis `defineCommand`: EVALSHA, EVAL once when Redis does not know it yet), not
 * its 900 bytes each time. The keys are those of `@nest-lab/throttler-storage-redis` (`{key:name}:hits` and
 * `:blocked`), so replicas of either version count together during a rolling update. One Redis, not a Cluster: a
 * request's budgets have different hash tags.
 */
export class RedisRateLimitStorage implements RateLimitStore {
  private readonly redis: RedisWithHitAll;

  constructor(redis: Redis) {
    redis.defineCommand('rateLimitHitAll', { lua: HIT_ALL });
    this.redis = redis as RedisWithHitAll;
  }

  async hitAll(hits: Hit[]): Promise<StorageRecord[]> {
    if (!hits.length) return [];
    const keys = hits.flatMap(({ key, throttlerName }) => [
      `{${key}:${throttlerName}}:hits`,
      `{${key}:${throttlerName}}:blocked`,
    ]);
    const args = hits.flatMap(({ ttl, limit, blockDuration }) => [ttl, limit, blockDuration]);
    const flat = await this.redis.rateLimitHitAll(keys.length, ...keys, ...args);
    if (!Array.isArray(flat) || flat.some((value) => typeof value !== 'number'))
      throw new TypeError(`rate-limit script answered ${JSON.stringify(flat)}`);
    const values = flat as number[];
    const records: StorageRecord[] = [];
    for (let i = 0; i < values.length; i += 4)
      records.push({
        totalHits: values[i],
        timeToExpire: Math.ceil(values[i + 1] / 1000),
        isBlocked: values[i + 2] === 1,
        timeToBlockExpire: Math.ceil(values[i + 3] / 1000),
      });
    return records;
  }
}
