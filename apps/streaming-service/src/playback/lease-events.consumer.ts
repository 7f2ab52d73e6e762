import { Module } from '@nestjs/common';
import { RevokeReason, UserStatus } from '@app/contracts';
import type { EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { LeaseEndsService } from './lease-ends.service';
import { PlaybackModule } from './playback.module';

/** Its own consumer group, always on: what other services' news means for the streams playing now. */
export const LEASES_CONSUMER_GROUP = 'streaming-service.leases';

/**
 * DECISIONS 35: the leases (and so the stream links) that end when access ends elsewhere. A deleted account's end
 * all and are refused from then on; a suspended or banned one's end; a sign-out ends its session's, and a password
 * change, reset, ban or Google take-over every session's; a refund ends the title's, or every one for a plan.
 */
export const leaseEventHandlers = (ends: LeaseEndsService): EventHandlers => ({
  'user.deleted': (event) => ends.forgetUser(event.payload.userId),
  'user.updated': async (event) => {
    if (event.payload.status === UserStatus.Active) return;
    await ends.end(event.payload.userId, { kind: 'all' }, new Date(event.occurredAt), event.payload.status);
  },
  'session.revoked': (event) => {
    const { userId, sessionId } = event.payload;
    return ends.end(
      userId,
      sessionId === null ? { kind: 'all' } : { kind: 'session', sessionId },
      new Date(event.occurredAt),
      'session.revoked',
    );
  },
  'entitlement.revoked': async (event) => {
    const { userId, kind, movieId, reason } = event.payload;
    // A duplicate plan retired at once: the account's other plan still holds, so nothing stops.
    if (reason === RevokeReason.DuplicatePlan) return;
    await ends.end(
      userId,
      kind === 'subscription' || movieId === null ? { kind: 'all' } : { kind: 'title', movieId },
      new Date(event.occurredAt),
      `entitlement.revoked (${event.payload.reason})`,
    );
  },
});

@Module({
  imports: [
    EventsModule.forConsumer({
      group: LEASES_CONSUMER_GROUP,
      imports: [PlaybackModule],
      inject: [LeaseEndsService],
      handlers: leaseEventHandlers,
    }),
  ],
})
export class LeaseEventsModule {}
