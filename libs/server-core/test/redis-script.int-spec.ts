import { randomUUID } from 'node:crypto';
import type { ChainableCommander } from 'ioredis';
import { Redis } from 'ioredis';
import { redisScript, runScriptAfter, runScriptMany, sendTogether } from '../src';
import { requireEnv } from './int-helpers';

describe('scripts and commands sent together, against real Redis', () => {
  let redis: Redis;
  // A script this Redis has never seen (its source is new), so the first pipeline meets NOSCRIPT.
  const addTo = () => redisScript(`-- ${randomUUID()}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])`);

  beforeAll(() => {
    redis = new Redis(requireEnv('REDIS_URL'));
  });

  afterAll(() => redis?.quit());

  it('answers each run in order, loading a script Redis has not seen, and runs it from then on', async () => {
    const key = `test:script:${randomUUID()}`;
    const script = addTo();
    const runs = [1, 2, 3].map((n) => ({ keys: [key], args: [n] }));
    expect(await runScriptMany(redis, script, runs)).toEqual([1, 3, 6]);
    expect(await redis.script('EXISTS', script.sha)).toEqual([1]);
    expect(await runScriptMany(redis, script, runs)).toEqual([7, 9, 12]);
    await redis.del(key);
  });

  it('sends nothing for no runs', async () => {
    const pipeline = jest.spyOn(redis, 'pipeline');
    expect(await runScriptMany(redis, addTo(), [])).toEqual([]);
    expect(pipeline).not.toHaveBeenCalled();
    pipeline.mockRestore();
  });

  it("fails on a run's error other than an unknown script", async () => {
    const failing = redisScript(`-- ${randomUUID()}\nreturn redis.error_reply('refused here')`);
    await redis.script('LOAD', failing.source);
    await expect(runScriptMany(redis, failing, [{ keys: ['k'], args: [] }])).rejects.toThrow(/refused here/);
  });

  it('runs the commands queued first, then the script, loading a script Redis has not seen', async () => {
    const key = `test:script:${randomUUID()}`;
    const script = addTo();
    const queue = (pipeline: ChainableCommander) => pipeline.set(key, 40);
    expect(await runScriptAfter(redis, queue, script, [key], [2])).toBe(42);
    // Loaded now: one round trip, the SET again first.
    expect(await runScriptAfter(redis, queue, script, [key], [3])).toBe(43);
    await redis.del(key);
  });

  it('fails on a refused queued command, and on a refused command sent together', async () => {
    const key = `test:script:${randomUUID()}`;
    await redis.set(key, 'not a number');
    const refused = (pipeline: ChainableCommander) => pipeline.incr(key);
    await expect(runScriptAfter(redis, refused, addTo(), [`${key}:other`], [1])).rejects.toThrow(/integer/);
    await expect(sendTogether(redis, (pipeline) => pipeline.set(`${key}:b`, 1).incr(key))).rejects.toThrow(
      /integer/,
    );
    // The commands before the refused one ran.
    expect(await redis.get(`${key}:b`)).toBe('1');
    await redis.del(key, `${key}:b`, `${key}:other`);
  });
});
