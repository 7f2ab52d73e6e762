import { Injectable, Logger } from '@nestjs/common';
import {
  AccessReason,
  ErrorCode,
  FINISHED_PERCENT,
  PaymentMessages,
  ProfileKind,
  Role,
  SeriesMessages,
} from '@app/contracts';
import type { Entitlement, PlaybackPreview, PlaybackSession, ResumePoint, SessionUser } from '@app/contracts';
import { AppError } from '@app/server-core';
import { ParentalClient } from '../auth/parental.client';
import { PaymentClient, viewerOf } from '../payments/payment.client';
import { TitleAccessService } from '../payments/title-access.service';
import { UserDataClient } from '../user-data/user-data.client';
import { StreamingClient } from './streaming.client';

/** Past this share of a title, playback starts over (DECISIONS 10: over 90 % counts as finished). */

const refusal = (entitlement: Entitlement, isSeries: boolean) => {
  if (isSeries) return SeriesMessages.noTitleOrder;
  return entitlement.reason === AccessReason.RentalExpired
    ? PaymentMessages.rentalExpired
    : 'Premium title: subscribe, buy or rent it to watch.';
};

/** Where to start: the saved position, unless the title was finished (or nearly). */
export const resumeFrom = (point: ResumePoint | null): number => {
  if (!point) return 0;
  const { positionSeconds, durationSeconds } = point;
  if (durationSeconds && positionSeconds >= (durationSeconds * FINISHED_PERCENT) / 100) return 0;
  return positionSeconds;
};

/**
 * `POST /api/playback/{movieId}` (a movie or an episode): payment-service decides whether the viewer may watch
 * and at what quality on how many screens; streaming-service takes the screen (lease) and signs the URLs; a
 * rental's 48 hours start with its first playback; user-data-service knows where the viewer stopped.
 */
@Injectable()
export class PlaybackService {
  private readonly logger = new Logger(PlaybackService.name);

  constructor(
    private readonly payments: PaymentClient,
    private readonly titles: TitleAccessService,
    private readonly streaming: StreamingClient,
    private readonly userData: UserDataClient,
    private readonly parental: ParentalClient,
  ) {}

  /**
   * What starting would find, without taking a screen or starting a rental's clock: the same refusals as `start`
   * and where to resume. The player asks it first, so a "Continue watching?" prompt holds no screen.
   */
  async preview(user: SessionUser, movieId: string): Promise<PlaybackPreview> {
    await this.allowed(user, movieId);
    return { resumePositionSeconds: resumeFrom(await this.resumePoint(user.id, movieId)) };
  }

  /**
   * `movieId` is what plays: a movie's id or an episode's (access is then its series'). Issue 25: before any screen
   * is taken or link signed, auth-service judges the account's parental controls (an A title needs the holder's
   * declaration of being 18 or older; a title the parental PIN guards, on a non-kids profile, needs `parentalPin`).
   */
  async start(
    user: SessionUser,
    movieId: string,
    deviceLabel: string,
    parentalPin?: string,
  ): Promise<PlaybackSession> {
    const { title, facts, episode, entitlement, isSeries, classification, descriptors } = await this.allowed(
      user,
      movieId,
    );
    // The guard lets no session without a profile here; were one to come, it is judged as a standard profile's.
    const kind = user.profile?.kind ?? ProfileKind.Standard;
    // A PIN given for a series holds for its next episodes in this session (a sitting): facts are the series'.
    await this.parental.check(user.id, kind, classification, {
      pin: parentalPin,
      sitting: { sessionId: user.sessionId, titleId: facts.movieId },
    });
    const opened = await this.streaming.open({
      userId: user.id,
      sessionId: user.sessionId,
      movieId,
      title,
      quality: entitlement.quality,
      screens: entitlement.screens,
      deviceLabel,
      // The account's list of screens in use names the profile of each (issue 25).
      ...(user.profile?.name ? { profileName: user.profile.name } : {}),
      ...(episode ? { episode } : {}),
      // Its heartbeats ask the entitlement again as for this viewer (DECISIONS 35).
      isAdmin: user.role === Role.Admin,
      // streaming-service checks it against the profile's ceiling itself (issue 25).
      classification,
    });
    // A series is never rented (issue 13): no clock starts or shows for an episode.
    const isRental = !isSeries && entitlement.reason === AccessReason.Rental;
    const rental =
      isRental && entitlement.rental && !entitlement.rental.startedAt
        ? await this.payments.startRental(user.id, movieId)
        : entitlement.rental;
    return {
      ...opened,
      resumePositionSeconds: resumeFrom(await this.resumePoint(user.id, movieId)),
      rental: isRental ? rental : null,
      rating: { classification, descriptors },
    };
  }

  /** The title and the viewer's entitlement to it; refused (403, 404) as the start is. */
  private async allowed(user: SessionUser, movieId: string) {
    // Above the profile's ceiling, catalogue-service answers 404 as for a missing title.
    const { title, facts, episode, classification, descriptors } = await this.titles.playable(movieId);
    const isSeries = facts.kind === 'series';
    // A series' own id has nothing to play: its episodes do.
    if (isSeries && !episode) throw new AppError(ErrorCode.NotFound, SeriesMessages.episodeNotFound);
    const entitlement = await this.payments.entitlement(viewerOf(user), facts);
    if (!entitlement.canWatch) throw new AppError(ErrorCode.Forbidden, refusal(entitlement, isSeries));
    return { title, facts, episode, entitlement, isSeries, classification, descriptors };
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
