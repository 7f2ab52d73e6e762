import { Prop } from '@nestjs/mongoose';
import type { Schema, Types } from 'mongoose';
import type { ContentDescriptor } from '@app/contracts';
import { Classification, CONTENT_DESCRIPTORS, MovieAccess, MovieStatus } from '@app/contracts';

/**
 * The fields every title has, film or series, declared once: `MovieRecord` and `SeriesRecord` extend it (the
 * schema factory reads the decorators of parent classes too) and add their own.
 */
export class TitleRecord {
  @Prop({ required: true }) title: string;
  /** Lower-cased, accent-free, single-spaced title: the indexed search key (no $text, TESTING.md). */
  @Prop({ required: true, index: true }) titleNormalized: string;
  @Prop({ required: true }) description: string;
  @Prop({ required: true }) genre: string;
  @Prop({ type: [String], default: [] }) genres: string[];
  @Prop({ type: Number, default: null }) rating: number | null;
  @Prop({ type: Number, default: null }) votes: number | null;
  @Prop({ required: true }) posterUrl: string;
  @Prop({ type: String, required: true, enum: Object.values(MovieStatus) }) status: MovieStatus;
  @Prop({ type: String, required: true, enum: Object.values(MovieAccess) }) access: MovieAccess;
  @Prop({ type: String, default: null }) language: string | null;
  @Prop({ type: [String], default: [] }) cast: string[];
  @Prop({ type: Date, default: null }) publishDate: Date | null;
  /** Issue 28: a draft goes live then (a BullMQ job, see schedule/); cleared when it is published. */
  @Prop({ type: Date, default: null }) publishAt?: Date | null;
  /** Issue 28: the licence end; from then no list, search or section offers the title (buyers keep it). */
  @Prop({ type: Date, default: null }) availableUntil?: Date | null;
  /**
   * IT Rules 2021 class (DECISIONS 37). Required: documents from before it were given one by
   * `classifyUnclassified` at boot, so a profile's ceiling can filter on it in the query (indexed below).
   */
  @Prop({ type: String, required: true, enum: Object.values(Classification) }) classification: Classification;
  @Prop({ type: [String], enum: CONTENT_DESCRIPTORS, default: [] }) descriptors: ContentDescriptor[];
  /** Its media's audio and subtitle languages (`media.ready`, issue 26; a series: any episode's). */
  @Prop({ type: [String], default: [] }) audioLanguages?: string[];
  @Prop({ type: [String], default: [] }) subtitleLanguages?: string[];
  /** Ordering key for Popular / Trending until viewing data exists. */
  @Prop({ type: Number, default: 0 }) popularity: number;
  /**
   * Where the title came from (`seed:…`, `import:…`, `admin:{idempotency key}`), unique: re-running a seed or an
   * import, or sending an Add again, never duplicates.
   */
  @Prop({ type: String }) sourceKey?: string;
}

/** A title as stored: read back, or built with its `_id` before insert (the seed). */
export type StoredTitle<R extends TitleRecord = TitleRecord> = R & { _id: Types.ObjectId };

/** The date a kind of title is released on: a film's release, a series' first air date. */
export type ReleaseField = 'releaseDate' | 'firstAirDate';

/** The indexes of the browse sorts and sections, and of the admin list (most recently added first). */
export const indexTitles = (schema: Schema, releaseField: ReleaseField) => {
  schema.index({ status: 1, popularity: -1, _id: 1 });
  schema.index({ status: 1, publishDate: -1, [releaseField]: -1 });
  schema.index({ status: 1, rating: -1, votes: -1 });
  schema.index({ status: 1, genres: 1, popularity: -1 });
  schema.index({ createdAt: -1, _id: -1 });
  // A profile's ceiling narrows every list by class (`classification: { $in }`, issue 25).
  schema.index({ status: 1, classification: 1, popularity: -1 });
  // Coming soon and the scheduler's sweep at boot (issue 28).
  schema.index({ status: 1, publishAt: 1 });
  schema.index({ availableUntil: 1 });
  // "Available in Hindi" (issue 26).
  schema.index({ status: 1, audioLanguages: 1, popularity: -1 });
  schema.index({ status: 1, subtitleLanguages: 1, popularity: -1 });
};
