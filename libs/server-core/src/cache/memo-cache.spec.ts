import type { MemoCacheOptions, MemoLookup } from './memo-cache';
import { MemoCache } from './memo-cache';

/** A load the test answers when it chooses. */
const deferred = <V>() => {
  let settle!: { resolve: (value: V) => void; reject: (error: unknown) => void };
  const promise = new Promise<V>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
};

/** A cache on a clock the test moves, counting its reads, over a `load` that answers the key's length. */
const setUp = (options: Partial<MemoCacheOptions<number>> = {}) => {
  let now = 1_000_000;
  const lookups: MemoLookup[] = [];
  const cache = new MemoCache<number>({
    ttlMs: 5_000,
    maxEntries: 100,
    now: () => now,
    counted: (lookup) => lookups.push(lookup),
    ...options,
  });
  const load = jest.fn((key: string) => Promise.resolve(key.length));
  const get = (key: string) => cache.get(key, () => load(key));
  return { cache, load, get, lookups, advance: (ms: number) => (now += ms) };
};

describe('MemoCache', () => {
  it('reuses an answer for ttlMs from when its load started, then loads again', async () => {
    const { cache, get, load, advance } = setUp();
    const slow = deferred<number>();
    const first = cache.get('asha', () => slow.promise);
    advance(1_000);
    slow.resolve(4);
    expect(await first).toBe(4);
    advance(3_999);
    expect(await get('asha')).toBe(4);
    expect(load).not.toHaveBeenCalled();
    advance(1);
    expect(await get('asha')).toBe(4);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('makes one load per key at a time, shared by every read that comes meanwhile', async () => {
    const { cache, lookups } = setUp();
    const call = deferred<number>();
    const load = jest.fn(() => call.promise);
    const burst = Array.from({ length: 4 }, () => cache.get('asha', load));
    call.resolve(4);
    expect(await Promise.all(burst)).toEqual([4, 4, 4, 4]);
    expect(await cache.get('asha', load)).toBe(4);
    expect(load).toHaveBeenCalledTimes(1);
    expect(lookups).toEqual(['miss', 'joined', 'joined', 'joined', 'hit']);
  });

  it('holds at most maxEntries keys, dropping the least recently read', async () => {
    const { cache, get, load } = setUp({ maxEntries: 2 });
    await get('asha');
    await get('ravi');
    await get('asha');
    await get('meera');
    expect(cache.size).toBe(2);
    load.mockClear();
    await get('asha');
    await get('meera');
    expect(load).not.toHaveBeenCalled();
    await get('ravi');
    expect(load.mock.calls).toEqual([['ravi']]);
  });

  it('shares a failure with the reads waiting on it, then drops it: the next read loads again', async () => {
    const { cache } = setUp();
    const call = deferred<number>();
    const failing = jest.fn(() => call.promise);
    const burst = [cache.get('asha', failing), cache.get('asha', failing)];
    call.reject(new Error('timeout'));
    for (const outcome of await Promise.allSettled(burst))
      expect(outcome).toEqual({ status: 'rejected', reason: new Error('timeout') });
    expect(failing).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(0);
    expect(await cache.get('asha', () => Promise.resolve(4))).toBe(4);
    expect(cache.size).toBe(1);
  });

  it('treats a load that throws as a failure', async () => {
    const { cache } = setUp();
    await expect(
      cache.get('asha', () => {
        throw new Error('no client');
      }),
    ).rejects.toThrow('no client');
    expect(cache.size).toBe(0);
  });

  it('drops the answers `keep` refuses once they settle', async () => {
    const { get, load } = setUp({ keep: (length) => length > 0 });
    expect(await get('')).toBe(0);
    expect(await get('')).toBe(0);
    await get('asha');
    await get('asha');
    expect(load.mock.calls).toEqual([[''], [''], ['asha']]);
  });

  it("keeps a newer load's answer when the older one it replaced fails after it", async () => {
    const { cache } = setUp();
    const older = deferred<number>();
    const first = cache.get('asha', () => older.promise);
    await cache.get('asha', () => Promise.resolve(4), { fresh: true });
    older.reject(new Error('timeout'));
    await expect(first).rejects.toThrow('timeout');
    const load = jest.fn(() => Promise.resolve(0));
    expect(await cache.get('asha', load)).toBe(4);
    expect(load).not.toHaveBeenCalled();
  });

  it('forgets the answers `forget` picks and every load in flight', async () => {
    const { cache, get, load } = setUp();
    await get('asha');
    await get('raj');
    const call = deferred<number>();
    const inFlight = cache.get('meera', () => call.promise);
    cache.forget((length) => length === 4);
    call.resolve(5);
    await inFlight;
    load.mockClear();
    await get('asha');
    await get('raj');
    await get('meera');
    expect(load.mock.calls).toEqual([['asha'], ['meera']]);
  });

  it('clears every held answer, so each key loads again', async () => {
    const { cache, get, load } = setUp();
    await Promise.all([get('a'), get('bb')]);
    cache.clear();
    await Promise.all([get('a'), get('bb')]);
    expect(load).toHaveBeenCalledTimes(4);
    expect(cache.size).toBe(2);
  });

  it('keeps nothing with a ttlMs of 0', async () => {
    const { cache, get, load } = setUp({ ttlMs: 0 });
    await get('asha');
    await get('asha');
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });
});
