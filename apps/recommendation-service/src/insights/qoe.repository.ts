import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, type PipelineStage } from 'mongoose';
import type { QoeDimensionIncrement } from './insights-rules';
import { ALL_TITLES, STARTUP_BOUNDS_MS } from './insights-rules';
import {
  InsightsModels,
  type QoeBucketDoc,
  type QoeCounters,
  type QoeDimension,
  type QoeDimensionBucketDoc,
} from './insights.schemas';

/** Flat `$inc` of a QoE bucket (`startup.<i>` for the histogram). */
export type QoeIncrement = Record<string, number>;
/** A group's counters summed over days, under the key it was grouped by. */
export type QoeSums = QoeCounters & { key: string };

/** The `$group` summing every counter of the buckets by `key` (the histogram as flat `s<i>` fields). */
const sumBy = (key: string): PipelineStage.Group => ({
  $group: {
    _id: key,
    reports: { $sum: '$reports' },
    rebufferCount: { $sum: '$rebufferCount' },
    rebufferMs: { $sum: '$rebufferMs' },
    playedMs: { $sum: '$playedMs' },
    bitrateSwitches: { $sum: '$bitrateSwitches' },
    fatalErrors: { $sum: '$fatalErrors' },
    ...Object.fromEntries(
      STARTUP_BOUNDS_MS.map((_, i) => [`s${i}`, { $sum: { $ifNull: [`$startup.${i}`, 0] } }]),
    ),
  },
});
type SummedRow = Omit<QoeCounters, 'startup'> & Record<string, number> & { _id: string };
const toSums = (row: SummedRow): QoeSums => ({
  key: row._id,
  reports: row.reports,
  rebufferCount: row.rebufferCount,
  rebufferMs: row.rebufferMs,
  playedMs: row.playedMs,
  bitrateSwitches: row.bitrateSwitches,
  fatalErrors: row.fatalErrors,
  startup: Object.fromEntries(STARTUP_BOUNDS_MS.map((_, i) => [String(i), row[`s${i}`] ?? 0])),
});
const within = (days: string[]) => ({ $gte: days[0], $lte: days[days.length - 1] });

/** QoE's day buckets (per title, and per browser or rendition): the only code touching them. */
@Injectable()
export class QoeRepository {
  constructor(
    @InjectModel(InsightsModels.qoe) private readonly buckets: Model<QoeBucketDoc>,
    @InjectModel(InsightsModels.qoeDimension) private readonly dimensions: Model<QoeDimensionBucketDoc>,
  ) {}

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

  async addDimensions(day: string, increments: readonly QoeDimensionIncrement[]): Promise<void> {
    await this.dimensions.init();
    await this.dimensions.bulkWrite(
      increments.map(({ dimension, value, inc }) => ({
        updateOne: {
          filter: { _id: `${day}|${dimension}|${value}` },
          update: { $inc: inc, $setOnInsert: { day, dimension, value } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /** The all-titles buckets of these days. */
  allTitlesOf(days: string[]): Promise<QoeBucketDoc[]> {
    return this.buckets
      .find({ day: within(days), itemId: ALL_TITLES })
      .lean<QoeBucketDoc[]>()
      .exec();
  }

  /** Each title's sums over these days (keyed by its id), summed by the database. */
  async titleSums(days: string[]): Promise<QoeSums[]> {
    const rows = await this.buckets
      .aggregate<SummedRow>([
        { $match: { day: within(days), itemId: { $ne: ALL_TITLES } } },
        sumBy('$itemId'),
      ])
      .exec();
    return rows.map(toSums);
  }

  /** Each browser family's or rendition's sums over these days (keyed by it), summed by the database. */
  async dimensionSums(dimension: QoeDimension, days: string[]): Promise<QoeSums[]> {
    const rows = await this.dimensions
      .aggregate<SummedRow>([{ $match: { dimension, day: within(days) } }, sumBy('$value')])
      .exec();
    return rows.map(toSums);
  }
}
