import type { Model, QueryFilter, SortOrder, Types, UpdateQuery } from 'mongoose';
import type { MovieAccess, MovieSort, Page } from '@app/contracts';
import { MovieStatus, UNRATED_CLASSIFICATION } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import { insertMissing } from '../data/record-writes';
import type { ReleaseField, StoredTitle, TitleRecord } from './title.schema';
import { escapeRegex } from './title-search';
import { viewerClassCondition } from './viewer-classes';

/** What a list may be narrowed by; `search` is an already normalised title fragment. */
export type TitleCriteria = {
  status?: MovieStatus;
  search?: string;
  /** Every one of these genres (a genre filter and a category can meet). */
  genres?: string[];
  access?: MovieAccess;
  /** Heard or read in this language (issue 26). */
  language?: string;
  maxRating?: number;
  /** Every class whatever the caller's profile (the admin lists); else the viewer's ceiling applies (viewer-classes). */
  everyClass?: true;
};

/**
 * Issue 28: a viewer's list of published titles offers none whose licence has ended (`availableUntil` passed). Read
 * in the query, so an uncached list is right to the millisecond; the expiry job empties the list cache at the end.
 */
export const listedCondition = (now: Date = new Date()) => ({
  $or: [{ availableUntil: null }, { availableUntil: { $gt: now } }],
});

/** The public sorts, plus `added` (newest first by when it entered the catalogue) for the admin list. */
export type ListSort = MovieSort | 'added';

/**
 * Source fields an import refreshes; admin-owned fields (status, access, prices) are set on insert only, with the
 * id when the importer chose it first (to announce the title through the outbox).
 */
export type ImportedTitle<R extends TitleRecord> = {
  refresh: Partial<R>;
  onInsert: Partial<R> & { _id?: Types.ObjectId };
};

const sortsBy = (releaseField: ReleaseField): Record<ListSort, Record<string, SortOrder>> => ({
  added: { createdAt: -1, _id: -1 },
  popular: { popularity: -1, _id: 1 },
  newest: { publishDate: -1, [releaseField]: -1, _id: 1 },
  'top-rated': { rating: -1, votes: -1, _id: 1 },
  title: { titleNormalized: 1, _id: 1 },
});

const toFilter = ({ status, search, genres, access, maxRating }: TitleCriteria) => ({
  ...(status ? { status } : {}),
  // Substring match on the indexed normalised title (no $text: TESTING.md).
  ...(search !== undefined ? { titleNormalized: { $regex: escapeRegex(search) } } : {}),
  ...(genres?.length ? { genres: { $all: genres } } : {}),
  ...(access ? { access } : {}),
  ...(maxRating !== undefined ? { rating: { $ne: null, $lte: maxRating } } : {}),
});

/** Heard or read in `language` (issue 26): audio or subtitles. */
const inLanguage = (language: string) => ({
  $or: [{ audioLanguages: language }, { subtitleLanguages: language }],
});

/**
 * What films and series are stored alike: paged lists, the genres in use, admin writes (create once per source
 * key, partial update, conditional publish, delete), seeding and importing. Each kind's repository extends it with
 * what is its own; together they are the only code that touches the movies and series collections.
 */
export abstract class TitleRepository<R extends TitleRecord> {
  private readonly sorts: Record<ListSort, Record<string, SortOrder>>;

  protected constructor(
    protected readonly titles: Model<R>,
    releaseField: ReleaseField,
  ) {
    this.sorts = sortsBy(releaseField);
  }

  async list(
    criteria: TitleCriteria,
    sort: ListSort,
    page: number,
    pageSize: number,
  ): Promise<Page<StoredTitle<R>>> {
    const filter = this.filter(criteria);
    const [data, total] = await Promise.all([
      this.titles
        .find(filter)
        .sort(this.sorts[sort])
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<StoredTitle<R>[]>()
        .exec(),
      this.titles.countDocuments(filter).exec(),
    ]);
    return { data, page, pageSize, total };
  }

  /** The first `limit` titles of a list (the sections). */
  top(criteria: TitleCriteria, sort: MovieSort, limit: number): Promise<StoredTitle<R>[]> {
    return this.titles
      .find(this.filter(criteria))
      .sort(this.sorts[sort])
      .limit(limit)
      .lean<StoredTitle<R>[]>()
      .exec();
  }

  /** Any title, whatever its status or class: admin writes, events and checks (viewers' reads use `findVisible`). */
  findById(id: string | Types.ObjectId): Promise<StoredTitle<R> | null> {
    return this.titles.findById(id).lean<StoredTitle<R>>().exec();
  }

  /**
   * A title as a viewer may receive it: published (drafts too when `drafts`, for admins) and within the calling
   * profile's ceiling. Null otherwise, so a title above the ceiling answers exactly as a missing one does.
   */
  findVisible(id: string | Types.ObjectId, { drafts = false } = {}): Promise<StoredTitle<R> | null> {
    return this.titles
      .findOne(
        this.where({
          _id: id,
          ...(drafts ? {} : { status: MovieStatus.Published }),
          ...viewerClassCondition(),
        }),
      )
      .lean<StoredTitle<R>>()
      .exec();
  }

  async publishedGenres(): Promise<string[]> {
    const genres: unknown[] = await this.titles
      .distinct('genres', this.filter({ status: MovieStatus.Published }))
      .exec();
    return genres.filter((genre): genre is string => typeof genre === 'string');
  }

  /** Null when a title with its source key exists (the unique index decides a race: one of two is stored). */
  async create(title: R & { _id?: Types.ObjectId }): Promise<StoredTitle<R> | null> {
    const created = await unlessDuplicate(this.titles.create(title), null);
    return created && created.toObject<StoredTitle<R>>();
  }

  findBySourceKey(sourceKey: string): Promise<StoredTitle<R> | null> {
    return this.titles
      .findOne(this.where({ sourceKey: { $eq: sourceKey } }))
      .lean<StoredTitle<R>>()
      .exec();
  }

  update(id: string, changes: Partial<R>): Promise<StoredTitle<R> | null> {
    if (Object.keys(changes).length === 0) return this.findById(id);
    return this.titles
      .findByIdAndUpdate(id, { $set: changes } as UpdateQuery<R>, { returnDocument: 'after' })
      .lean<StoredTitle<R>>()
      .exec();
  }

  /**
   * Conditional, so two admins publishing at once publish once: null when the title is not a draft (or gone). With
   * `scheduledAt`, only a draft still scheduled for then (the scheduler's job: a rescheduled title waits for its new
   * time).
   */
  publishDraft(id: string, publishDate: Date, scheduledAt?: Date): Promise<StoredTitle<R> | null> {
    return this.titles
      .findOneAndUpdate(
        this.where({
          _id: id,
          status: MovieStatus.Draft,
          ...(scheduledAt ? { publishAt: scheduledAt } : {}),
        }),
        // A scheduled publish time is spent once the title is live (by its job or by hand).
        { $set: { status: MovieStatus.Published, publishDate, publishAt: null } } as UpdateQuery<R>,
        { returnDocument: 'after' },
      )
      .lean<StoredTitle<R>>()
      .exec();
  }

  async delete(id: string): Promise<boolean> {
    const { deletedCount } = await this.titles.deleteOne(this.where({ _id: id })).exec();
    return deletedCount === 1;
  }

  insertMissing(batch: StoredTitle<R>[]): Promise<Types.ObjectId[]> {
    return insertMissing(this.titles, batch);
  }

  /**
   * Upserts on the import's unique key, a source key or a TMDB id (idempotent: a second import refreshes the
   * source fields and adds nothing). Returns the title as stored and whether this call inserted it.
   */
  async upsertImported(
    key: { sourceKey: string } | { tmdbId: number },
    { refresh, onInsert }: ImportedTitle<R>,
  ): Promise<{ title: StoredTitle<R>; inserted: boolean }> {
    const filter = this.where(key);
    const { upsertedCount } = await this.titles
      .updateOne(filter, { $set: refresh, $setOnInsert: { ...onInsert, ...key } } as UpdateQuery<R>, {
        upsert: true,
      })
      .exec();
    const title = await this.titles.findOne(filter).lean<StoredTitle<R>>().exec();
    if (!title) throw new Error(`title ${JSON.stringify(key)} vanished while being imported`);
    return { title, inserted: upsertedCount > 0 };
  }

  /**
   * The classification migration (issue 25): a title stored before classes existed gets the unrated class
   * (U/A 16+) and no descriptors. Idempotent (only documents without a class match) and safe to run from several
   * processes at once; returns how many it classified.
   */
  async classifyUnclassified(): Promise<number> {
    const { modifiedCount } = await this.titles
      .updateMany(this.where({ classification: { $exists: false } }), {
        $set: { classification: UNRATED_CLASSIFICATION },
      } as UpdateQuery<R>)
      .exec();
    await this.titles
      .updateMany(this.where({ descriptors: { $exists: false } }), {
        $set: { descriptors: [] },
      } as UpdateQuery<R>)
      .exec();
    return modifiedCount;
  }

  count(): Promise<number> {
    return this.titles.estimatedDocumentCount().exec();
  }

  /** A list's conditions; the caller's ceiling applies unless the criteria ask for every class (admin lists). */
  protected filter(criteria: TitleCriteria): QueryFilter<R> {
    const viewerList = !criteria.everyClass;
    // Each is an `$or` of its own, so they go under one `$and` (spread side by side, the last would replace the first).
    const alternatives = [
      ...(criteria.language ? [inLanguage(criteria.language)] : []),
      ...(viewerList && criteria.status === MovieStatus.Published ? [listedCondition()] : []),
    ];
    return this.where({
      ...toFilter(criteria),
      ...(viewerList ? viewerClassCondition() : {}),
      ...(alternatives.length > 0 ? { $and: alternatives } : {}),
    });
  }

  /** Scheduled drafts within the caller's ceiling, soonest first: the Coming soon row (issue 28). */
  comingSoon(limit: number, now: Date = new Date()): Promise<StoredTitle<R>[]> {
    return this.titles
      .find(this.where({ status: MovieStatus.Draft, publishAt: { $gt: now }, ...viewerClassCondition() }))
      .sort({ publishAt: 1, _id: 1 })
      .limit(limit)
      .lean<StoredTitle<R>[]>()
      .exec();
  }

  /** One scheduled draft not yet live, within the caller's ceiling; null otherwise. */
  findComingSoon(id: string, now: Date = new Date()): Promise<StoredTitle<R> | null> {
    return this.titles
      .findOne(
        this.where({
          _id: id,
          status: MovieStatus.Draft,
          publishAt: { $gt: now },
          ...viewerClassCondition(),
        }),
      )
      .lean<StoredTitle<R>>()
      .exec();
  }

  /**
   * What the scheduler must hold jobs for (its sweep at boot): drafts with a publish time, and titles whose licence
   * ends after `since` (those that ended earlier were handled by their job, or by the sweep that followed it).
   */
  scheduled(
    since: Date,
  ): Promise<Array<Pick<StoredTitle<R>, '_id' | 'status' | 'publishAt' | 'availableUntil'>>> {
    return this.titles
      .find(
        this.where({
          $or: [{ status: MovieStatus.Draft, publishAt: { $ne: null } }, { availableUntil: { $gt: since } }],
        }),
        { status: 1, publishAt: 1, availableUntil: 1 },
      )
      .lean<Array<Pick<StoredTitle<R>, '_id' | 'status' | 'publishAt' | 'availableUntil'>>>()
      .exec();
  }

  /** Conditions as a query of this collection (TypeScript cannot check them against a generic R's query type). */
  protected where(conditions: Record<string, unknown>): QueryFilter<R> {
    return conditions as QueryFilter<R>;
  }
}
