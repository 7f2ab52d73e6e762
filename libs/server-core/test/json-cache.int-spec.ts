import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { ErrorCode, rpc } from '@app/contracts';
import { AppError, JsonCache, JsonReply } from '../src';

const requireRedis = () => {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set: run through libs/server-core/jest.int.config.cjs');
  return url;
};

type Entry = { title: string; tags: string[]; rating: number | null };

describe('JsonCache against real Redis', () => {
  let redis: Redis;
  let prefix: string;
  let cache: JsonCache<Entry>;

  beforeAll(() => {
    redis = new Redis(requireRedis());
  });

  beforeEach(() => {
    prefix = `test:json-cache:${randomUUID()}:`;
    cache = new JsonCache<Entry>(redis, { prefix, ttlSeconds: 120 });
  });

  afterEach(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  });

  afterAll(async () => {
    await redis?.quit();
  });

  it('stores JSON under its prefix with the default TTL and reads the same value back', async () => {
    const entry: Entry = { title: 'Lagaan', tags: ['cricket'], rating: null };
    await cache.set('a', entry);
    expect(await cache.get('a')).toEqual(entry);
    expect(JSON.parse((await redis.get(`${prefix}a`)) ?? 'null')).toEqual(entry);
    const ttl = await redis.ttl(`${prefix}a`);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
  });

  it('answers null for a key never set, and honours a TTL given to set', async () => {
    expect(await cache.get('missing')).toBeNull();
    await cache.set('short', { title: 'x', tags: [], rating: 1 }, 30);
    expect(await redis.ttl(`${prefix}short`)).toBeLessThanOrEqual(30);
  });

  it('reads through: loads once, then serves the stored value', async () => {
    const load = jest.fn(async () => ({ title: 'Sholay', tags: [], rating: 8.1 }));
    expect(await cache.through('t', load)).toEqual({ title: 'Sholay', tags: [], rating: 8.1 });
    expect(await cache.through('t', load)).toEqual({ title: 'Sholay', tags: [], rating: 8.1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets one key, and invalidate drops every key under its prefix but nothing outside it', async () => {
    const other = new JsonCache<Entry>(redis, { prefix: `${prefix}other-`, ttlSeconds: 120 });
    const neighbour = `test:json-cache:neighbour:${randomUUID()}`;
    await redis.set(neighbour, '"kept"', 'EX', 60);
    const entry: Entry = { title: 'x', tags: [], rating: null };
    // More keys than one SCAN page, so invalidate has to follow the cursor.
    await Promise.all(Array.from({ length: 1_200 }, (_, i) => cache.set(`k${i}`, entry)));
    await other.set('o', entry);

    await cache.forget('k0');
    expect(await cache.get('k0')).toBeNull();
    expect(await cache.get('k1')).toEqual(entry);

    await cache.invalidate();
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
    expect(await redis.get(neighbour)).toBe('"kept"');
    await redis.del(neighbour);
  });

  describe('throughReply: a reply kept as its checked JSON', () => {
    const PageRpc = rpc(
      'test.page',
      z.object({}),
      z.object({ titles: z.array(z.string()), total: z.number() }),
    );

    it('checks the reply once, when stored, and answers the stored bytes after that', async () => {
      const load = jest.fn().mockResolvedValue({ titles: ['Lagaan'], total: 1, internal: 'dropped' });
      const first = await cache.throughReply('p1', PageRpc, load);
      const again = await cache.throughReply('p1', PageRpc, load);

      expect(load).toHaveBeenCalledTimes(1);
      expect(first).toBeInstanceOf(JsonReply);
      expect(again.bytes.toString()).toBe('{"titles":["Lagaan"],"total":1}');
      const [key] = await redis.keys(`${prefix}*`);
      expect(await redis.ttl(key)).toBeGreaterThan(100);
      await cache.invalidate();
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
    });

    it('keeps entries apart per shape of the contract, so another version of it never reads them', async () => {
      await cache.throughReply('p1', PageRpc, () => Promise.resolve({ titles: [], total: 0 }));
      const Changed = rpc(
        'test.page',
        z.object({}),
        z.object({ titles: z.array(z.string()), count: z.number() }),
      );
      const changed = await cache.throughReply('p1', Changed, () =>
        Promise.resolve({ titles: [], count: 0 }),
      );
      expect(changed.parse()).toEqual({ titles: [], count: 0 });
      expect(await redis.keys(`${prefix}*`)).toHaveLength(2);
    });

    it('runs one load for the requests that miss while it runs, and a new one for those after an invalidation', async () => {
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let loads = 0;
      const load = jest.fn(async () => {
        const total = (loads += 1);
        await gate;
        return { titles: ['Sholay'], total };
      });
      const waiting = Array.from({ length: 5 }, () => cache.throughReply('p1', PageRpc, load));
      // Each has read Redis, missed and joined the one load by now.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await cache.invalidate();
      const after = cache.throughReply('p1', PageRpc, load);
      release();

      const answers = await Promise.all(waiting);
      expect(answers.map((answer) => answer.parse())).toEqual(
        Array(5).fill({ titles: ['Sholay'], total: 1 }),
      );
      expect((await after).parse()).toEqual({ titles: ['Sholay'], total: 2 });
      expect(load).toHaveBeenCalledTimes(2);
      // Only the load begun after the invalidation was stored, whichever ended last.
      expect((await cache.throughReply('p1', PageRpc, load)).parse()).toEqual({
        titles: ['Sholay'],
        total: 2,
      });
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('lets every waiting request hear of a load that failed, and the next one tries again', async () => {
      let fail = true;
      const load = jest.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (fail) throw new AppError(ErrorCode.ServiceUnavailable, 'away');
        return { titles: [], total: 0 };
      });
      const results = await Promise.allSettled([1, 2, 3].map(() => cache.throughReply('p1', PageRpc, load)));
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(load).toHaveBeenCalledTimes(1);
      fail = false;
      expect((await cache.throughReply('p1', PageRpc, load)).parse()).toEqual({ titles: [], total: 0 });
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('stores nothing of a reply that breaks its contract, and answers Internal', async () => {
      const broken = cache.throughReply('p1', PageRpc, () =>
        Promise.resolve({ titles: 'Lagaan', total: 1 } as unknown as { titles: string[]; total: number }),
      );
      await expect(broken).rejects.toEqual(new AppError(ErrorCode.Internal, 'Internal error'));
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
    });
  });
});
