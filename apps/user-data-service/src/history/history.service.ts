import { Injectable, Logger } from '@nestjs/common';
import type {
  ContinueWatchingItem,
  EventPayload,
  HistoryPage,
  PageQuery,
  ResumePoint,
  ViewerDataExport,
} from '@app/contracts';
import { CONTINUE_WATCHING_LIMIT, ViewerDataMessages } from '@app/contracts';
import { AppError, EventBus } from '@app/server-core';
import { TitlesService } from '../titles/titles.service';
import { HistoryRepository } from './history.repository';
import {
  toContinueWatchingItem,
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

/** Continue Watching reads candidates in batches of this size until it has enough titles that are not deleted. */
const CONTINUE_WATCHING_BATCH = CONTINUE_WATCHING_LIMIT * 2;

/**
 * Where each viewer stopped in each title and how long they watched (DECISIONS 10): written from
 * `watch.progressed`, read for playback's resume point, the history page and Continue Watching.
 */
@Injectable()
export class HistoryService {
  private readonly logger = new Logger(HistoryService.name);

  constructor(
    private readonly history: HistoryRepository,
    private readonly titles: TitlesService,
    private readonly events: EventBus,
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
    const titles = await this.titles.byMovieId(records.map((record) => record.movieId));
    return {
      data: records.map((record) => toHistoryItem(record, titles.get(record.movieId))),
      page,
      pageSize,
      total,
    };
  }

  /** Removes one of the user's records (its position goes too); NotFound when the id is not one of theirs. */
  async remove(userId: string, itemId: string): Promise<{ removed: boolean }> {
    const removed = await this.history.removeById(userId, itemId);
    if (!removed) throw AppError.notFound(ViewerDataMessages.historyItemNotFound);
    await this.events.publish('history.removed', { userId, movieId: removed.movieId });
    return { removed: true };
  }

  /** Up to CONTINUE_WATCHING_LIMIT titles in progress, most recent first, leaving out hidden and deleted ones. */
  async continueWatching(userId: string): Promise<ContinueWatchingItem[]> {
    const items: ContinueWatchingItem[] = [];
    for (let skip = 0; items.length < CONTINUE_WATCHING_LIMIT; skip += CONTINUE_WATCHING_BATCH) {
      const records = await this.history.inProgressOf(userId, skip, CONTINUE_WATCHING_BATCH);
      const titles = await this.titles.byMovieId(records.map((record) => record.movieId));
      for (const record of records) {
        const title = titles.get(record.movieId);
        const item = title?.deleted ? null : toContinueWatchingItem(record, title);
        if (item) items.push(item);
      }
      if (records.length < CONTINUE_WATCHING_BATCH) break;
    }
    return items.slice(0, CONTINUE_WATCHING_LIMIT);
  }

  /** "Remove from row" until the next playback; the position stays. `hidden: false` when never watched. */
  async hideFromRow(userId: string, movieId: string): Promise<{ hidden: boolean }> {
    return { hidden: await this.history.hide(userId, movieId) };
  }

  /** Every record of the user, for "Download my data". */
  async exportOf(userId: string): Promise<ViewerDataExport['history']> {
    const records = await this.history.allOf(userId);
    const titles = await this.titles.byMovieId(records.map((record) => record.movieId));
    return records.map((record) => toExportedHistoryItem(record, titles.get(record.movieId)));
  }

  /** DECISIONS 32: a deleted account's history goes with it. */
  forgetUser(userId: string): Promise<number> {
    return this.history.removeOfUser(userId);
  }
}
