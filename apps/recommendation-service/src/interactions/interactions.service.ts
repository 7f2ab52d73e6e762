import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@app/contracts';
import { profileIdOf } from '@app/contracts';
import type { ViewerKey } from '@app/server-core';
import { TrendingService } from '../trending/trending.service';
import type { InteractionChange, InteractionState } from './interaction-rules';
import { foldChanges, itemOfReport, nextState, watchedOf } from './interaction-rules';
import { InteractionsRepository } from './interactions.repository';
import { ProfilesRepository } from './profiles.repository';

/** How far ahead of this server's clock a report may be dated (the same rule as user-data-service's history). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** The profile an event is about: the one it names, else the account's default one. */
const viewerOfEvent = (event: { userId: string; profileId?: string }): ViewerKey => ({
  userId: event.userId,
  profileId: profileIdOf(event),
});

/** Writes of one record that lost to concurrent writes before the handler gives up (the event is retried later). */
const MAX_ATTEMPTS = 3;

/**
 * What viewers did with titles, learnt from events, per profile (DECISIONS 36: the events name it; those from
 * before profiles, and payments, count for the account's default profile). Trending stays per account. Each event is applied once in effect without a processed-event
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
   * the report is about (an episode's series). Returns whether the report changed the viewer's record.
   */
  async recordProgress(report: EventPayload<'watch.progressed'>, now = Date.now()): Promise<boolean> {
    return (await this.recordProgressMany([report], now)) > 0;
  }

  /**
   * `recordProgress` for the reports of one read of the event stream (issue 29: a report every 10 s per viewer is
   * the hottest event): the trending plays in one Redis round trip; the records they change computed from the
   * profiles' copies (one round trip), written in one MongoDB bulk write and one Redis round trip. One viewer's
   * reports on one item fold into one write, in stream order. Returns how many records changed.
   */
  async recordProgressMany(
    reports: ReadonlyArray<EventPayload<'watch.progressed'>>,
    now = Date.now(),
  ): Promise<number> {
    const usable = reports.flatMap((report) => {
      const at = Date.parse(report.reportedAt);
      if (!Number.isNaN(at) && at <= now + MAX_CLOCK_SKEW_MS)
        return [{ report, itemId: itemOfReport(report), at }];
      this.logger.warn({
        msg: 'watch report dropped: reportedAt unusable',
        userId: report.userId,
        movieId: report.movieId,
        reportedAt: report.reportedAt,
      });
      return [];
    });
    await this.trending.recordPlays(
      usable
        .filter(({ report }) => report.positionSeconds > 0 || report.watchedSeconds > 0)
        .map(({ report, itemId, at }) => ({ userId: report.userId, movieId: itemId, at })),
      now,
    );
    return this.applyMany(
      usable.flatMap(({ report, itemId, at }) => {
        const watched = watchedOf(report.positionSeconds, report.durationSeconds);
        return watched
          ? [
              {
                viewer: viewerOfEvent(report),
                movieId: itemId,
                change: { kind: 'watched' as const, ...watched, at },
              },
            ]
          : [];
      }),
    );
  }

  /** `favorite.added` / `favorite.removed`, ordered by the events' `occurredAt`. */
  recordFavorite(
    event: EventPayload<'favorite.added'> | EventPayload<'favorite.removed'>,
    favorite: boolean,
    occurredAt: Date,
  ): Promise<boolean> {
    return this.apply(viewerOfEvent(event), event.movieId, {
      kind: 'favorite',
      favorite,
      at: occurredAt.getTime(),
    });
  }

  /**
   * `payment.captured` of a purchase or rental; a subscription's charge names no title and teaches nothing. A payment
   * is the account's (it names no profile; kids profiles cannot pay): it counts for the default profile.
   */
  async recordPayment(payment: EventPayload<'payment.captured'>, occurredAt: Date): Promise<boolean> {
    if (!payment.movieId) return false;
    return this.apply(viewerOfEvent(payment), payment.movieId, { kind: 'paid', at: occurredAt.getTime() });
  }

  /** The profile's interactions as requests score them: from Redis, never a database scan. */
  profileOf(viewer: ViewerKey): Promise<InteractionState[]> {
    return this.profiles.all(viewer);
  }

  /**
   * `user.deleted`: the records and Redis profiles of every profile of the account, and its per-day trending marks;
   * the Redis side first, so a retry after a failure still finds the profiles in MongoDB. A redelivery finds nothing.
   */
  async forgetUser(userId: string): Promise<void> {
    const profileIds = [...new Set([userId, ...(await this.interactions.profileIdsOf(userId))])];
    const movieIds = new Set<string>();
    for (const profileId of profileIds)
      for (const { movieId } of await this.profiles.all({ userId, profileId })) movieIds.add(movieId);
    await this.trending.forgetViewer(userId, [...movieIds]);
    for (const profileId of profileIds) await this.profiles.forget(profileId);
    const removed = await this.interactions.removeOfUser(userId);
    this.logger.log({ msg: 'interactions of deleted user removed', userId, removed });
  }

  /**
   * `profile.deleted`: that profile's records and Redis profile; the account's trending marks stay (trending is
   * anonymous counts per account, not the profile's data). A redelivery finds nothing.
   */
  async forgetProfile(viewer: ViewerKey): Promise<void> {
    await this.profiles.forget(viewer.profileId);
    const removed = await this.interactions.removeOfProfile(viewer);
    this.logger.log({ msg: 'interactions of deleted profile removed', ...viewer, removed });
  }

  /**
   * `apply` for many changes: each record's changes (in order) fold into one write from the profile's copy; all of
   * them in one MongoDB bulk write and one Redis round trip. When a copy was missing or stale (the bulk write met a
   * record that moved on), every record goes once more through `apply`, which reads MongoDB: a record already
   * written computes no change there and only has its copy brought up to date. Returns how many records changed.
   */
  private async applyMany(
    changes: ReadonlyArray<{ viewer: ViewerKey; movieId: string; change: InteractionChange }>,
  ): Promise<number> {
    const records = new Map<string, { viewer: ViewerKey; movieId: string; changes: InteractionChange[] }>();
    for (const { viewer, movieId, change } of changes) {
      const key = `${viewer.userId}|${viewer.profileId}|${movieId}`;
      const record = records.get(key) ?? { viewer, movieId, changes: [] };
      record.changes.push(change);
      records.set(key, record);
    }
    const targets = [...records.values()];
    const copies = await this.profiles.getMany(targets);
    const writes = targets.flatMap((target, i) => {
      const next = foldChanges(target.viewer, target.movieId, copies[i], target.changes);
      return next ? [{ target, previousVersion: copies[i]?.version ?? null, state: next }] : [];
    });
    if (writes.length === 0) return 0;
    if (
      await this.interactions.writeMany(
        writes.map(({ previousVersion, state }) => ({ previousVersion, state })),
      )
    ) {
      await this.profiles.putMany(writes.map(({ state }) => state));
      return writes.length;
    }
    let changed = 0;
    for (const { target } of writes) {
      let applied = false;
      for (const change of target.changes)
        applied = (await this.apply(target.viewer, target.movieId, change)) || applied;
      if (applied) changed += 1;
    }
    return changed;
  }

  /**
   * Computes the record after `change` from the profile's copy and writes it over that version. When the copy is
   * missing or stale (another replica wrote meanwhile, Redis lost it), reads the MongoDB record and tries again;
   * the profile is brought up to date even when the change turns out to add nothing.
   */
  private async apply(viewer: ViewerKey, movieId: string, change: InteractionChange): Promise<boolean> {
    let previous = await this.profiles.get(viewer, movieId);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const next = nextState(viewer, movieId, previous, change);
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
      previous = await this.interactions.findOne(viewer, movieId);
    }
    throw new Error(
      `interaction of ${viewer.userId}/${viewer.profileId} with ${movieId} kept changing; left for a retry`,
    );
  }
}
