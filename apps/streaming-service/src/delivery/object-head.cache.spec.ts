import type { MediaStore, StoredObject } from '../media/media-store';
import { ObjectHeadCache } from './object-head.cache';

const HEAD: StoredObject = { size: 42, etag: '"e"', modifiedAt: null };

describe('ObjectHeadCache', () => {
  const setup = (answer: (key: string) => Promise<StoredObject | null>) => {
    const store = { head: jest.fn(answer) };
    return { store, cache: new ObjectHeadCache(store as unknown as MediaStore) };
  };

  it('asks the store once for concurrent and repeated reads of a key, again after a minute', async () => {
    const { store, cache } = setup(() => Promise.resolve(HEAD));
    const [a, b] = await Promise.all([cache.get('k', 0), cache.get('k', 0)]);
    expect([a, b]).toEqual([HEAD, HEAD]);
    await cache.get('k', 59_000);
    expect(store.head).toHaveBeenCalledTimes(1);
    await cache.get('k', 61_000);
    expect(store.head).toHaveBeenCalledTimes(2);
  });

  it('keeps neither missing keys nor failures', async () => {
    const { store, cache } = setup((key) =>
      key === 'gone' ? Promise.resolve(null) : Promise.reject(new Error('SlowDown')),
    );
    expect(await cache.get('gone', 0)).toBeNull();
    await expect(cache.get('flaky', 0)).rejects.toThrow('SlowDown');
    await cache.get('gone', 1);
    await cache.get('flaky', 1).catch(() => undefined);
    expect(store.head).toHaveBeenCalledTimes(4);
  });
});
