import { Injectable, Logger } from '@nestjs/common';
import { AccessReason, PlaybackEvent } from '@app/contracts';
import type { Entitlement, HeartbeatReply, HeartbeatRequest, HeartbeatRpcReply } from '@app/contracts';
import { HeldEntitlements } from '../payments/held-entitlements';
import { TitleAccessService } from '../payments/title-access.service';
import { StreamingClient } from './streaming.client';

/**
 * DECISIONS 7: a rental playback that started before the rental ran out may finish. The entitlement refuses an
 * expired rental, so a lease that began before `expiresAt` plays on until `expiresAt` plus the title's length (a
 * title of unknown length gets no more time).
 */
export const rentalMayFinish = (
  entitlement: Entitlement,
  lease: Pick<HeartbeatRpcReply, 'startedAt' | 'durationSeconds'>,
  now: Date,
): boolean => {
  const expiresAt = entitlement.rental?.expiresAt;
  if (entitlement.reason !== AccessReason.RentalExpired || !expiresAt || !lease.startedAt) return false;
  const expiry = Date.parse(expiresAt);
  if (Date.parse(lease.startedAt) >= expiry) return false;
  return now.getTime() < expiry + (lease.durationSeconds ?? 0) * 1000;
};

/**
 * `POST /api/playback/heartbeat`: streaming-service renews the lease (and hands out a fresh stream token); then,
 * on every report but an exit, access is asked again (DECISIONS 35; the answer held between heartbeats while nothing
 * could change it, HeldEntitlements), so the clock's ends (a rental's expiry, a plan's end) and a refund stop the
 * lease within one heartbeat: the player hears
 * `leaseActive: false` and delivery refuses the stream's links within LEASE_CHECK_CACHE_MS.
 */
@Injectable()
export class HeartbeatService {
  private readonly logger = new Logger(HeartbeatService.name);

  constructor(
    private readonly streaming: StreamingClient,
    private readonly access: HeldEntitlements,
    private readonly titles: TitleAccessService,
  ) {}

  async heartbeat(request: HeartbeatRequest): Promise<HeartbeatReply> {
    const beat = await this.streaming.heartbeat(request);
    if (!beat.leaseActive) return { leaseActive: false };
    if (request.event !== PlaybackEvent.Exit && !(await this.stillAllowed(beat))) {
      await this.streaming.stop(beat.userId, request.leaseId);
      return { leaseActive: false };
    }
    // Whose lease of what stays here: the player gets its answer and its new token only.
    return { leaseActive: true, token: beat.token, expiresAt: beat.expiresAt };
  }

  private async stillAllowed(beat: HeartbeatRpcReply): Promise<boolean> {
    try {
      const { facts } = await this.titles.playable(beat.movieId);
      const entitlement = await this.access.of({ userId: beat.userId, isAdmin: beat.isAdmin }, facts);
      return entitlement.canWatch || rentalMayFinish(entitlement, beat, new Date());
    } catch (error) {
      // Payments or the catalogue away (or the title gone from it): the stream plays on, the next heartbeat asks
      // again. Refused access is an answer, not an error, so nothing a viewer does gets here.
      this.logger.warn({
        msg: 'access not re-checked on a heartbeat',
        movieId: beat.movieId,
        error: (error as Error).message,
      });
      return true;
    }
  }
}
