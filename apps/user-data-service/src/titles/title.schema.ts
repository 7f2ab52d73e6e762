import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Classification } from '@app/contracts';

/**
 * What this service knows of a title for its lists, kept from `movie.*` and `series.*` events (a series is one
 * title: `movieId` holds the series id). History and Continue Watching are enriched from it at read time.
 */
@Schema({ collection: 'titles' })
export class TitleRecord {
  @Prop({ required: true }) movieId: string;
  @Prop({ required: true }) title: string;
  @Prop({ type: String, default: '' }) posterUrl: string;
  @Prop({ required: true }) genre: string;
  @Prop({ type: Number, default: null }) rating: number | null;
  /**
   * Its class (issue 25) from the latest catalogue event carrying one; null (or absent on records from before) until
   * then: read as unrated. Lists check a profile's ceiling against it at read time, so a reclassified title moves
   * in or out of every list at once, with no copy to update.
   */
  @Prop({ type: String, default: null }) classification?: Classification | null;
  /** Set by `movie.deleted` / `series.deleted`; never cleared (a deleted title's id is not used again). */
  @Prop({ type: Boolean, default: false }) deleted: boolean;
  /** `occurredAt` of the catalogue event applied last: an older one (a retry) does not overwrite a newer one. */
  @Prop({ type: Date, required: true }) changedAt: Date;
}

export const TitleSchema = SchemaFactory.createForClass(TitleRecord);
TitleSchema.index({ movieId: 1 }, { unique: true });
