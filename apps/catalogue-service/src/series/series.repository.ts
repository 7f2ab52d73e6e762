import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { StoredTitle } from '../titles/title.schema';
import { TitleRepository } from '../titles/title.repository';
import { SeasonRecord, SeriesRecord } from './series.schema';

/** A series as stored: read back, or built with its `_id` before insert (the seed). */
export type StoredSeries = StoredTitle<SeriesRecord>;

/** Season fields an update may set, as `seasons.$.<field>` paths. */
const seasonPaths = (changes: Partial<Omit<SeasonRecord, 'number'>>) =>
  Object.fromEntries(
    Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [`seasons.$.${field}`, value as unknown]),
  );

/** The series collection: what titles share, and the seasons kept inside each series. */
@Injectable()
export class SeriesRepository extends TitleRepository<SeriesRecord> {
  constructor(@InjectModel(SeriesRecord.name) series: Model<SeriesRecord>) {
    super(series, 'firstAirDate');
  }

  /** The series is heard and read in these languages too (an episode's `media.ready`); adding twice changes nothing. */
  async addLanguages(
    id: Types.ObjectId,
    audio: readonly string[],
    subtitles: readonly string[],
  ): Promise<void> {
    await this.titles
      .updateOne(
        { _id: id },
        {
          $addToSet: {
            audioLanguages: { $each: [...new Set(audio)] },
            subtitleLanguages: { $each: [...new Set(subtitles)] },
          },
        },
      )
      .exec();
  }

  /**
   * Adds a season unless the series already has one of that number (a conditional update: two admins adding
   * season 2 at once add it once). Null when nothing was added: no such series, or the number is taken.
   */
  addSeason(id: string | Types.ObjectId, season: SeasonRecord): Promise<StoredSeries | null> {
    return this.titles
      .findOneAndUpdate(
        { _id: id, 'seasons.number': { $ne: season.number } },
        { $push: { seasons: season } },
        { returnDocument: 'after' },
      )
      .lean<StoredSeries>()
      .exec();
  }

  /** Null when the series or the season does not exist. */
  updateSeason(
    id: string | Types.ObjectId,
    number: number,
    changes: Partial<Omit<SeasonRecord, 'number'>>,
  ): Promise<StoredSeries | null> {
    const paths = seasonPaths(changes);
    const filter = { _id: id, 'seasons.number': number };
    if (Object.keys(paths).length === 0) return this.titles.findOne(filter).lean<StoredSeries>().exec();
    return this.titles
      .findOneAndUpdate(filter, { $set: paths }, { returnDocument: 'after' })
      .lean<StoredSeries>()
      .exec();
  }

  /** Null when the series or the season does not exist. */
  removeSeason(id: string, number: number): Promise<StoredSeries | null> {
    return this.titles
      .findOneAndUpdate(
        { _id: id, 'seasons.number': number },
        { $pull: { seasons: { number } } },
        { returnDocument: 'after' },
      )
      .lean<StoredSeries>()
      .exec();
  }
}
