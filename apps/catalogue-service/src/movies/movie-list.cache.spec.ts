import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { MetricsService } from '@app/server-core';
import { COALESCE_WINDOW_MS, MovieListCache } from './movie-list.cache';

const setup = () => {
  const cache = new MovieListCache({} as Redis, { name: 'test' } as Connection, new MetricsService());
  const invalidate = jest.spyOn(cache, 'invalidate').mockResolvedValue(undefined);
  return { cache, invalidate };
};

describe('MovieListCache.invalidateCoalesced', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('invalidates at once, then folds a burst into one more invalidation at the end of the window', async () => {
    const { cache, invalidate } = setup();
    await cache.invalidateCoalesced();
    expect(invalidate).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3000; i += 1) await cache.invalidateCoalesced();
    expect(invalidate).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(COALESCE_WINDOW_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
    // The trailing invalidation opened a window of its own; with nothing more asked, it closes quietly.
    await jest.advanceTimersByTimeAsync(COALESCE_WINDOW_MS * 3);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('invalidates only once for a single write', async () => {
    const { cache, invalidate } = setup();
    await cache.invalidateCoalesced();
    await jest.advanceTimersByTimeAsync(COALESCE_WINDOW_MS * 2);
    expect(invalidate).toHaveBeenCalledTimes(1);
    // A later write, after the window, invalidates at once again.
    await cache.invalidateCoalesced();
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('runs the invalidation still owed when the service stops', async () => {
    const { cache, invalidate } = setup();
    await cache.invalidateCoalesced();
    await cache.invalidateCoalesced();
    await cache.onModuleDestroy();
    expect(invalidate).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(COALESCE_WINDOW_MS * 2);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
