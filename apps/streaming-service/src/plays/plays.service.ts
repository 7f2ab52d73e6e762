import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EventPayload, QoeSample } from '@app/contracts';
import { ErrorCode, QoeMessages } from '@app/contracts';
import type { SettledCheck } from '@app/server-core';
import { AppError, browserFamily, EventBus, Outbox } from '@app/server-core';
import { PlaysRepository } from './plays.repository';

export type StartedPlay = EventPayload<'playback.started'>;

/** "Is the play stored?" for an outbox entry of `playback.started` whose process died before saying. */
export const playStartedSettled =
  (plays: PlaysRepository): SettledCheck<'playback.started'> =>
  async ({ userId, leaseId }) =>
    (await plays.find(userId, leaseId)) !== null;

/** Plays (issue 28): each lease taken is announced once as `playback.started`; QoE batches of the caller's own plays. */
@Injectable()
export class PlaysService {
  constructor(
    private readonly plays: PlaysRepository,
    private readonly outbox: Outbox,
    private readonly events: EventBus,
  ) {}

  /** Through the outbox: the play is recorded (what its QoE reports are checked against) and announced. */
  async started(play: StartedPlay): Promise<void> {
    await this.outbox.announce({ type: 'playback.started', payload: play }, () =>
      this.plays.remember(play.userId, play.leaseId, {
        movieId: play.movieId,
        episode: play.episode ?? null,
      }),
    );
  }

  /**
   * A QoE batch for one of the caller's own plays, announced as `qoe.reported` (nothing stored here): the lease is
   * looked up under the caller's account, so another account's lease id finds nothing (404). Its browser family is
   * read from the request's User-Agent, not from anything the player says.
   */
  async report(
    userId: string,
    leaseId: string,
    samples: QoeSample[],
    userAgent: string | undefined,
  ): Promise<{ accepted: number }> {
    const play = await this.plays.find(userId, leaseId);
    if (!play) throw new AppError(ErrorCode.NotFound, QoeMessages.notYourLease);
    await this.events.publish('qoe.reported', {
      reportId: randomUUID(),
      leaseId,
      userId,
      movieId: play.movieId,
      ...(play.episode ? { episode: play.episode } : {}),
      reportedAt: new Date().toISOString(),
      browser: browserFamily(userAgent),
      samples,
    });
    return { accepted: samples.length };
  }
}

/** What `playback.started` says of a playback just opened (an episode's carries its series, season and number). */
export const startedPlay = (
  request: { userId: string; movieId: string; episode?: StartedPlay['episode'] },
  leaseId: string,
  profileId: string | undefined,
  durationSeconds: number | null,
  now: number,
): StartedPlay => ({
  leaseId,
  userId: request.userId,
  ...(profileId ? { profileId } : {}),
  movieId: request.movieId,
  ...(request.episode ? { episode: request.episode } : {}),
  durationSeconds,
  startedAt: new Date(now).toISOString(),
});
