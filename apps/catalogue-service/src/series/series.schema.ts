import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { MovieAccess, MovieStatus } from '@app/contracts';

/** A season, kept inside its series: few per series, always read with it, numbers unique per series. */
@Schema({ _id: false })
export class SeasonRecord {
  @Prop({ required: true }) number: number;
  @Prop({ required: true }) title: string;
  @Prop({ type: String, default: '' }) overview: string;
  @Prop({ type: Date, default: null }) airDate: Date | null;
}
const SeasonSchema = SchemaFactory.createForClass(SeasonRecord);

@Schema({ collection: 'series', timestamps: true })
export class SeriesRecord {
  @Prop({ required: true }) title: string;
  /** The indexed search key, as for movies (no $text, TESTING.md). */
  @Prop({ required: true, index: true }) titleNormalized: string;
  @Prop({ required: true }) description: string;
  @Prop({ required: true }) genre: string;
  @Prop({ type: [String], default: [] }) genres: string[];
  @Prop({ type: Number, default: null }) rating: number | null;
  @Prop({ type: Number, default: null }) votes: number | null;
  @Prop({ required: true }) posterUrl: string;
  @Prop({ type: String, required: true, enum: Object.values(MovieStatus) }) status: MovieStatus;
  /** Free or premium as a whole (no per-episode purchase or rental). */
  @Prop({ type: String, required: true, enum: Object.values(MovieAccess) }) access: MovieAccess;
  @Prop({ type: Date, default: null }) firstAirDate: Date | null;
  @Prop({ type: String, default: null }) language: string | null;
  @Prop({ type: [String], default: [] }) creators: string[];
  @Prop({ type: [String], default: [] }) cast: string[];
  /** Absent unless imported: the unique index is sparse, so only imported series are held to one per id. */
  @Prop({ type: Number }) tmdbId?: number;
  /** Seeded demo content: its events say so, and streaming-service maps its episodes to sample media. */
  @Prop({ type: Boolean, default: false }) demo: boolean;
  @Prop({ type: [SeasonSchema], default: [] }) seasons: SeasonRecord[];
  @Prop({ type: Date, default: null }) publishDate: Date | null;
  /** Ordering key for Popular, as for movies. */
  @Prop({ type: Number, default: 0 }) popularity: number;
  /**
   * `admin:{idempotency key}` for a series an admin added with one (as a movie's source key): the sparse unique
   * index keeps one series per Add, however often it is sent. Absent otherwise.
   */
  @Prop({ type: String }) sourceKey?: string;
}

export const SeriesSchema = SchemaFactory.createForClass(SeriesRecord);
SeriesSchema.index({ status: 1, popularity: -1, _id: 1 });
SeriesSchema.index({ status: 1, publishDate: -1, firstAirDate: -1 });
SeriesSchema.index({ status: 1, rating: -1, votes: -1 });
SeriesSchema.index({ status: 1, genres: 1, popularity: -1 });
SeriesSchema.index({ createdAt: -1, _id: -1 });
SeriesSchema.index({ tmdbId: 1 }, { unique: true, sparse: true });
SeriesSchema.index({ sourceKey: 1 }, { unique: true, sparse: true });
