import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { conditionalUpsert, unlessDuplicate } from '@app/server-core';
import { ALL_TITLES, COMPLETE_DECILE } from './insights-rules';
import { type EngagementBucketDoc, InsightsModels, type PlayDoc, type ViewerDoc } from './insights.schemas';

export type EngagementCounters = Partial<
  Pick<EngagementBucketDoc, 'plays' | 'viewers' | 'newViewers' | 'watchSeconds' | 'favorites'>
> & { reach?: Record<string, number> };

/** A title's sums over a range. */
export type TitleSums = {
  _id: string;
  plays: number;
  viewers: number;
  watchSeconds: number;
  favorites: number;
  completions: number;
};

/** What a play's start says of it. */
export type PlayStart = { itemId: string; viewer: string; day: string };

/** How a viewer's first day moved (a new viewer on `day`; `from`: no longer new on that day). */
export type FirstDayMove = { day: string; from: string | null } | null;

const bucketId = (day: string, itemId: string) => `${day}|${itemId}`;

/** A play without the report times it has seen (a list as long as the play, which nothing but the dedup reads). */
export type PlayState = Omit<PlayDoc, 'seen'>;
const PLAY_STATE = { seen: 0 } as const;

/**
 * Increments of engagement buckets, summed per bucket as events add them, so a batch of events writes each bucket it
 * touches once, all in one bulk write (`EngagementRepository.addAll`).
 */
export class BucketIncrements {
  readonly buckets = new Map<string, { day: string; itemId: string; inc: Record<string, number> }>();

  /** Adds `counters` to the buckets of `day` for each of `itemIds`. */
  add(day: string, itemIds: readonly string[], { reach, ...flat }: EngagementCounters): this {
    const inc: Record<string, number> = { ...flat } as Record<string, number>;
    for (const [key, n] of Object.entries(reach ?? {})) inc[`reach.${key}`] = n;
    if (Object.keys(inc).length === 0) return this;
    for (const itemId of itemIds) {
      const id = bucketId(day, itemId);
      const bucket = this.buckets.get(id) ?? { day, itemId, inc: {} };
      for (const [field, n] of Object.entries(inc)) bucket.inc[field] = (bucket.inc[field] ?? 0) + n;
      this.buckets.set(id, bucket);
    }
    return this;
  }
}

/** Engagement's plays, buckets and viewers: the only code touching them. */
@Injectable()
export class EngagementRepository {
  constructor(
    @InjectModel(InsightsModels.play) private readonly plays: Model<PlayDoc>,
    @InjectModel(InsightsModels.engagement) private readonly buckets: Model<EngagementBucketDoc>,
    @InjectModel(InsightsModels.viewer) private readonly viewers: Model<ViewerDoc>,
  ) {}

  /** Marks the play started (reports may have come first); false when it already was. */
  markStarted(leaseId: string, start: PlayStart): Promise<boolean> {
    return conditionalUpsert(
      this.plays,
      { _id: leaseId, started: { $ne: true } },
      { $set: { started: true, ...start }, $setOnInsert: { seen: [], maxDecile: 0, countedDecile: 0 } },
    );
  }

  /**
   * Applies a report once (by its `reportedAt`): the play's furthest tenth only grows. Answers the play as the
   * report left it (one write, no read after it), or null for a repeat.
   */
  async applyReport(leaseId: string, reportedAtMs: number, decile: number): Promise<PlayState | null> {
    const filter = { _id: leaseId, seen: { $ne: reportedAtMs } };
    const update = {
      $push: { seen: reportedAtMs },
      $max: { maxDecile: decile },
      $setOnInsert: { started: false, countedDecile: 0 },
    };
    const apply = (upsert: boolean) =>
      this.plays
        .findOneAndUpdate(filter, update, { upsert, returnDocument: 'after', projection: PLAY_STATE })
        .lean<PlayState>()
        .exec();
    // Memoised by mongoose: the unique index must exist before the first upsert relies on it.
    await this.plays.init();
    // A repeat's upsert meets the play's _id (a duplicate); so does a first report racing another: once more, in place.
    return (await unlessDuplicate(apply(true), null)) ?? apply(false);
  }

  findPlay(leaseId: string): Promise<PlayState | null> {
    return this.plays.findById(leaseId, PLAY_STATE).lean<PlayState>().exec();
  }

  /** Compare-and-set of the reach the buckets hold for a play: true for the one caller that moved it. */
  async advanceCounted(leaseId: string, from: number, to: number): Promise<boolean> {
    const result = await this.plays
      .updateOne({ _id: leaseId, started: true, countedDecile: from }, { $set: { countedDecile: to } })
      .exec();
    return result.modifiedCount === 1;
  }

  /** Adds to the buckets of `day` for each of `itemIds` (created at their first increment). */
  add(day: string, itemIds: string[], counters: EngagementCounters): Promise<void> {
    return this.addAll(new BucketIncrements().add(day, itemIds, counters));
  }

  /** Adds each bucket's increments (a bucket is created at its first), in one bulk write. */
  async addAll({ buckets }: BucketIncrements): Promise<void> {
    if (buckets.size === 0) return;
    await this.buckets.init();
    await this.buckets.bulkWrite(
      [...buckets].map(([id, { day, itemId, inc }]) => ({
        updateOne: {
          filter: { _id: id },
          update: { $inc: inc, $setOnInsert: { day, itemId } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /**
   * Records a viewer's play on `day`; answers how their first day moved: to `day` (a first play, or an earlier one
   * arriving late, `from` being the day no longer first), or null.
   */
  async recordViewer(viewer: string, day: string): Promise<FirstDayMove> {
    await this.viewers.init();
    const inserted = await unlessDuplicate(
      this.viewers.create({ _id: viewer, firstDay: day, lastDay: day }).then(() => true),
      false,
    );
    if (inserted) return { day, from: null };
    await this.viewers.updateOne({ _id: viewer, lastDay: { $lt: day } }, { $set: { lastDay: day } }).exec();
    const before = await this.viewers
      .findOneAndUpdate({ _id: viewer, firstDay: { $gt: day } }, { $set: { firstDay: day } })
      .lean<ViewerDoc>()
      .exec();
    return before ? { day, from: before.firstDay } : null;
  }

  /** The all-titles buckets of these days. */
  allTitlesOf(days: string[]): Promise<EngagementBucketDoc[]> {
    return this.buckets
      .find({ day: { $gte: days[0], $lte: days[days.length - 1] }, itemId: ALL_TITLES })
      .lean<EngagementBucketDoc[]>()
      .exec();
  }

  /** Each title's sums over these days, summed by the database (one row per title, not one per title and day). */
  titleSums(days: string[]): Promise<TitleSums[]> {
    return this.buckets
      .aggregate<TitleSums>([
        { $match: { day: { $gte: days[0], $lte: days[days.length - 1] }, itemId: { $ne: ALL_TITLES } } },
        {
          $group: {
            _id: '$itemId',
            plays: { $sum: '$plays' },
            viewers: { $sum: '$viewers' },
            watchSeconds: { $sum: '$watchSeconds' },
            favorites: { $sum: '$favorites' },
            completions: { $sum: { $ifNull: [`$reach.${COMPLETE_DECILE}`, 0] } },
          },
        },
      ])
      .exec();
  }

  titleBuckets(itemId: string, days: string[]): Promise<EngagementBucketDoc[]> {
    return this.buckets
      .find({ itemId, day: { $gte: days[0], $lte: days[days.length - 1] } })
      .lean<EngagementBucketDoc[]>()
      .exec();
  }

  /** Forgets which plays and viewer records were an account's (DPDP): the counts stay, anonymous. */
  async forgetAccount(userId: string): Promise<void> {
    const ofAccount = new RegExp(`^${userId.replace(/[^a-zA-Z0-9_-]/g, '')}:`);
    await this.plays.updateMany({ viewer: ofAccount }, { $unset: { viewer: 1 } }).exec();
    await this.viewers.deleteMany({ _id: ofAccount }).exec();
  }

  /** Viewers who played on `from` or later (a range ending today). */
  viewersSince(from: string): Promise<number> {
    return this.viewers.countDocuments({ lastDay: { $gte: from } }).exec();
  }
}
