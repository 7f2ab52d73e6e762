import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How often a Redis that stays down is reported (each request would report it otherwise). */
const REPORT_EVERY_MS = 60_000;

const UNCOUNTED: StorageRecord = { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };

/**
 * Counts in the store it wraps, but lets a request through, uncounted, when that store is lost or fails:
 * a Redis outage must neither take the public site down nor slow every request by the client's retries. The outage
 * is logged (at most once a minute) so it is not silent.
 */
export class FailOpenStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimits');
  private lastReport = 0;

  constructor(
    private readonly store: ThrottlerStorage,
    private readonly reachable: () => boolean,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<StorageRecord> {
    if (!this.reachable()) return this.uncounted('not connected');
    try {
      return await this.store.increment(key, ttl, limit, blockDuration, throttlerName);
    } catch (error) {
      return this.uncounted(String(error));
    }
  }

  private uncounted(why: string): StorageRecord {
    if (Date.now() - this.lastReport >= REPORT_EVERY_MS) {
      this.lastReport = Date.now();
      this.logger.error({ msg: 'rate limits are not counted: their store is unavailable', error: why });
    }
    return UNCOUNTED;
  }
}
