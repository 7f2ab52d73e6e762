import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import { HistoryRecord } from './history.schema';

export type StoredHistory = HistoryRecord & { _id: Types.ObjectId };

/** A position report as the repository applies it. */
export type ProgressWrite = {
  userId: string;
  movieId: string;
  positionSeconds: number;
  durationSeconds: number | null;
  reportedAt: Date;
};

/** The only code that touches the history collection. */
@Injectable()
export class HistoryRepository {
  constructor(@InjectModel(HistoryRecord.name) private readonly history: Model<HistoryRecord>) {}

  /**
   * One conditional upsert, no read: applies the report when the record is missing or holds an older report.
   * When the record holds one as new or newer, the filter misses, the upsert tries an insert and the unique index
   * refuses it. A refusal can also mean a concurrent first report inserted the record between our filter and our
   * insert (MongoDB does not retry an upsert whose filter is more than the index key), so the conditional update
   * runs once more without upsert: it applies if that record is older, and misses if it is newer ("an older
   * report: ignore"). Returns whether the report was applied.
   */
  async recordProgress({
    userId,
    movieId,
    positionSeconds,
    durationSeconds,
    reportedAt,
  }: ProgressWrite): Promise<boolean> {
    const filter = {
      userId,
      movieId,
      $or: [{ lastWatchedAt: null }, { lastWatchedAt: { $lt: reportedAt } }],
    };
    const update = {
      $set: {
        positionSeconds,
        lastWatchedAt: reportedAt,
        // A report without a duration keeps the one already known.
        ...(durationSeconds !== null ? { durationSeconds } : {}),
      },
      ...(durationSeconds === null ? { $setOnInsert: { durationSeconds: null } } : {}),
    };
    // Memoised by mongoose: the unique index must exist before the first upsert relies on it.
    await this.history.init();
    const upserted = await unlessDuplicate(
      this.history.updateOne(filter, update, { upsert: true }).exec(),
      null,
    );
    if (upserted) return true;
    const { matchedCount } = await this.history.updateOne(filter, update).exec();
    return matchedCount > 0;
  }

  findOne(userId: string, movieId: string): Promise<StoredHistory | null> {
    return this.history.findOne({ userId, movieId }).lean<StoredHistory>().exec();
  }

  countOf(userId: string): Promise<number> {
    return this.history.countDocuments({ userId }).exec();
  }

  /** Returns how many records were removed. */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.history.deleteMany({ userId }).exec();
    return deletedCount;
  }
}
