import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { QueryFilter, Model, SortOrder, Types } from 'mongoose';
import { MovieAccess, MovieSort, MovieStatus, Page } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import { MovieRecord } from './movie.schema';

/** A title as stored: read back, or built with its `_id` before insert (the seed). */
export type StoredMovie = MovieRecord & { _id: Types.ObjectId };

/** What a list may be narrowed by; `search` is an already normalised title fragment. */
export type MovieCriteria = {
  status?: MovieStatus;
  search?: string;
  /** Every one of these genres (a genre filter and a category can meet). */
  genres?: string[];
  access?: MovieAccess;
  maxRating?: number;
};

/** Source fields an import refreshes; admin-owned fields (status, access, prices) are set on insert only. */
export type ImportedMovie = {
  sourceKey: string;
  refresh: Partial<MovieRecord>;
  onInsert: Partial<MovieRecord>;
};

/** The public sorts, plus `added` (newest first by when it entered the catalogue) for the admin list. */
export type ListSort = MovieSort | 'added';

const SORTS: Record<ListSort, Record<string, SortOrder>> = {
  added: { createdAt: -1, _id: -1 },
  popular: { popularity: -1, _id: 1 },
  newest: { publishDate: -1, releaseDate: -1, _id: 1 },
  'top-rated': { rating: -1, votes: -1, _id: 1 },
  title: { titleNormalized: 1, _id: 1 },
};

/** Regex metacharacters in a search stay literal. */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const toFilter = ({
  status,
  search,
  genres,
  access,
  maxRating,
}: MovieCriteria): QueryFilter<MovieRecord> => ({
  ...(status ? { status } : {}),
  // Substring match on the indexed normalised title (no $text: TESTING.md).
  ...(search !== undefined ? { titleNormalized: { $regex: escapeRegex(search) } } : {}),
  ...(genres?.length ? { genres: { $all: genres } } : {}),
  ...(access ? { access } : {}),
  ...(maxRating !== undefined ? { rating: { $ne: null, $lte: maxRating } } : {}),
});

/** The only code that touches the movies collection. */
@Injectable()
export class MoviesRepository {
  constructor(@InjectModel(MovieRecord.name) private readonly movies: Model<MovieRecord>) {}

  async list(
    criteria: MovieCriteria,
    sort: ListSort,
    page: number,
    pageSize: number,
  ): Promise<Page<StoredMovie>> {
    const filter = toFilter(criteria);
    const [data, total] = await Promise.all([
      this.movies
        .find(filter)
        .sort(SORTS[sort])
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<StoredMovie[]>()
        .exec(),
      this.movies.countDocuments(filter).exec(),
    ]);
    return { data, page, pageSize, total };
  }

  top(criteria: MovieCriteria, sort: MovieSort, limit: number): Promise<StoredMovie[]> {
    return this.movies.find(toFilter(criteria)).sort(SORTS[sort]).limit(limit).lean<StoredMovie[]>().exec();
  }

  findById(id: string): Promise<StoredMovie | null> {
    return this.movies.findById(id).lean<StoredMovie>().exec();
  }

  findPublishedByIds(ids: string[]): Promise<StoredMovie[]> {
    return this.movies
      .find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) }, status: MovieStatus.Published })
      .lean<StoredMovie[]>()
      .exec();
  }

  async publishedGenres(): Promise<string[]> {
    const genres = await this.movies.distinct('genres', { status: MovieStatus.Published }).exec();
    return genres.filter((genre): genre is string => typeof genre === 'string');
  }

  /** Null when a title with its source key exists (the unique index decides a race: one of two is stored). */
  async create(movie: MovieRecord): Promise<StoredMovie | null> {
    const created = await unlessDuplicate(this.movies.create(movie), null);
    return created && created.toObject<StoredMovie>();
  }

  findBySourceKey(sourceKey: string): Promise<StoredMovie | null> {
    return this.movies
      .findOne({ sourceKey: { $eq: sourceKey } })
      .lean<StoredMovie>()
      .exec();
  }

  update(id: string, changes: Partial<MovieRecord>): Promise<StoredMovie | null> {
    if (Object.keys(changes).length === 0) return this.findById(id);
    return this.movies.findByIdAndUpdate(id, { $set: changes }, { new: true }).lean<StoredMovie>().exec();
  }

  /** Conditional, so two admins publishing at once publish once: null when the title is not a draft (or gone). */
  publishDraft(id: string, publishDate: Date): Promise<StoredMovie | null> {
    return this.movies
      .findOneAndUpdate(
        { _id: id, status: MovieStatus.Draft },
        { $set: { status: MovieStatus.Published, publishDate } },
        { new: true },
      )
      .lean<StoredMovie>()
      .exec();
  }

  /**
   * Marks the title playable with its media's duration; conditional on `readyAt`, so a redelivered or older
   * `media.ready` changes nothing. False when nothing changed (already applied, or no such title).
   */
  async markMediaReady(id: string, durationSeconds: number | null, readyAt: Date): Promise<boolean> {
    const { modifiedCount } = await this.movies
      .updateOne(
        { _id: id, $or: [{ mediaReadyAt: null }, { mediaReadyAt: { $lt: readyAt } }] },
        { $set: { mediaReady: true, mediaDurationSeconds: durationSeconds, mediaReadyAt: readyAt } },
      )
      .exec();
    return modifiedCount > 0;
  }

  async delete(id: string): Promise<boolean> {
    const { deletedCount } = await this.movies.deleteOne({ _id: id }).exec();
    return deletedCount === 1;
  }

  /** SPEC 5: a title match fills the imdb id, unless one was set meanwhile. */
  async fillImdbId(id: string, imdbId: string): Promise<void> {
    await this.movies.updateOne({ _id: id, imdbId: null }, { $set: { imdbId } }).exec();
  }

  /**
   * Inserts the titles that are not there yet (by `_id`); existing ones, possibly edited by admins, are
   * left alone. Returns the ids that were inserted.
   */
  async insertMissing(batch: StoredMovie[]): Promise<Types.ObjectId[]> {
    if (batch.length === 0) return [];
    const result = await this.movies.bulkWrite(
      batch.map((movie) => ({
        updateOne: { filter: { _id: movie._id }, update: { $setOnInsert: movie }, upsert: true },
      })),
      { ordered: false },
    );
    return Object.values(result.upsertedIds) as Types.ObjectId[];
  }

  /** Of these ids, the published titles that have no playable media yet. */
  publishedWithoutMedia(ids: Types.ObjectId[]): Promise<StoredMovie[]> {
    return this.movies
      .find({ _id: { $in: ids }, status: MovieStatus.Published, mediaReady: { $ne: true } })
      .lean<StoredMovie[]>()
      .exec();
  }

  /** Upserts on the source key (idempotent); returns the inserted documents' ids by source key. */
  async upsertImported(batch: ImportedMovie[]): Promise<Map<string, Types.ObjectId>> {
    if (batch.length === 0) return new Map();
    const result = await this.movies.bulkWrite(
      batch.map(({ sourceKey, refresh, onInsert }) => ({
        updateOne: {
          filter: { sourceKey },
          update: { $set: refresh, $setOnInsert: { ...onInsert, sourceKey } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    const inserted = result.upsertedIds as Record<number, Types.ObjectId>;
    return new Map(Object.entries(inserted).map(([index, id]) => [batch[Number(index)].sourceKey, id]));
  }

  async idsBySourceKeys(sourceKeys: string[]): Promise<Map<string, Types.ObjectId>> {
    const found = await this.movies
      .find({ sourceKey: { $in: sourceKeys } }, { sourceKey: 1 })
      .lean<Array<{ _id: Types.ObjectId; sourceKey: string }>>()
      .exec();
    return new Map(found.map((movie) => [movie.sourceKey, movie._id]));
  }

  count(): Promise<number> {
    return this.movies.estimatedDocumentCount().exec();
  }
}
