import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Hit, RateLimitStore, StorageRecord } from './redis-rate-limit.storage';

/** How often a Redis that stays down is reported (each request would report it otherwise). */
const REPORT_EVERY_MS = 60_000;

const UNCOUNTED: StorageRecord = { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };

/**
 * Counts in the store it wraps, but lets a request through, uncounted, when that store is lost or fails:
 * a Redis outage must neither take the public site down nor slow every request by the client's retries. The outage
 * is logged (at most once a minute) so it is not silent. ClientRateLimitGuard counts all of a request's budgets at
 * once (`hitAll`); `increment` is the one-budget form `@nestjs/throttler` expects of its storage.
 */
export class FailOpenStorage implements ThrottlerStorage, RateLimitStore {
  private readonly logger = new Logger('RateLimits');
  private lastReport = 0;

  constructor(
    private readonly store: RateLimitStore,
    private readonly reachable: () => boolean,
  ) {}

  async hitAll(hits: Hit[]): Promise<StorageRecord[]> {
    if (!this.reachable()) return this.uncounted(hits, 'not connected');
    try {
      return await this.store.hitAll(hits);
    } catch (error) {
      return this.uncounted(hits, String(error));
    }
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<StorageRecord> {
    const [record] = await this.hitAll([{ key, ttl, limit, blockDuration, throttlerName }]);
    return record;
  }

  private uncounted(hits: Hit[], why: string): StorageRecord[] {
    if (Date.now() - this.lastReport >= REPORT_EVERY_MS) {
      this.lastReport = Date.now();
      this.logger.error({ msg: 'rate limits are not counted: their store is unavailable', error: why });
    }
    return hits.map(() => UNCOUNTED);
  }
}
