import { LEASE_CHECK_CACHE_MS } from '@app/contracts';
import type { LeasesRepository } from '../playback/leases.repository';
import { LiveLeaseCache } from './live-lease.cache';

describe('LiveLeaseCache (DECISIONS 35)', () => {
  const setup = () => {
    let live = true;
    const leases = { isLive: jest.fn(() => Promise.resolve(live)) };
    const cache = new LiveLeaseCache(leases as unknown as LeasesRepository);
    return { leases, cache, end: () => (live = false) };
  };

  it('asks Redis once per lease for concurrent and repeated requests within the bound', async () => {
    const { leases, cache } = setup();
    expect(await Promise.all([cache.isLive('u1', 'l1', 0), cache.isLive('u1', 'l1', 0)])).toEqual([
      true,
      true,
    ]);
    await cache.isLive('u1', 'l1', LEASE_CHECK_CACHE_MS - 1);
    expect(leases.isLive).toHaveBeenCalledTimes(1);
    // Another lease (or the same id under another account) is asked about on its own.
    await cache.isLive('u2', 'l1', 0);
    expect(leases.isLive).toHaveBeenLastCalledWith('u2', 'l1');
  });

  it('refuses a lease that ended once LEASE_CHECK_CACHE_MS has passed since the look-up that saw it live', async () => {
    const { cache, end } = setup();
    expect(await cache.isLive('u1', 'l1', 1_000)).toBe(true);
    end();
    expect(await cache.isLive('u1', 'l1', 1_000 + LEASE_CHECK_CACHE_MS - 1)).toBe(true);
    expect(await cache.isLive('u1', 'l1', 1_000 + LEASE_CHECK_CACHE_MS)).toBe(false);
  });

  it('keeps a refusal for the same while, and no failure', async () => {
    const { leases, cache, end } = setup();
    end();
    expect(await cache.isLive('u1', 'l1', 0)).toBe(false);
    expect(await cache.isLive('u1', 'l1', 1)).toBe(false);
    expect(leases.isLive).toHaveBeenCalledTimes(1);
    leases.isLive.mockRejectedValueOnce(new Error('Redis away'));
    await expect(cache.isLive('u3', 'l3', 0)).rejects.toThrow('Redis away');
    expect(await cache.isLive('u3', 'l3', 1)).toBe(false);
    expect(leases.isLive).toHaveBeenCalledTimes(3);
  });
});
