import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload, ResumePoint } from '@app/contracts';
import { HistoryRepository } from './history.repository';
import { toResumePoint } from './history.mapper';

/**
 * How far ahead of this server's clock a report may be dated. A report from the future would freeze the record
 * (every later report would look older), so one dated past this is dropped.
 */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** Where each viewer stopped in each title: written from `watch.progressed`, read for playback's resume point. */
@Injectable()
export class HistoryService {
  private readonly logger = new Logger(HistoryService.name);

  constructor(private readonly history: HistoryRepository) {}

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
    return this.history.recordProgress({
      userId: report.userId,
      movieId: report.movieId,
      // A position past the end (a player rounding up) resumes at the end, not beyond it.
      positionSeconds:
        durationSeconds !== null ? Math.min(report.positionSeconds, durationSeconds) : report.positionSeconds,
      durationSeconds,
      reportedAt,
    });
  }

  /** Where playback of this title resumes for this viewer; null when they never watched it. */
  async resumePoint(userId: string, movieId: string): Promise<ResumePoint | null> {
    const record = await this.history.findOne(userId, movieId);
    return record ? toResumePoint(record) : null;
  }

  /** DECISIONS 32: a deleted account's history goes with it. */
  async forgetUser(userId: string): Promise<void> {
    const removed = await this.history.removeOfUser(userId);
    this.logger.log({ msg: 'history of deleted user removed', userId, removed });
  }
}
