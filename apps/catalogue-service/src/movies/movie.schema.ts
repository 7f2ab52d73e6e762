import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument } from 'mongoose';
import { MovieAccess, MovieStatus } from '@app/contracts';

@Schema({ collection: 'movies', timestamps: true })
export class MovieRecord {
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
  @Prop({ required: true }) purchasePriceInr: number;
  @Prop({ required: true }) rentalPriceInr: number;
  @Prop({ type: Date, default: null }) releaseDate: Date | null;
  @Prop({ type: Number, default: null }) runtimeMinutes: number | null;
  @Prop({ type: String, default: null }) language: string | null;
  @Prop({ type: String, default: null }) director: string | null;
  @Prop({ type: [String], default: [] }) writers: string[];
  @Prop({ type: [String], default: [] }) cast: string[];
  @Prop({ type: String, default: null }) awards: string | null;
  @Prop({ type: String, default: null }) imdbId: string | null;
  @Prop({ type: Number, default: null }) tmdbId: number | null;
  @Prop({ type: Number, default: null }) budgetUsd: number | null;
  @Prop({ type: Number, default: null }) revenueUsd: number | null;
  @Prop({ type: Date, default: null }) publishDate: Date | null;
  /** Ordering key for Popular / Trending until viewing data exists. */
  @Prop({ type: Number, default: 0 }) popularity: number;
  /** Where the title came from (`seed:…`, `import:…`), unique: re-running a seed or import never duplicates. */
  @Prop({ type: String }) sourceKey?: string;
  /** Playable: streaming-service announced its media (`media.ready`). Without it the web shows "Coming soon". */
  @Prop({ type: Boolean, default: false }) mediaReady?: boolean;
  /** The media's running time as streaming-service measured it. */
  @Prop({ type: Number, default: null }) mediaDurationSeconds?: number | null;
  /** When the applied `media.ready` occurred: an older or redelivered one never overwrites a newer one. */
  @Prop({ type: Date, default: null }) mediaReadyAt?: Date | null;
}

export type MovieDocument = HydratedDocument<MovieRecord>;
export const MovieSchema = SchemaFactory.createForClass(MovieRecord);
MovieSchema.index({ status: 1, popularity: -1, _id: 1 });
// The sections and sorts of the browse pages.
MovieSchema.index({ status: 1, publishDate: -1, releaseDate: -1 });
MovieSchema.index({ status: 1, rating: -1, votes: -1 });
MovieSchema.index({ status: 1, access: 1, popularity: -1 });
MovieSchema.index({ status: 1, genres: 1, popularity: -1 });
// The admin list: most recently added first.
MovieSchema.index({ createdAt: -1, _id: -1 });
MovieSchema.index(
  { sourceKey: 1 },
  { unique: true, partialFilterExpression: { sourceKey: { $type: 'string' } } },
);
