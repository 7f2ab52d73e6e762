import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@app/contracts';
import { TrendingService } from '../trending/trending.service';
import type { InteractionChange, InteractionState } from './interaction-rules';
import { itemOfReport, nextState, watchedOf } from './interaction-rules';
import { InteractionsRepository } from './interactions.repository';
import { ProfilesRepository } from './profiles.repository';

/** How far ahead of this server's clock a report may be dated (the same rule as user-data-service's history). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** Writes of one record that lost to concurrent writes before the handler gives up (the event is retried later). */
const MAX_ATTEMPTS = 3;

/**
 * What viewers did with titles, learnt from events. Each event is applied once in effect without a processed-event
 * log: every signal only grows (the share watched, finished, paid) or follows the latest event (favorite), so a
 * redelivery or an older event computes no change and writes nothing. The viewer's Redis profile is compared first,
 * so the hot path (a report every 10 s per viewer) costs one Redis read and, when the share grew, one conditional
 * MongoDB update and one Redis write.
 */
@Injectable()
export class InteractionsService {
  private readonly logger = new Logger(InteractionsService.name);

  constructor(
    private readonly interactions: InteractionsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly trending: TrendingService,
  ) {}

  /**
   * `watch.progressed`: a trending play (once per viewer, item and day) and the share watched, both for the item
   * the report is about (an episode's series).
   */
  async recordProgress(report: EventPayload<'watch.progressed'>, now = Date.now()): Promise<boolean> {
    const itemId = itemOfReport(report);
    const at = Date.parse(report.reportedAt);
    if (Number.isNaN(at) || at > now + MAX_CLOCK_SKEW_MS) {
      this.logger.warn({
        msg: 'watch report dropped: reportedAt unusable',
        userId: report.userId,
        movieId: report.movieId,
        reportedAt: report.reportedAt,
      });
      return false;
    }
    if (report.positionSeconds > 0 || report.watchedSeconds > 0) {
      await this.trending.recordPlay(report.userId, itemId, at, now);
    }
    const watched = watchedOf(report.positionSeconds, report.durationSeconds);
    if (!watched) return false;
    return this.apply(report.userId, itemId, { kind: 'watched', ...watched, at });
  }

  /** `favorite.added` / `favorite.removed`, ordered by the events' `occurredAt`. */
  recordFavorite(userId: string, movieId: string, favorite: boolean, occurredAt: Date): Promise<boolean> {
    return this.apply(userId, movieId, { kind: 'favorite', favorite, at: occurredAt.getTime() });
  }

  /** `payment.captured` of a purchase or rental; a subscription's charge names no title and teaches nothing. */
  async recordPayment(payment: EventPayload<'payment.captured'>, occurredAt: Date): Promise<boolean> {
    if (!payment.movieId) return false;
    return this.apply(payment.userId, payment.movieId, { kind: 'paid', at: occurredAt.getTime() });
  }

  /** The viewer's interactions as requests score them: from Redis, never a database scan. */
  profileOf(userId: string): Promise<InteractionState[]> {
    return this.profiles.all(userId);
  }

  /** `user.deleted`: their records, their profile and their per-day trending marks; a redelivery finds nothing. */
  async forgetUser(userId: string): Promise<void> {
    const profile = await this.profiles.all(userId);
    await this.trending.forgetViewer(
      userId,
      profile.map(({ movieId }) => movieId),
    );
    const removed = await this.interactions.removeOfUser(userId);
    await this.profiles.forget(userId);
    this.logger.log({ msg: 'interactions of deleted user removed', userId, removed });
  }

  /**
   * Computes the record after `change` from the profile's copy and writes it over that version. When the copy is
   * missing or stale (another replica wrote meanwhile, Redis lost it), reads the MongoDB record and tries again;
   * the profile is brought up to date even when the change turns out to add nothing.
   */
  private async apply(userId: string, movieId: string, change: InteractionChange): Promise<boolean> {
    let previous = await this.profiles.get(userId, movieId);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const next = nextState(userId, movieId, previous, change);
      if (!next) {
        if (attempt > 1 && previous) await this.profiles.put(previous);
        return false;
      }
      const written = previous
        ? await this.interactions.update(previous.version, next)
        : await this.interactions.insert(next);
      if (written) {
        await this.profiles.put(next);
        return true;
      }
      previous = await this.interactions.findOne(userId, movieId);
    }
    throw new Error(`interaction of ${userId} with ${movieId} kept changing; left for a retry`);
  }
}
