import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { QueryFilter } from 'mongoose';
import type { EpisodeRef } from '@app/contracts';
import type { KeyedUpsert, ViewerKey } from '@app/server-core';
import { conditionalUpsertMany, moveToDefaultProfile } from '@app/server-core';

import type { ProgressFlags } from './progress-rules';
import { HISTORY_INDEXES_BEFORE_PROFILES, HistoryRecord } from './history.schema';

export type StoredHistory = HistoryRecord & { _id: Types.ObjectId };

/** What analytics reads of a record. */
export type WatchTimes = Pick<StoredHistory, 'movieId' | 'episode' | 'watchTimeSeconds' | 'watchByMonth'>;

/** A position report as the repository applies it (the service has applied the rules). */
export type ProgressWrite = ViewerKey & {
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

/** The profile's records, of the titles in `among` only when given (an episode's title is its series). */
const ofTitles = (
  { userId, profileId }: ViewerKey,
  among: Set<string> | null,
): QueryFilter<HistoryRecord> => {
  if (!among) return { userId, profileId };
  const ids = [...among];
  return {
    userId,
    profileId,
    $or: [{ episode: null, movieId: { $in: ids } }, { 'episode.seriesId': { $in: ids } }],
  };
};

/** A report's conditional upsert: applied when the record is missing or holds an older report. */
const progressUpsert = ({
  userId,
  profileId,
  movieId,
  positionSeconds,
  durationSeconds,
  reportedAt,
  watchedSeconds,
  month,
  flags,
  episode,
}: ProgressWrite): KeyedUpsert<HistoryRecord> => {
  const onInsert = {
    ...(durationSeconds === null ? { durationSeconds: null } : {}),
    ...(flags === null ? { finished: false, inProgress: false } : {}),
  };
  return {
    key: `${userId}|${profileId}|${movieId}`,
    filter: {
      userId,
      profileId,
      movieId,
      $or: [{ lastWatchedAt: null }, { lastWatchedAt: { $lt: reportedAt } }],
    },
    update: {
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
  };
};

/** The only code that touches the history collection. */
@Injectable()
export class HistoryRepository {
  constructor(@InjectModel(HistoryRecord.name) private readonly history: Model<HistoryRecord>) {}

  /**
   * Applies each report unless its record already holds one as new or newer (a redelivered or older report, which
   * the filter rejects, adds no watch time either), in one bulk write per round: a record reported more than once in
   * a batch (a read of the event stream) takes one round per report, in the order given. Any applied report clears
   * `hidden`; one made after the last "Remove from row" (`hiddenAt`) shows the title in Continue Watching again.
   * Returns how many applied.
   */
  recordProgressMany(writes: readonly ProgressWrite[]): Promise<number> {
    return conditionalUpsertMany(this.history, writes.map(progressUpsert));
  }

  findOne({ userId, profileId }: ViewerKey, movieId: string): Promise<StoredHistory | null> {
    return this.history.findOne({ userId, profileId, movieId }).lean<StoredHistory>().exec();
  }

  /** The profile's records, only those of the titles in `among` when given (the ones its ceiling admits). */
  countOf(viewer: ViewerKey, among: Set<string> | null = null): Promise<number> {
    return this.history.countDocuments(ofTitles(viewer, among)).exec();
  }

  /** The history page, newest first; only the titles in `among` when given. */
  pageOf(
    viewer: ViewerKey,
    skip: number,
    limit: number,
    among: Set<string> | null,
  ): Promise<StoredHistory[]> {
    return this.newestFirst(ofTitles(viewer, among), skip, limit);
  }

  /** The title ids (a movie's, or an episode's series') the profile has records of. */
  async titleIdsOf({ userId, profileId }: ViewerKey): Promise<string[]> {
    const rows = await this.history
      .find({ userId, profileId }, { _id: 0, movieId: 1, 'episode.seriesId': 1 })
      .lean<Array<Pick<StoredHistory, 'movieId' | 'episode'>>>()
      .exec();
    return [...new Set(rows.map((row) => row.episode?.seriesId ?? row.movieId))];
  }

  /** Every record of the account, of all its profiles, newest first (the data export). */
  allOf(userId: string): Promise<StoredHistory[]> {
    return this.history.find({ userId }).sort({ lastWatchedAt: -1, _id: -1 }).lean<StoredHistory[]>().exec();
  }

  /**
   * Continue Watching's candidates, most recent first: movies in progress, not hidden, with a duration; and every
   * episode record, whatever its state, since a series' most recent episode decides its entry (a finished one
   * leads to the next episode, a hidden one hides the series).
   */
  rowCandidatesOf({ userId, profileId }: ViewerKey, skip: number, limit: number): Promise<StoredHistory[]> {
    return this.newestFirst(
      {
        userId,
        profileId,
        $or: [
          {
            episode: null,
            inProgress: true,
            hidden: false,
            durationSeconds: { $gt: 0 },
            // Not removed from the row at or after the last report applied (isHiddenFromRow).
            $or: [{ hiddenAt: null }, { $expr: { $lt: ['$hiddenAt', '$lastWatchedAt'] } }],
          },
          { episode: { $ne: null } },
        ],
      },
      skip,
      limit,
    );
  }

  /** The profile's records of one series' episodes, most recent first. */
  ofSeries({ userId, profileId }: ViewerKey, seriesId: string): Promise<StoredHistory[]> {
    return this.history
      .find({ userId, profileId, 'episode.seriesId': seriesId })
      .sort({ lastWatchedAt: -1, _id: -1 })
      .lean<StoredHistory[]>()
      .exec();
  }

  /** The profile's records with any watch time, only the fields analytics needs. */
  watchTimesOf({ userId, profileId }: ViewerKey): Promise<WatchTimes[]> {
    return this.history
      .find(
        { userId, profileId, watchTimeSeconds: { $gt: 0 } },
        { _id: 0, movieId: 1, episode: 1, watchTimeSeconds: 1, watchByMonth: 1 },
      )
      .lean<WatchTimes[]>()
      .exec();
  }

  /**
   * Sets `hidden`, and `hiddenAt` to `at`, on the record of `movieId` and on every record of the episodes of
   * `seriesId`, keeping the positions; false when the profile has none of them.
   */
  async hide(
    { userId, profileId }: ViewerKey,
    movieId: string,
    seriesId: string,
    at: Date,
  ): Promise<boolean> {
    const { matchedCount } = await this.history
      .updateMany(
        { userId, profileId, $or: [{ movieId }, { 'episode.seriesId': seriesId }] },
        { $set: { hidden: true, hiddenAt: at } },
      )
      .exec();
    return matchedCount > 0;
  }

  /** The profile's record by its id; null when there is none of this profile's with that id. */
  findById({ userId, profileId }: ViewerKey, id: string): Promise<StoredHistory | null> {
    return this.history
      .findOne({ _id: new Types.ObjectId(id), userId, profileId })
      .lean<StoredHistory>()
      .exec();
  }

  /** Deletes the profile's record by its id; null when there is none of this profile's with that id. */
  removeById({ userId, profileId }: ViewerKey, id: string): Promise<StoredHistory | null> {
    return this.history
      .findOneAndDelete({ _id: new Types.ObjectId(id), userId, profileId })
      .lean<StoredHistory>()
      .exec();
  }

  /** Every profile's records of the account; returns how many were removed. */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.history.deleteMany({ userId }).exec();
    return deletedCount;
  }

  /** One profile's records; returns how many were removed. */
  async removeOfProfile({ userId, profileId }: ViewerKey): Promise<number> {
    const { deletedCount } = await this.history.deleteMany({ userId, profileId }).exec();
    return deletedCount;
  }

  /** The profiles migration (default-profile.ts). */
  moveToDefaultProfile(): Promise<number> {
    return moveToDefaultProfile(this.history, HISTORY_INDEXES_BEFORE_PROFILES);
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
