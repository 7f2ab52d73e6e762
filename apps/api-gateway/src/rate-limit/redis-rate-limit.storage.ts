import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

export type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** One budget a request draws on: its key (tracker and route), window and limit in milliseconds and hits. */
export type Hit = { key: string; throttlerName: string; ttl: number; limit: number; blockDuration: number };

/** A budget's count as Redis answered it, its times in milliseconds. */
export type BudgetCount = {
  totalHits: number;
  expiresInMs: number;
  isBlocked: boolean;
  blockExpiresInMs: number;
};

/** Counts several budgets of one request at once; a request stops counting at the first budget that blocks it. */
export type RateLimitStore = { hitAll(hits: Hit[]): Promise<StorageRecord[]> };

/**
 * Per budget, the script of `@nest-lab/throttler-storage-redis` (credit: wyattjoh's rate-limit-redis): count the hit
 * in a window of `ttl`, block for `blockDuration` above `limit`, start afresh once the block has run out. Here it
 * takes many budgets in one call (KEYS: hits and blocked key per budget; ARGV: '1' to stop at the first budget that
 * blocks, as the guard's one-by-one loop did for one request's budgets, or '0' to count each, then ttl, limit,
 * blockDuration and the number of hits per budget, more than one when a replica counted some itself first:
 * local-first-rate-limits.ts).
 */
const HIT_ALL = `
local stopAtBlock = ARGV[1] == '1'
local out = {}
for i = 1, #KEYS / 2 do
  local hitKey = KEYS[2 * i - 1]
  local blockKey = KEYS[2 * i]
  local ttl = tonumber(ARGV[4 * i - 2])
  local limit = tonumber(ARGV[4 * i - 1])
  local blockDuration = tonumber(ARGV[4 * i])
  local hits = tonumber(ARGV[4 * i + 1])
  local totalHits = redis.call('INCRBY', hitKey, hits)
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
    redis.call('SET', hitKey, hits, 'PX', ttl)
    totalHits = hits
    timeToExpire = ttl
    isBlocked = false
  end
  out[#out + 1] = totalHits
  out[#out + 1] = timeToExpire
  out[#out + 1] = isBlocked and 1 or 0
  out[#out + 1] = timeToBlockExpire
  if isBlocked and stopAtBlock then break end
end
return out
`;

type RedisWithHitAll = Redis & { rateLimitHitAll(...args: Array<string | number>): Promise<unknown> };

/** Each budget with the number of hits to count for it. */
export type Counted = { hit: Hit; count: number };

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
    return (await this.count(hits.map((hit) => ({ hit, count: 1 })))).map(toStorageRecord);
  }

  /** One request's budgets in one call, stopping at the first that blocks (the answer is then shorter). */
  async count(counted: Counted[]): Promise<BudgetCount[]> {
    if (!counted.length) return [];
    return parseCounts(await this.redis.rateLimitHitAll(...scriptArgs(counted, true)));
  }

  /**
   * Budgets of different requests in one call, each counted on its own (one blocking does not stop the others);
   * answered in order.
   */
  async countEach(counted: Counted[]): Promise<BudgetCount[]> {
    if (!counted.length) return [];
    return parseCounts(await this.redis.rateLimitHitAll(...scriptArgs(counted, false)));
  }
}

const scriptArgs = (counted: Counted[], stopAtBlock: boolean): Array<string | number> => {
  const keys = counted.flatMap(({ hit: { key, throttlerName } }) => [
    `{${key}:${throttlerName}}:hits`,
    `{${key}:${throttlerName}}:blocked`,
  ]);
  const args = counted.flatMap(({ hit: { ttl, limit, blockDuration }, count }) => [
    ttl,
    limit,
    blockDuration,
    count,
  ]);
  return [keys.length, ...keys, stopAtBlock ? '1' : '0', ...args];
};

const parseCounts = (flat: unknown): BudgetCount[] => {
  if (!Array.isArray(flat) || flat.some((value) => typeof value !== 'number'))
    throw new TypeError(`rate-limit script answered ${JSON.stringify(flat)}`);
  const values = flat as number[];
  const counts: BudgetCount[] = [];
  for (let i = 0; i < values.length; i += 4)
    counts.push({
      totalHits: values[i],
      expiresInMs: values[i + 1],
      isBlocked: values[i + 2] === 1,
      blockExpiresInMs: values[i + 3],
    });
  return counts;
};

/** What `@nestjs/throttler` expects: its times in whole seconds. */
export const toStorageRecord = ({
  totalHits,
  expiresInMs,
  isBlocked,
  blockExpiresInMs,
}: BudgetCount): StorageRecord => ({
  totalHits,
  timeToExpire: Math.ceil(expiresInMs / 1000),
  isBlocked,
  timeToBlockExpire: Math.ceil(blockExpiresInMs / 1000),
});
