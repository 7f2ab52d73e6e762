import { isDeepStrictEqual } from 'node:util';
import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ACCESS_CHANGES_CHANNEL } from '@app/contracts';
import type { Entitlement, TitleFacts } from '@app/contracts';
import { InjectRedis, MemoCache, MetricsService, RedisBroadcast } from '@app/server-core';
import { type EntitlementViewer, PaymentClient } from './payment.client';

/**
 * A safety net only: payment-service announces every write to a subscription or a title grant, and the clock's
 * changes are in each answer (`changesAt`). A gateway whose subscription was down drops everything when it is back.
 */
const HOLD_MS = 60_000;
const MAX_HELD = 50_000;

type Held = { facts: TitleFacts; entitlement: Entitlement };

/** Whether `held` still answers for `facts` at `now`: the same title facts, and the clock not past its `changesAt`. */
const stillAnswers = ({ facts: heldFacts, entitlement }: Held, facts: TitleFacts, now: number) =>
  (entitlement.changesAt === null || now < Date.parse(entitlement.changesAt)) &&
  isDeepStrictEqual(heldFacts, facts);

/**
 * The entitlement answers a player's heartbeats ask again every few seconds (DECISIONS 35), held between them (issue
 * 29 §3: one payment-service call per heartbeat before). An answer is reused only while nothing could have changed
 * it: until its `changesAt` (a rental's or plan's end, an early-access or licence date), for the same title facts,
 * and until payment-service announces a write on ACCESS_CHANGES_CHANNEL (a payment, a refund, a rental's first play,
 * the reconciler), which drops every held answer at once, with the calls in flight. So a refund or a plan's end still
 * stops the lease at its next heartbeat. Title pages and playback starts never read from here: they ask afresh.
 */
@Injectable()
export class HeldEntitlements implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(HeldEntitlements.name);
  private readonly held: MemoCache<Held>;
  private readonly broadcast: RedisBroadcast;

  constructor(
    @InjectRedis() redis: Redis,
    private readonly payments: PaymentClient,
    metrics: MetricsService,
  ) {
    this.broadcast = new RedisBroadcast(redis, ACCESS_CHANGES_CHANNEL, 'api-gateway:access-changes');
    this.held = new MemoCache({
      ttlMs: HOLD_MS,
      maxEntries: MAX_HELD,
      counted: metrics.memoLookups(
        'gateway_heartbeat_entitlements_total',
        "Heartbeats' entitlement look-ups: hit (held), joined (a call in flight), miss (a payment-service call)",
      ),
    });
  }

  /** The viewer's entitlement to the title `facts` describe: a held answer that still holds, or a new one. */
  async of(viewer: NonNullable<EntitlementViewer>, facts: TitleFacts): Promise<Entitlement> {
    const key = `${viewer.userId}:${viewer.isAdmin ? 'admin' : 'viewer'}:${facts.movieId}`;
    const load = async (): Promise<Held> => ({
      facts,
      entitlement: await this.payments.entitlement(viewer, facts),
    });
    const held = await this.held.get(key, load);
    if (stillAnswers(held, facts, Date.now())) return held.entitlement;
    return (await this.held.get(key, load, { fresh: true })).entitlement;
  }

  onModuleInit(): void {
    this.broadcast.dropOnEveryChange(() => this.held.clear(), this.logger);
  }

  onApplicationShutdown(): void {
    this.broadcast.close();
  }
}
