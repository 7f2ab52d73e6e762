import { Injectable } from '@nestjs/common';
import { LEASE_CHECK_CACHE_MS } from '@app/contracts';
import { MemoCache } from '@app/server-core';
import { LeasesRepository } from '../playback/leases.repository';

/**
 * Whether a stream token's lease is live, for the byte path (DECISIONS 35): one Redis look-up per lease every
 * LEASE_CHECK_CACHE_MS at most, counted from when the look-up started, so a lease that ends has its links refused
 * within that bound. Both answers are kept: a stopped lease's player (its token still signed) cannot turn each of
 * its requests into a look-up.
 */
@Injectable()
export class LiveLeaseCache {
  private readonly live = new MemoCache<boolean>({ ttlMs: LEASE_CHECK_CACHE_MS, maxEntries: 50_000 });

  constructor(private readonly leases: LeasesRepository) {}

  isLive(userId: string, leaseId: string): Promise<boolean> {
    return this.live.get(`${userId}:${leaseId}`, () => this.leases.isLive(userId, leaseId));
  }
}
