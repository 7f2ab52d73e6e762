import { Injectable } from '@nestjs/common';
import { LEASE_CHECK_CACHE_MS } from '@app/contracts';
import { LeasesRepository } from '../playback/leases.repository';
import { LookUpCache } from './look-up-cache';

/**
 * Whether a stream token's lease is live, for the byte path (DECISIONS 35): one Redis look-up per lease every
 * LEASE_CHECK_CACHE_MS at most, so a lease that ends has its links refused within that bound. Both answers are kept:
 * a stopped lease's player (its token still signed) cannot turn each of its requests into a look-up.
 */
@Injectable()
export class LiveLeaseCache {
  private readonly cache = new LookUpCache<boolean>({ ttlMs: LEASE_CHECK_CACHE_MS, maxEntries: 50_000 });

  constructor(private readonly leases: LeasesRepository) {}

  isLive(userId: string, leaseId: string, now = Date.now()): Promise<boolean> {
    return this.cache.get(`${userId}:${leaseId}`, () => this.leases.isLive(userId, leaseId), now);
  }
}
