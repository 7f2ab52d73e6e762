import { LEASE_CHECK_CACHE_MS } from '@app/contracts';
import type { LeasesRepository } from '../playback/leases.repository';
import { LiveLeaseCache } from './live-lease.cache';

describe('LiveLeaseCache (DECISIONS 35)', () => {
  // Times below are from an epoch of the test's own (a clock at 0 is not a time lru-cache can start from).
  const EPOCH = 1_000_000;
  let now = EPOCH;
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  const setup = () => {
    let live = true;
    const leases = { isLive: jest.fn(() => Promise.resolve(live)) };
    const cache = new LiveLeaseCache(leases as unknown as LeasesRepository);
    /** Asks at `ms` on the clock. */
    const isLive = (userId: string, leaseId: string, ms: number) => {
      now = EPOCH + ms;
      return cache.isLive(userId, leaseId);
    };
    return { leases, isLive, end: () => (live = false) };
  };

  it('asks Redis once per lease for concurrent and repeated requests within the bound', async () => {
    const { leases, isLive } = setup();
    expect(await Promise.all([isLive('u1', 'l1', 0), isLive('u1', 'l1', 0)])).toEqual([true, true]);
    await isLive('u1', 'l1', LEASE_CHECK_CACHE_MS - 1);
    expect(leases.isLive).toHaveBeenCalledTimes(1);
    // Another lease (or the same id under another account) is asked about on its own.
    await isLive('u2', 'l1', 0);
    expect(leases.isLive).toHaveBeenLastCalledWith('u2', 'l1');
  });

  it('refuses a lease that ended once LEASE_CHECK_CACHE_MS has passed since the look-up that saw it live', async () => {
    const { isLive, end } = setup();
    expect(await isLive('u1', 'l1', 1_000)).toBe(true);
    end();
    expect(await isLive('u1', 'l1', 1_000 + LEASE_CHECK_CACHE_MS - 1)).toBe(true);
    expect(await isLive('u1', 'l1', 1_000 + LEASE_CHECK_CACHE_MS)).toBe(false);
  });

  it('keeps a refusal for the same while, and no failure', async () => {
    const { leases, isLive, end } = setup();
    end();
    expect(await isLive('u1', 'l1', 0)).toBe(false);
    expect(await isLive('u1', 'l1', 1)).toBe(false);
    expect(leases.isLive).toHaveBeenCalledTimes(1);
    leases.isLive.mockRejectedValueOnce(new Error('Redis away'));
    await expect(isLive('u3', 'l3', 0)).rejects.toThrow('Redis away');
    expect(await isLive('u3', 'l3', 1)).toBe(false);
    expect(leases.isLive).toHaveBeenCalledTimes(3);
  });
});
