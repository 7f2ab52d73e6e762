import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { MovieAccess, MovieStatus } from '@app/contracts';

/**
 * The recommendation service's own view of a title (it never reads the catalogue's database), kept from
 * `movie.published`, `movie.updated` and `movie.deleted`. Card fields come from the events; records written from
 * events that predate them read with safe defaults (item.mapper.ts).
 */
@Schema({ collection: 'items', timestamps: true })
export class ItemRecord {
  /** The catalogue's movie id. */
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) title: string;
  @Prop({ required: true }) genre: string;
  @Prop({ type: String, default: '' }) posterUrl: string;
  @Prop({ type: Number, default: null }) rating: number | null;
  @Prop({ type: String, enum: Object.values(MovieAccess), default: MovieAccess.Free }) access: MovieAccess;
  @Prop({ type: String, default: null }) director: string | null;
  @Prop({ type: [String], default: [] }) cast: string[];
  @Prop({ type: Number, default: null }) releaseYear: number | null;
  /** `published` from movie.published; movie.updated says which (an edit may send a title back to draft). */
  @Prop({ type: String, enum: Object.values(MovieStatus), required: true }) status: MovieStatus;
  /** Set by movie.deleted; never cleared (a deleted title's id is not used again). */
  @Prop({ type: Boolean, default: false }) deleted: boolean;
  /** From movie.published; null for a title only ever seen in movie.updated. */
  @Prop({ type: Date, default: null }) publishDate: Date | null;
  /** `occurredAt` of the catalogue event applied last: an older one (a retry) does not overwrite a newer one. */
  @Prop({ type: Date, required: true }) changedAt: Date;
}

export const ItemSchema = SchemaFactory.createForClass(ItemRecord);
