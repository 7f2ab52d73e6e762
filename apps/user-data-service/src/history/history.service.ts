import { Injectable, Logger } from '@nestjs/common';
import type {
  ContinueWatchingItem,
  EventPayload,
  HistoryPage,
  PageQuery,
  ResumePoint,
  SeriesProgress,
  UserDataExport,
} from '@app/contracts';
import {
  AuditAction,
  compareEpisodes,
  CONTINUE_WATCHING_LIMIT,
  isWithinCeiling,
  profileIdOf,
  UserDataMessages,
} from '@app/contracts';
import type { ViewerKey } from '@app/server-core';
import { AppError, AuditTrail, Outbox, viewerOf } from '@app/server-core';
import { EpisodesService } from '../episodes/episodes.service';
import { TitlesService } from '../titles/titles.service';
import { decidingRecords, rowItem, seriesNeedingLineup } from './continue-watching';
import type { ProgressWrite, StoredHistory } from './history.repository';
import { HistoryRepository } from './history.repository';
import {
  episodeRefOf,
  titleIdOf,
  toEpisodeProgress,
  toExportedHistoryItem,
  toHistoryItem,
  toResumePoint,
} from './history.mapper';
import { creditedWatchSeconds, monthKey, progressFlags } from './progress-rules';

/**
 * How far ahead of this server's clock a report may be dated. A report from the future would freeze the record
 * (every later report would look older), so one dated past this is dropped.
 */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** Continue Watching reads candidates in batches of this size until it has enough entries. */
const CONTINUE_WATCHING_BATCH = CONTINUE_WATCHING_LIMIT * 2;

/**
 * Where each viewer stopped in each title and how long they watched (DECISIONS 10): written from
 * `watch.progressed`, read for playback's resume point, the history page and Continue Watching. A series is
 * watched episode by episode (issue 13): one record per episode, its card and genre from the series. Kept per
 * profile (DECISIONS 36): reads and writes act on the request's profile (`viewerOf`), and a title above its ceiling
 * never comes out of them (DECISIONS 37), judged by the title's class as this service knows it at read time.
 */
@Injectable()
export class HistoryService {
  private readonly logger = new Logger(HistoryService.name);

  constructor(
    private readonly history: HistoryRepository,
    private readonly titles: TitlesService,
    private readonly episodes: EpisodesService,
    private readonly outbox: Outbox,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Applies a position report unless the record already holds one as new or newer (a redelivery, a late
   * beacon); returns whether it was applied. A report that cannot be ordered is dropped, not retried: retrying
   * would never make it valid.
   */
  async recordProgress(report: EventPayload<'watch.progressed'>, now: Date = new Date()): Promise<boolean> {
    return (await this.recordProgressMany([report], now)) > 0;
  }

  /**
   * `recordProgress` for the reports of one read of the event stream, in one bulk write (issue 29: a report every
   * 10 s per viewer is the hottest write); one viewer's reports on one title still apply in stream order. Returns
   * how many applied.
   */
  async recordProgressMany(
    reports: ReadonlyArray<EventPayload<'watch.progressed'>>,
    now = new Date(),
  ): Promise<number> {
    const writes = reports.flatMap((report) => this.progressWrite(report, now) ?? []);
    return writes.length > 0 ? this.history.recordProgressMany(writes) : 0;
  }

  /** What a report writes, the rules applied; null (and a warning) for one that cannot be ordered. */
  private progressWrite(report: EventPayload<'watch.progressed'>, now: Date): ProgressWrite | null {
    const reportedAt = new Date(report.reportedAt);
    if (Number.isNaN(reportedAt.getTime()) || reportedAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) {
      this.logger.warn({
        msg: 'watch report dropped: reportedAt unusable',
        userId: report.userId,
        movieId: report.movieId,
        reportedAt: report.reportedAt,
      });
      return null;
    }
    const { durationSeconds } = report;
    // A position past the end (a player rounding up) resumes at the end, not beyond it.
    const positionSeconds =
      durationSeconds !== null ? Math.min(report.positionSeconds, durationSeconds) : report.positionSeconds;
    return {
      userId: report.userId,
      profileId: profileIdOf(report),
      movieId: report.movieId,
      positionSeconds,
      durationSeconds,
      reportedAt,
      watchedSeconds: creditedWatchSeconds(report.watchedSeconds),
      month: monthKey(reportedAt),
      flags: progressFlags(positionSeconds, durationSeconds),
      episode: report.episode
        ? {
            seriesId: report.episode.seriesId,
            seasonNumber: report.episode.seasonNumber,
            episodeNumber: report.episode.episodeNumber,
          }
        : null,
    };
  }

  /** Where playback of this title resumes for this profile; null when it never watched it (or may not). */
  async resumePoint(userId: string, movieId: string): Promise<ResumePoint | null> {
    const viewer = viewerOf(userId);
    const record = await this.history.findOne(viewer, movieId);
    if (!record) return null;
    const allowed = await this.titles.allowedAmong([titleIdOf(record)], viewer.ceiling);
    return allowed && !allowed.has(titleIdOf(record)) ? null : toResumePoint(record);
  }

  /** The history page, most recently watched first, hidden titles included; titles above the ceiling left out. */
  async list(userId: string, { page, pageSize }: PageQuery): Promise<HistoryPage> {
    const viewer = viewerOf(userId);
    const allowed = viewer.ceiling
      ? await this.titles.allowedAmong(await this.history.titleIdsOf(viewer), viewer.ceiling)
      : null;
    const [records, total] = await Promise.all([
      this.history.pageOf(viewer, (page - 1) * pageSize, pageSize, allowed),
      this.history.countOf(viewer, allowed),
    ]);
    const { titles, episodes } = await this.catalogueOf(records);
    return {
      data: records.map((record) =>
        toHistoryItem(record, titles.get(titleIdOf(record)), episodes.get(record.movieId)),
      ),
      page,
      pageSize,
      total,
    };
  }

  /** Removes one of the user's records (its position goes too); NotFound when the id is not one of theirs. */
  async remove(userId: string, itemId: string): Promise<{ removed: boolean }> {
    const viewer = viewerOf(userId);
    // Read first: the event, stored before the removal, names the title.
    const record = await this.history.findById(viewer, itemId);
    if (!record) throw AppError.notFound(UserDataMessages.historyItemNotFound);
    const removed = await this.outbox.announce(
      { type: 'history.removed', payload: { userId, profileId: viewer.profileId, movieId: record.movieId } },
      () => this.history.removeById(viewer, itemId),
      // Null: a removal racing this one took it first, and announces it.
      (gone) => gone !== null,
    );
    if (!removed) throw AppError.notFound(UserDataMessages.historyItemNotFound);
    await this.audit.recordForViewer(userId, async () => {
      const title = await this.titleName(titleIdOf(removed));
      return {
        action: AuditAction.HistoryChange,
        detail: `removed ${title} from watch history`,
        before: `${title} at ${Math.round(removed.positionSeconds)} s`,
        after: `${title} not in watch history`,
      };
    });
    return { removed: true };
  }

  /**
   * Up to CONTINUE_WATCHING_LIMIT entries, most recent first: movies in progress, and each series once, at the
   * episode to watch next (continue-watching.ts); hidden and deleted titles, and those above the profile's ceiling,
   * left out (checked on the batch's titles, which the row reads anyway: no extra query).
   */
  async continueWatching(userId: string): Promise<ContinueWatchingItem[]> {
    const viewer = viewerOf(userId);
    const items: ContinueWatchingItem[] = [];
    const decided = new Set<string>();
    for (let skip = 0; items.length < CONTINUE_WATCHING_LIMIT; skip += CONTINUE_WATCHING_BATCH) {
      const records = await this.history.rowCandidatesOf(viewer, skip, CONTINUE_WATCHING_BATCH);
      const { titles, episodes } = await this.catalogueOf(records);
      const admitted = records.filter((record) =>
        isWithinCeiling(titles.get(titleIdOf(record))?.classification, viewer.ceiling),
      );
      const deciding = decidingRecords(admitted, episodes, decided);
      const lineups = await this.episodes.lineupsOf(seriesNeedingLineup(deciding));
      for (const record of deciding) {
        const item = rowItem(record, { titles, episodes, lineups });
        if (item) items.push(item);
      }
      if (records.length < CONTINUE_WATCHING_BATCH) break;
    }
    return items.slice(0, CONTINUE_WATCHING_LIMIT);
  }

  /**
   * "Remove from row" until the next playback; positions stay. For a series (the row's entry names one of its
   * episodes, maybe the next one, never watched; or the series id itself) every record of its episodes is
   * hidden, so the series stays out until one of them is played again. A report made before the removal but applied
   * after it (on its way) is not a new playback: the title stays out (`isHiddenFromRow`). `hidden: false` when never
   * watched.
   */
  async hideFromRow(userId: string, movieId: string): Promise<{ hidden: boolean }> {
    const viewer = viewerOf(userId);
    const seriesId =
      (await this.episodes.seriesOf(movieId)) ??
      (await this.history.findOne(viewer, movieId))?.episode?.seriesId ??
      movieId;
    const hidden = await this.history.hide(viewer, movieId, seriesId, new Date());
    if (hidden)
      await this.audit.recordForViewer(userId, async () => {
        const title = await this.titleName(seriesId);
        return {
          action: AuditAction.HistoryChange,
          detail: `removed ${title} from Continue Watching`,
          before: `${title} in Continue Watching`,
          after: `${title} hidden from Continue Watching`,
        };
      });
    return { hidden };
  }

  /**
   * The profile's progress in each episode of the series it has a record of, in play order; none for a series above
   * its ceiling (as for one never watched).
   */
  async seriesProgress(userId: string, seriesId: string): Promise<SeriesProgress> {
    const viewer = viewerOf(userId);
    const allowed = await this.titles.allowedAmong([seriesId], viewer.ceiling);
    if (allowed && !allowed.has(seriesId)) return { seriesId, episodes: [] };
    const records = await this.history.ofSeries(viewer, seriesId);
    const episodes = await this.episodes.byEpisodeId(records.map((record) => record.movieId));
    const progress = records.flatMap((record) => {
      const ref = episodeRefOf(record, episodes.get(record.movieId));
      return ref ? [toEpisodeProgress(record, ref)] : [];
    });
    progress.sort((a, b) =>
      compareEpisodes(
        { seasonNumber: a.seasonNumber, number: a.episodeNumber },
        { seasonNumber: b.seasonNumber, number: b.episodeNumber },
      ),
    );
    return { seriesId, episodes: progress };
  }

  /** Every record of the account (all its profiles), for "Download my data". */
  async exportOf(userId: string): Promise<UserDataExport['history']> {
    const records = await this.history.allOf(userId);
    const { titles, episodes } = await this.catalogueOf(records);
    return records.map((record) =>
      toExportedHistoryItem(record, titles.get(titleIdOf(record)), episodes.get(record.movieId)),
    );
  }

  /** DECISIONS 32: a deleted account's history goes with it. */
  forgetUser(userId: string): Promise<number> {
    return this.history.removeOfUser(userId);
  }

  /** `profile.deleted`: that profile's records go; the account's other profiles keep theirs. */
  forgetProfile(viewer: ViewerKey): Promise<number> {
    return this.history.removeOfProfile(viewer);
  }

  /** A title's name for the audit log (its id when the catalogue never announced it). */
  private async titleName(titleId: string): Promise<string> {
    return (await this.titles.byMovieId([titleId])).get(titleId)?.title ?? titleId;
  }

  /** The titles (movies, series) and indexed episodes a batch of records names: two queries. */
  private async catalogueOf(records: StoredHistory[]) {
    const [titles, episodes] = await Promise.all([
      this.titles.byMovieId(records.map(titleIdOf)),
      this.episodes.byEpisodeId(records.flatMap((record) => (record.episode ? [record.movieId] : []))),
    ]);
    return { titles, episodes };
  }
}
