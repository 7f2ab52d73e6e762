import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, QueryFilter, SortOrder, Types } from 'mongoose';
import { MovieAccess, MovieStatus, Page } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import type { ListSort } from '../movies/movies.repository';
import { SeasonRecord, SeriesRecord } from './series.schema';

/** A series as stored: read back, or built with its `_id` before insert (the seed). */
export type StoredSeries = SeriesRecord & { _id: Types.ObjectId };

/** What a list may be narrowed by; `search` is an already normalised title fragment. */
export type SeriesCriteria = {
  status?: MovieStatus;
  search?: string;
  genre?: string;
  access?: MovieAccess;
};

/** Source fields an import refreshes; admin-owned fields (status, access) are set on insert only. */
export type ImportedSeries = {
  tmdbId: number;
  refresh: Partial<SeriesRecord>;
  onInsert: Partial<SeriesRecord>;
};

const SORTS: Record<ListSort, Record<string, SortOrder>> = {
  added: { createdAt: -1, _id: -1 },
  popular: { popularity: -1, _id: 1 },
  newest: { publishDate: -1, firstAirDate: -1, _id: 1 },
  'top-rated': { rating: -1, votes: -1, _id: 1 },
  title: { titleNormalized: 1, _id: 1 },
};

/** Regex metacharacters in a search stay literal. */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const toFilter = ({ status, search, genre, access }: SeriesCriteria): QueryFilter<SeriesRecord> => ({
  ...(status ? { status } : {}),
  ...(search !== undefined ? { titleNormalized: { $regex: escapeRegex(search) } } : {}),
  ...(genre ? { genres: genre } : {}),
  ...(access ? { access } : {}),
});

/** Season fields an update may set, as `seasons.$.<field>` paths. */
const seasonPaths = (changes: Partial<Omit<SeasonRecord, 'number'>>) =>
  Object.fromEntries(
    Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [`seasons.$.${field}`, value as unknown]),
  );

/** The only code that touches the series collection. */
@Injectable()
export class SeriesRepository {
  constructor(@InjectModel(SeriesRecord.name) private readonly series: Model<SeriesRecord>) {}

  async list(
    criteria: SeriesCriteria,
    sort: ListSort,
    page: number,
    pageSize: number,
  ): Promise<Page<StoredSeries>> {
    const filter = toFilter(criteria);
    const [data, total] = await Promise.all([
      this.series
        .find(filter)
        .sort(SORTS[sort])
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<StoredSeries[]>()
        .exec(),
      this.series.countDocuments(filter).exec(),
    ]);
    return { data, page, pageSize, total };
  }

  findById(id: string | Types.ObjectId): Promise<StoredSeries | null> {
    return this.series.findById(id).lean<StoredSeries>().exec();
  }

  async publishedGenres(): Promise<string[]> {
    const genres = await this.series.distinct('genres', { status: MovieStatus.Published }).exec();
    return genres.filter((genre): genre is string => typeof genre === 'string');
  }

  /** Null when a series with its source key exists (the unique index decides a race: one of two is stored). */
  async create(series: SeriesRecord): Promise<StoredSeries | null> {
    const created = await unlessDuplicate(this.series.create(series), null);
    return created && created.toObject<StoredSeries>();
  }

  findBySourceKey(sourceKey: string): Promise<StoredSeries | null> {
    return this.series
      .findOne({ sourceKey: { $eq: sourceKey } })
      .lean<StoredSeries>()
      .exec();
  }

  update(id: string, changes: Partial<SeriesRecord>): Promise<StoredSeries | null> {
    if (Object.keys(changes).length === 0) return this.findById(id);
    return this.series
      .findByIdAndUpdate(id, { $set: changes }, { returnDocument: 'after' })
      .lean<StoredSeries>()
      .exec();
  }

  /** Conditional, so two admins publishing at once publish once: null when the series is not a draft (or gone). */
  publishDraft(id: string, publishDate: Date): Promise<StoredSeries | null> {
    return this.series
      .findOneAndUpdate(
        { _id: id, status: MovieStatus.Draft },
        { $set: { status: MovieStatus.Published, publishDate } },
        { returnDocument: 'after' },
      )
      .lean<StoredSeries>()
      .exec();
  }

  async delete(id: string): Promise<boolean> {
    const { deletedCount } = await this.series.deleteOne({ _id: id }).exec();
    return deletedCount === 1;
  }

  /**
   * Adds a season unless the series already has one of that number (a conditional update: two admins adding
   * season 2 at once add it once). Null when nothing was added: no such series, or the number is taken.
   */
  addSeason(id: string | Types.ObjectId, season: SeasonRecord): Promise<StoredSeries | null> {
    return this.series
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
    if (Object.keys(paths).length === 0) return this.series.findOne(filter).lean<StoredSeries>().exec();
    return this.series
      .findOneAndUpdate(filter, { $set: paths }, { returnDocument: 'after' })
      .lean<StoredSeries>()
      .exec();
  }

  /** Null when the series or the season does not exist. */
  removeSeason(id: string, number: number): Promise<StoredSeries | null> {
    return this.series
      .findOneAndUpdate(
        { _id: id, 'seasons.number': number },
        { $pull: { seasons: { number } } },
        { returnDocument: 'after' },
      )
      .lean<StoredSeries>()
      .exec();
  }

  /**
   * Inserts the series that are not there yet (by `_id`); existing ones, possibly edited by admins, are left
   * alone. Returns the ids that were inserted.
   */
  async insertMissing(batch: StoredSeries[]): Promise<Types.ObjectId[]> {
    if (batch.length === 0) return [];
    const result = await this.series.bulkWrite(
      batch.map((series) => ({
        updateOne: { filter: { _id: series._id }, update: { $setOnInsert: series }, upsert: true },
      })),
      { ordered: false },
    );
    return Object.values(result.upsertedIds) as Types.ObjectId[];
  }

  /**
   * Upserts on the TMDB id (idempotent: the sparse unique index holds one series per id; MongoDB retries an
   * upsert whose filter is exactly that key). Returns the series as stored and whether this call inserted it.
   */
  async upsertImported({
    tmdbId,
    refresh,
    onInsert,
  }: ImportedSeries): Promise<{ series: StoredSeries; inserted: boolean }> {
    const { upsertedCount } = await this.series
      .updateOne({ tmdbId }, { $set: refresh, $setOnInsert: { ...onInsert, tmdbId } }, { upsert: true })
      .exec();
    const series = await this.series.findOne({ tmdbId }).lean<StoredSeries>().exec();
    if (!series) throw new Error(`series tmdb:${tmdbId} vanished while being imported`);
    return { series, inserted: upsertedCount > 0 };
  }

  count(): Promise<number> {
    return this.series.estimatedDocumentCount().exec();
  }
}
