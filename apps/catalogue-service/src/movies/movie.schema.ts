import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { indexTitles, TitleRecord } from '../titles/title.schema';

@Schema({ collection: 'movies', timestamps: true })
export class MovieRecord extends TitleRecord {
  @Prop({ required: true }) purchasePriceInr: number;
  @Prop({ required: true }) rentalPriceInr: number;
  @Prop({ type: Date, default: null }) releaseDate: Date | null;
  @Prop({ type: Number, default: null }) runtimeMinutes: number | null;
  @Prop({ type: String, default: null }) director: string | null;
  @Prop({ type: [String], default: [] }) writers: string[];
  @Prop({ type: String, default: null }) awards: string | null;
  @Prop({ type: String, default: null }) imdbId: string | null;
  @Prop({ type: Number, default: null }) tmdbId: number | null;
  @Prop({ type: Number, default: null }) budgetUsd: number | null;
  @Prop({ type: Number, default: null }) revenueUsd: number | null;
  /** Playable: streaming-service announced its media (`media.ready`). Without it the web shows "Coming soon". */
  @Prop({ type: Boolean, default: false }) mediaReady?: boolean;
  /** The media's running time as streaming-service measured it. */
  @Prop({ type: Number, default: null }) mediaDurationSeconds?: number | null;
  /** When the applied `media.ready` occurred: an older or redelivered one never overwrites a newer one. */
  @Prop({ type: Date, default: null }) mediaReadyAt?: Date | null;
}

export const MovieSchema = SchemaFactory.createForClass(MovieRecord);
indexTitles(MovieSchema, 'releaseDate');
MovieSchema.index({ status: 1, access: 1, popularity: -1 });
MovieSchema.index(
  { sourceKey: 1 },
  { unique: true, partialFilterExpression: { sourceKey: { $type: 'string' } } },
);
