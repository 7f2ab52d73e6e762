import { Injectable, Logger } from '@nestjs/common';
import type { LeaseRecord } from './leases.repository';
import { LeasesRepository } from './leases.repository';

/** Which of an account's leases something that happened elsewhere ends (DECISIONS 35). */
export type LeaseScope =
  { kind: 'all' } | { kind: 'session'; sessionId: string } | { kind: 'title'; movieId: string };

/**
 * Leases started up to this long after the event still count as started before it: the event's time is another
 * host's clock, and a lease that began just before a sign-out must not survive a clock running ahead.
 */
export const CLOCK_SKEW_MARGIN_MS = 5_000;

/**
 * Whether an event of `scope` that happened at `occurredAt` ends `lease`. Only leases begun before it: a redelivered
 * or replayed event (days later, after a new sign-in or purchase) leaves the leases made since alone.
 */
export const endsLease = (scope: LeaseScope, occurredAt: Date, lease: LeaseRecord): boolean => {
  if (!(Date.parse(lease.startedAt) < occurredAt.getTime() + CLOCK_SKEW_MARGIN_MS)) return false;
  switch (scope.kind) {
    case 'all':
      return true;
    case 'session':
      return lease.sessionId === scope.sessionId;
    case 'title':
      return lease.movieId === scope.movieId;
  }
};

/**
 * Ends leases when the account's access ends elsewhere: sign-outs, password changes, bans, deletion, refunds
 * (lease-events.consumer.ts). An ended lease is remembered as stopped, so its player's next heartbeat answers
 * `leaseActive: false`, and delivery refuses its links within LEASE_CHECK_CACHE_MS.
 */
@Injectable()
export class LeaseEndsService {
  private readonly logger = new Logger(LeaseEndsService.name);

  constructor(private readonly leases: LeasesRepository) {}

  async end(userId: string, scope: LeaseScope, occurredAt: Date, reason: string): Promise<void> {
    await this.stop(userId, reason, (lease) => endsLease(scope, occurredAt, lease));
  }

  /**
   * The account is gone: every lease it holds ends, whenever begun (a deleted account opens none, so a late event
   * cannot meet a newer one). Its heartbeats are refused from then on by the deleted-users tombstone (PlaybackService).
   */
  async forgetUser(userId: string): Promise<void> {
    await this.stop(userId, 'user.deleted', () => true);
  }

  private async stop(userId: string, reason: string, ends: (lease: LeaseRecord) => boolean) {
    const ending = (await this.leases.held(userId)).filter(ends).map((lease) => lease.leaseId);
    const ended = await this.leases.stopAll(userId, ending);
    if (ended > 0) this.logger.log({ msg: 'stream leases ended', userId, reason, ended });
  }
}
