import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A title on a viewer's favorites (= My List, DECISIONS 29), with a snapshot of its card. */
@Schema({ collection: 'favorites' })
export class FavoriteRecord {
  @Prop({ required: true }) userId: string;
  @Prop({ required: true }) movieId: string;
  @Prop({ required: true }) title: string;
  @Prop({ type: String, default: '' }) posterUrl: string;
  @Prop({ required: true }) genre: string;
  /** A movie or a series (issue 13); records from before series are movies. */
  @Prop({ type: String, default: 'movie' }) kind: 'movie' | 'series';
  @Prop({ type: Number, default: null }) rating: number | null;
  @Prop({ type: Date, required: true }) addedAt: Date;
  /** When the snapshot was taken (the add, or the catalogue event that refreshed it): older events skip it. */
  @Prop({ type: Date, required: true }) snapshotAt: Date;
}

export const FavoriteSchema = SchemaFactory.createForClass(FavoriteRecord);
FavoriteSchema.index({ userId: 1, movieId: 1 }, { unique: true });
FavoriteSchema.index({ userId: 1, addedAt: -1 });
// movie.updated / movie.deleted reach every list holding the title.
FavoriteSchema.index({ movieId: 1 });
