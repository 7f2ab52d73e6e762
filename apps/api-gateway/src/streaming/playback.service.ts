import { Injectable, Logger } from '@nestjs/common';
import { AccessReason, ErrorCode, PaymentMessages } from '@app/contracts';
import type { Entitlement, PlaybackSession, ResumePoint, SessionUser } from '@app/contracts';
import { AppError } from '@app/server-core';
import { PaymentClient } from '../payments/payment.client';
import { UserDataClient } from '../user-data/user-data.client';
import { StreamingClient } from './streaming.client';

/** Past this share of a title, playback starts over (DECISIONS 10: over 90 % counts as finished). */
const FINISHED_SHARE = 0.9;

const refusal = (entitlement: Entitlement) =>
  entitlement.reason === AccessReason.RentalExpired
    ? PaymentMessages.rentalExpired
    : 'Premium title: subscribe, buy or rent it to watch.';

/** Where to start: the saved position, unless the title was finished (or nearly). */
export const resumeFrom = (point: ResumePoint | null): number => {
  if (!point) return 0;
  const { positionSeconds, durationSeconds } = point;
  if (durationSeconds && positionSeconds >= durationSeconds * FINISHED_SHARE) return 0;
  return positionSeconds;
};

/**
 * `POST /api/playback/{movieId}`: payment-service decides whether the viewer may watch and at what quality on how
 * many screens; streaming-service takes the screen (lease) and signs the URLs; a rental's 48 hours start with
 * its first playback; user-data-service knows where the viewer stopped.
 */
@Injectable()
export class PlaybackService {
  private readonly logger = new Logger(PlaybackService.name);

  constructor(
    private readonly payments: PaymentClient,
    private readonly streaming: StreamingClient,
    private readonly userData: UserDataClient,
  ) {}

  async start(user: SessionUser, movieId: string, deviceLabel: string): Promise<PlaybackSession> {
    const title = await this.payments.titleFacts(movieId);
    const entitlement = await this.payments.entitlementFor(user, title);
    if (!entitlement.canWatch) throw new AppError(ErrorCode.Forbidden, refusal(entitlement));

    const opened = await this.streaming.open({
      userId: user.id,
      sessionId: user.sessionId,
      movieId,
      title: title.title,
      quality: entitlement.quality,
      screens: entitlement.screens,
      deviceLabel,
    });
    const isRental = entitlement.reason === AccessReason.Rental;
    const rental =
      isRental && entitlement.rental && !entitlement.rental.startedAt
        ? await this.payments.startRental(user.id, movieId)
        : entitlement.rental;
    return {
      ...opened,
      resumePositionSeconds: resumeFrom(await this.resumePoint(user.id, movieId)),
      rental: isRental ? rental : null,
    };
  }

  /** Playback does not wait on history: without it the title starts at the beginning. */
  private async resumePoint(userId: string, movieId: string) {
    try {
      return await this.userData.resumePoint(userId, movieId);
    } catch (error) {
      this.logger.warn({ msg: 'resume point unavailable', movieId, error: (error as Error).message });
      return null;
    }
  }
}
