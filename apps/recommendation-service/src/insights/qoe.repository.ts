import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ALL_TITLES } from './insights-rules';
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

  bucketsOf(days: string[]): Promise<QoeBucketDoc[]> {
    return this.buckets
      .find({ day: { $gte: days[0], $lte: days[days.length - 1] } })
      .lean<QoeBucketDoc[]>()
      .exec();
  }

  static isAll(bucket: Pick<QoeBucketDoc, 'itemId'>): boolean {
    return bucket.itemId === ALL_TITLES;
  }
}
