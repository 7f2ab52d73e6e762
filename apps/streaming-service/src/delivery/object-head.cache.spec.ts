import type { MediaStore, StoredObject } from '../media/media-store';
import { ObjectHeadCache } from './object-head.cache';

const HEAD: StoredObject = { size: 42, etag: '"e"', modifiedAt: null };

describe('ObjectHeadCache', () => {
  // Times below are from an epoch of the test's own (a clock at 0 is not a time lru-cache can start from).
  const EPOCH = 1_000_000;
  let now = EPOCH;
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  const setup = (answer: (key: string) => Promise<StoredObject | null>) => {
    const store = { head: jest.fn(answer) };
    const cache = new ObjectHeadCache(store as unknown as MediaStore);
    /** Reads at `ms` on the clock. */
    const get = (key: string, ms: number) => {
      now = EPOCH + ms;
      return cache.get(key);
    };
    return { store, get };
  };

  it('asks the store once for concurrent and repeated reads of a key, again after a minute', async () => {
    const { store, get } = setup(() => Promise.resolve(HEAD));
    const [a, b] = await Promise.all([get('k', 0), get('k', 0)]);
    expect([a, b]).toEqual([HEAD, HEAD]);
    await get('k', 59_000);
    expect(store.head).toHaveBeenCalledTimes(1);
    await get('k', 61_000);
    expect(store.head).toHaveBeenCalledTimes(2);
  });

  it('keeps neither missing keys nor failures', async () => {
    const { store, get } = setup((key) =>
      key === 'gone' ? Promise.resolve(null) : Promise.reject(new Error('SlowDown')),
    );
    expect(await get('gone', 0)).toBeNull();
    await expect(get('flaky', 0)).rejects.toThrow('SlowDown');
    await get('gone', 1);
    await get('flaky', 1).catch(() => undefined);
    expect(store.head).toHaveBeenCalledTimes(4);
  });
});
