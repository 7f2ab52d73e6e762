import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ALL_TITLES, STARTUP_BOUNDS_MS } from './insights-rules';
import { InsightsModels, type QoeBucketDoc } from './insights.schemas';

/** Flat `$inc` of a QoE bucket (`startup.<i>` for the histogram). */
export type QoeIncrement = Record<string, number>;

/** QoE's day buckets: the only code touching them. */
@Injectable()
export class QoeRepository {
  constructor(@InjectModel(InsightsModels.qoe) private readonly buckets: Model<QoeBucketDoc>) {}

  async add(day: string, itemIds: string[], inc: QoeIncrement): Promise<void> {
    await this.buckets.init();
    await this.buckets.bulkWrite(
      itemIds.map((itemId) => ({
        updateOne: {
          filter: { _id: `${day}|${itemId}` },
          update: { $inc: inc, $setOnInsert: { day, itemId } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /** The all-titles buckets of these days. */
  allTitlesOf(days: string[]): Promise<QoeBucketDoc[]> {
    return this.buckets
      .find({ day: { $gte: days[0], $lte: days[days.length - 1] }, itemId: ALL_TITLES })
      .lean<QoeBucketDoc[]>()
      .exec();
  }

  /** Each title's sums over these days, as one bucket per title, summed by the database. */
  titleSums(days: string[]): Promise<QoeBucketDoc[]> {
    const startup = Object.fromEntries(
      STARTUP_BOUNDS_MS.map((_, i) => [`s${i}`, { $sum: { $ifNull: [`$startup.${i}`, 0] } }]),
    );
    return this.buckets
      .aggregate<Omit<QoeBucketDoc, 'startup'> & Record<string, number>>([
        { $match: { day: { $gte: days[0], $lte: days[days.length - 1] }, itemId: { $ne: ALL_TITLES } } },
        {
          $group: {
            _id: '$itemId',
            reports: { $sum: '$reports' },
            rebufferCount: { $sum: '$rebufferCount' },
            rebufferMs: { $sum: '$rebufferMs' },
            playedMs: { $sum: '$playedMs' },
            bitrateSwitches: { $sum: '$bitrateSwitches' },
            fatalErrors: { $sum: '$fatalErrors' },
            ...startup,
          },
        },
      ])
      .exec()
      .then((rows) =>
        rows.map((row) => ({
          ...row,
          day: '',
          itemId: row._id,
          startup: Object.fromEntries(STARTUP_BOUNDS_MS.map((_, i) => [String(i), row[`s${i}`] ?? 0])),
        })),
      );
  }
}
