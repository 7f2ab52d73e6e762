import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createRedisClient } from '@app/server-core';
import { suiteInfra } from '@app/server-testing';
import { LocalFirstRateLimits } from '../src/rate-limit/local-first-rate-limits';
import { RedisRateLimitStorage, type Hit } from '../src/rate-limit/redis-rate-limit.storage';

/**
 * The gateway's rate-limit counts in the suite's real Redis (issue 29 §3): every budget of a request in one round
 * trip, counted as `@nest-lab/throttler-storage-redis` counted them one by one (the same keys, so replicas of both
 * versions count together), stopping at the first budget that blocks.
 */
describe('RedisRateLimitStorage', () => {
  let redis: Redis;
  let storage: RedisRateLimitStorage;

  beforeAll(async () => {
    redis = createRedisClient(suiteInfra('gateway-rate-limit-storage').redisUrl);
    storage = new RedisRateLimitStorage(redis);
    // Connected, so the commands counted below are the storage's alone.
    await redis.ping();
  });

  afterAll(async () => {
    await redis.quit();
  });

  const budget = (name: string, limit: number, ttl = 60_000): Hit => ({
    key: `test:${randomUUID()}`,
    throttlerName: name,
    ttl,
    limit,
    blockDuration: ttl,
  });

  it('counts every budget of a request in one command, under the keys the one-by-one storage used', async () => {
    const perClient = budget('default', 5);
    const perRoute = budget('browse', 2);
    const sent = jest.spyOn(redis, 'sendCommand');
    const records = await storage.hitAll([perClient, perRoute]);
    expect(sent.mock.calls.map(([command]) => command.name)).toEqual(['eval']);
    sent.mockRestore();
    expect(records).toEqual([
      { totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 },
      { totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 },
    ]);
    expect(await redis.get(`{${perClient.key}:default}:hits`)).toBe('1');
    expect(await redis.get(`{${perRoute.key}:browse}:hits`)).toBe('1');
  });

  it('blocks above the limit for the block duration, and stops counting at the first budget that blocks', async () => {
    const tight = budget('default', 1);
    const next = budget('browse', 100);
    await storage.hitAll([tight, next]);
    const [blocked, ...rest] = await storage.hitAll([tight, next]);
    expect(blocked).toMatchObject({ totalHits: 2, isBlocked: true, timeToBlockExpire: 60 });
    expect(rest).toEqual([]);
    expect(await redis.get(`{${next.key}:browse}:hits`)).toBe('1');
    expect(await redis.pttl(`{${tight.key}:default}:blocked`)).toBeGreaterThan(59_000);
  });

  it('starts afresh once the block has run out', async () => {
    const short = budget('default', 1, 300);
    await storage.hitAll([short]);
    expect((await storage.hitAll([short]))[0].isBlocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await storage.hitAll([short])).toEqual([
      { totalHits: 1, timeToExpire: 1, isBlocked: false, timeToBlockExpire: 0 },
    ]);
  });

  it('sends the script by its SHA once Redis knows it, and whole again when Redis has forgotten it', async () => {
    const perClient = budget('default', 5);
    const sent = jest.spyOn(redis, 'sendCommand');
    await storage.hitAll([perClient]);
    expect(sent.mock.calls.map(([command]) => command.name)).toEqual(['evalsha']);
    sent.mockRestore();
    await redis.script('FLUSH');
    expect((await storage.hitAll([perClient]))[0].totalHits).toBe(2);
  });

  it('counted in the replica first: a client’s first request in Redis, its next ones sent together, every client in one round trip', async () => {
    const limits = new LocalFirstRateLimits(storage, { sendEveryMs: 60_000 });
    const clients = [budget('default', 600), budget('default', 600)];
    const sent = jest.spyOn(redis, 'sendCommand');
    for (const client of clients) for (let n = 0; n < 20; n++) await limits.hitAll([client]);
    expect(sent.mock.calls.map(([command]) => command.name)).toEqual(['evalsha', 'evalsha']);
    sent.mockClear();
    const written = jest.spyOn(redis.stream, 'write');
    await limits.flush();
    expect(written).toHaveBeenCalledTimes(1);
    written.mockRestore();
    sent.mockRestore();
    for (const client of clients) expect(await redis.get(`{${client.key}:default}:hits`)).toBe('20');
    expect(await redis.pttl(`{${clients[0].key}:default}:hits`)).toBeGreaterThan(59_000);
  });

  it('counts budgets of different requests in one command, each on its own: one that blocks stops none after it', async () => {
    const tight = budget('default', 1);
    const wide = budget('default', 600);
    await storage.hitAll([tight]);
    const sent = jest.spyOn(redis, 'sendCommand');
    const answers = await storage.countEach([
      { hit: tight, count: 1 },
      { hit: wide, count: 3 },
    ]);
    expect(sent).toHaveBeenCalledTimes(1);
    sent.mockRestore();
    expect(answers).toEqual([
      expect.objectContaining({ totalHits: 2, isBlocked: true }),
      expect.objectContaining({ totalHits: 3, isBlocked: false }),
    ]);
  });
});
