import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Schema } from 'mongoose';
import { ACCESS_CHANGES_CHANNEL } from '@app/contracts';
import { InjectRedis, MemoCache, MetricsService, RedisBroadcast } from '@app/server-core';
import type { StoredSubscription } from '../subscriptions/subscriptions.repository';
import type { StoredGrant } from './grants.repository';

/**
 * A safety net only: every write drops the held facts at once, on every replica. The lifetime bounds what a missed
 * message could leave (a replica that lost its subscription also drops everything when it is back).
 */
const TTL_MS = 30_000;
const MAX_VIEWERS = 20_000;

/** What an entitlement answer is decided from, besides the title and the clock: the viewer's records. */
export type AccessFacts = {
  subscriptions: StoredSubscription[];
  /** The viewer's purchases and rentals that are not revoked, of every title. */
  titleGrants: StoredGrant[];
};

/** Every write a model can make: document (`save`, which `create` runs) and query middleware… */
const WRITES = [
  'save',
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'replaceOne',
  'deleteOne',
  'deleteMany',
] as const;
/** …and model middleware. */
const MODEL_WRITES = ['insertMany', 'bulkWrite'] as const;

/**
 * A copy of `schema` that calls `changed` after each write through its model (issue 29 §3). The copy, so the
 * shared schema object (and another app in the same process) keeps no hook of this app's.
 */
export const announcingWrites = (schema: Schema, changed: () => void): Schema => {
  const watched = schema.clone();
  for (const write of WRITES) watched.post(write, () => changed());
  for (const write of MODEL_WRITES) watched.post(write, () => changed());
  return watched;
};

/**
 * Each viewer's subscriptions and title grants, held between the entitlement questions a player asks on every
 * heartbeat (issue 29 §3: two MongoDB reads per heartbeat before). Decisions are still made on every call with the
 * clock of that call, so a rental or a plan running out is seen at once; only the records are held. Any write to
 * either collection, on any replica, drops them all: writes are rare (payments, refunds, the reconciler) and reads
 * are every few seconds per viewer. Money paths (holdings, rentals starting) never read from here.
 */
@Injectable()
export class AccessFactsCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AccessFactsCache.name);
  private readonly facts: MemoCache<AccessFacts>;
  private readonly broadcast: RedisBroadcast;

  constructor(@InjectRedis() redis: Redis, metrics: MetricsService) {
    this.broadcast = new RedisBroadcast(redis, ACCESS_CHANGES_CHANNEL, 'payment-service:access-changes');
    this.facts = new MemoCache({
      ttlMs: TTL_MS,
      maxEntries: MAX_VIEWERS,
      counted: metrics.memoLookups(
        'payment_access_facts_lookups_total',
        "Entitlement questions' look-ups of a viewer's records: hit (held), joined (a read in flight), miss (MongoDB)",
      ),
    });
  }

  /** The viewer's facts: held ones, the read in flight, or a new `load()`. */
  of(userId: string, load: () => Promise<AccessFacts>): Promise<AccessFacts> {
    return this.facts.get(userId, load);
  }

  /**
   * After a write: drops every held answer and read in flight here at once (before the write's caller hears it is
   * done), then tells the other replicas.
   */
  changed(): void {
    this.facts.clear();
    this.broadcast.announceChange().catch((error: unknown) =>
      // The other replicas' facts then live out their TTL at most.
      this.logger.warn({ msg: 'access change not announced', error: String(error) }),
    );
  }

  onModuleInit(): void {
    this.broadcast.dropOnEveryChange(() => this.facts.clear(), this.logger);
  }

  onApplicationShutdown(): void {
    this.broadcast.close();
  }
}
