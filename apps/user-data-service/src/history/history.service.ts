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
import { AuditAction, compareEpisodes, CONTINUE_WATCHING_LIMIT, UserDataMessages } from '@app/contracts';
import { AppError, AuditTrail, Outbox } from '@app/server-core';
import { EpisodesService } from '../episodes/episodes.service';
import { TitlesService } from '../titles/titles.service';
import { decidingRecords, rowItem, seriesNeedingLineup } from './continue-watching';
import type { StoredHistory } from './history.repository';
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
 * watched episode by episode (issue 13): one record per episode, its card and genre from the series.
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
    const reportedAt = new Date(report.reportedAt);
    if (Number.isNaN(reportedAt.getTime()) || reportedAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) {
      this.logger.warn({
        msg: 'watch report dropped: reportedAt unusable',
        userId: report.userId,
        movieId: report.movieId,
        reportedAt: report.reportedAt,
      });
      return false;
    }
    const { durationSeconds } = report;
    // A position past the end (a player rounding up) resumes at the end, not beyond it.
    const positionSeconds =
      durationSeconds !== null ? Math.min(report.positionSeconds, durationSeconds) : report.positionSeconds;
    return this.history.recordProgress({
      userId: report.userId,
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
    });
  }

  /** Where playback of this title resumes for this viewer; null when they never watched it. */
  async resumePoint(userId: string, movieId: string): Promise<ResumePoint | null> {
    const record = await this.history.findOne(userId, movieId);
    return record ? toResumePoint(record) : null;
  }

  /** The history page, most recently watched first, hidden titles included. */
  async list(userId: string, { page, pageSize }: PageQuery): Promise<HistoryPage> {
    const [records, total] = await Promise.all([
      this.history.pageOf(userId, (page - 1) * pageSize, pageSize),
      this.history.countOf(userId),
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
    // Read first: the event, stored before the removal, names the title.
    const record = await this.history.findById(userId, itemId);
    if (!record) throw AppError.notFound(UserDataMessages.historyItemNotFound);
    const removed = await this.outbox.announce(
      { type: 'history.removed', payload: { userId, movieId: record.movieId } },
      () => this.history.removeById(userId, itemId),
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
   * episode to watch next (continue-watching.ts); hidden and deleted titles left out.
   */
  async continueWatching(userId: string): Promise<ContinueWatchingItem[]> {
    const items: ContinueWatchingItem[] = [];
    const decided = new Set<string>();
    for (let skip = 0; items.length < CONTINUE_WATCHING_LIMIT; skip += CONTINUE_WATCHING_BATCH) {
      const records = await this.history.rowCandidatesOf(userId, skip, CONTINUE_WATCHING_BATCH);
      const { titles, episodes } = await this.catalogueOf(records);
      const deciding = decidingRecords(records, episodes, decided);
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
   * hidden, so the series stays out until one of them is played again. `hidden: false` when never watched.
   */
  async hideFromRow(userId: string, movieId: string): Promise<{ hidden: boolean }> {
    const seriesId =
      (await this.episodes.seriesOf(movieId)) ??
      (await this.history.findOne(userId, movieId))?.episode?.seriesId ??
      movieId;
    const hidden = await this.history.hide(userId, movieId, seriesId);
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

  /** The viewer's progress in each episode of the series they have a record of, in play order. */
  async seriesProgress(userId: string, seriesId: string): Promise<SeriesProgress> {
    const records = await this.history.ofSeries(userId, seriesId);
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

  /** Every record of the user, for "Download my data". */
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
