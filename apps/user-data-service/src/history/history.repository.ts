import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { QueryFilter } from 'mongoose';
import type { EpisodeRef } from '@app/contracts';
import type { ProgressFlags } from './progress-rules';
import { HistoryRecord } from './history.schema';
import { conditionalUpsert } from '@app/server-core';

export type StoredHistory = HistoryRecord & { _id: Types.ObjectId };

/** What analytics reads of a record. */
export type WatchTimes = Pick<StoredHistory, 'movieId' | 'episode' | 'watchTimeSeconds' | 'watchByMonth'>;

/** A position report as the repository applies it (the service has applied the rules). */
export type ProgressWrite = {
  userId: string;
  movieId: string;
  positionSeconds: number;
  durationSeconds: number | null;
  reportedAt: Date;
  /** Watch time this report adds, already capped. */
  watchedSeconds: number;
  /** `YYYY-MM` of `reportedAt`: the `watchByMonth` bucket it adds to. */
  month: string;
  /** Null when the report carries no duration: the record keeps its flags. */
  flags: ProgressFlags | null;
  /** Set when `movieId` is an episode's id; null keeps what the record holds. */
  episode: EpisodeRef | null;
};

/** The only code that touches the history collection. */
@Injectable()
export class HistoryRepository {
  constructor(@InjectModel(HistoryRecord.name) private readonly history: Model<HistoryRecord>) {}

  /**
   * One conditional upsert, no read: applies the report when the record is missing or holds an older report, so
   * a redelivered or older report (which the filter rejects) adds no watch time either. Any applied report
   * shows the title in Continue Watching again (`hidden: false`). Returns whether the report was applied.
   */
  recordProgress({
    userId,
    movieId,
    positionSeconds,
    durationSeconds,
    reportedAt,
    watchedSeconds,
    month,
    flags,
    episode,
  }: ProgressWrite): Promise<boolean> {
    const onInsert = {
      ...(durationSeconds === null ? { durationSeconds: null } : {}),
      ...(flags === null ? { finished: false, inProgress: false } : {}),
    };
    return conditionalUpsert(
      this.history,
      { userId, movieId, $or: [{ lastWatchedAt: null }, { lastWatchedAt: { $lt: reportedAt } }] },
      {
        $set: {
          positionSeconds,
          lastWatchedAt: reportedAt,
          hidden: false,
          // A report without a duration keeps the one already known, and the flags computed from it.
          ...(durationSeconds !== null ? { durationSeconds } : {}),
          ...(flags ?? {}),
          ...(episode ? { episode } : {}),
        },
        $inc: { watchTimeSeconds: watchedSeconds, [`watchByMonth.${month}`]: watchedSeconds },
        ...(Object.keys(onInsert).length > 0 ? { $setOnInsert: onInsert } : {}),
      },
    );
  }

  findOne(userId: string, movieId: string): Promise<StoredHistory | null> {
    return this.history.findOne({ userId, movieId }).lean<StoredHistory>().exec();
  }

  countOf(userId: string): Promise<number> {
    return this.history.countDocuments({ userId }).exec();
  }

  /** The history page, newest first. */
  pageOf(userId: string, skip: number, limit: number): Promise<StoredHistory[]> {
    return this.newestFirst({ userId }, skip, limit);
  }

  /** Every record of the user, newest first (the data export). */
  allOf(userId: string): Promise<StoredHistory[]> {
    return this.history.find({ userId }).sort({ lastWatchedAt: -1, _id: -1 }).lean<StoredHistory[]>().exec();
  }

  /**
   * Continue Watching's candidates, most recent first: movies in progress, not hidden, with a duration; and every
   * episode record, whatever its state, since a series' most recent episode decides its entry (a finished one
   * leads to the next episode, a hidden one hides the series).
   */
  rowCandidatesOf(userId: string, skip: number, limit: number): Promise<StoredHistory[]> {
    return this.newestFirst(
      {
        userId,
        $or: [
          { episode: null, inProgress: true, hidden: false, durationSeconds: { $gt: 0 } },
          { episode: { $ne: null } },
        ],
      },
      skip,
      limit,
    );
  }

  /** The user's records of one series' episodes, most recent first. */
  ofSeries(userId: string, seriesId: string): Promise<StoredHistory[]> {
    return this.history
      .find({ userId, 'episode.seriesId': seriesId })
      .sort({ lastWatchedAt: -1, _id: -1 })
      .lean<StoredHistory[]>()
      .exec();
  }

  /** The user's records with any watch time, only the fields analytics needs. */
  watchTimesOf(userId: string): Promise<WatchTimes[]> {
    return this.history
      .find(
        { userId, watchTimeSeconds: { $gt: 0 } },
        { _id: 0, movieId: 1, episode: 1, watchTimeSeconds: 1, watchByMonth: 1 },
      )
      .lean<WatchTimes[]>()
      .exec();
  }

  /**
   * Sets `hidden` on the record of `movieId` and on every record of the episodes of `seriesId`, keeping the
   * positions; false when the user has none of them.
   */
  async hide(userId: string, movieId: string, seriesId: string): Promise<boolean> {
    const { matchedCount } = await this.history
      .updateMany(
        { userId, $or: [{ movieId }, { 'episode.seriesId': seriesId }] },
        { $set: { hidden: true } },
      )
      .exec();
    return matchedCount > 0;
  }

  /** The user's record by its id; null when there is none of this user's with that id. */
  findById(userId: string, id: string): Promise<StoredHistory | null> {
    return this.history
      .findOne({ _id: new Types.ObjectId(id), userId })
      .lean<StoredHistory>()
      .exec();
  }

  /** Deletes the user's record by its id; null when there is none of this user's with that id. */
  removeById(userId: string, id: string): Promise<StoredHistory | null> {
    return this.history
      .findOneAndDelete({ _id: new Types.ObjectId(id), userId })
      .lean<StoredHistory>()
      .exec();
  }

  /** Returns how many records were removed. */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.history.deleteMany({ userId }).exec();
    return deletedCount;
  }

  private newestFirst(
    filter: QueryFilter<HistoryRecord>,
    skip: number,
    limit: number,
  ): Promise<StoredHistory[]> {
    return this.history
      .find(filter)
      .sort({ lastWatchedAt: -1, _id: -1 })
      .skip(skip)
      .limit(limit)
      .lean<StoredHistory[]>()
      .exec();
  }
}
