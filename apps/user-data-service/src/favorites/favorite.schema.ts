import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A title on a profile's favorites (= My List, DECISIONS 29, 36), with a snapshot of its card. */
@Schema({ collection: 'favorites' })
export class FavoriteRecord {
  /** The account. */
  @Prop({ required: true }) userId: string;
  /** The account's profile whose list it is (records from before profiles: the default one, moved at boot). */
  @Prop({ required: true }) profileId: string;
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
FavoriteSchema.index({ userId: 1, profileId: 1, movieId: 1 }, { unique: true });
FavoriteSchema.index({ userId: 1, profileId: 1, addedAt: -1 });
/** The indexes from before profiles, dropped by the profiles migration (their unique key lacks the profile). */
export const FAVORITE_INDEXES_BEFORE_PROFILES = ['userId_1_movieId_1', 'userId_1_addedAt_-1'] as const;
// movie.updated / movie.deleted reach every list holding the title.
FavoriteSchema.index({ movieId: 1 });
