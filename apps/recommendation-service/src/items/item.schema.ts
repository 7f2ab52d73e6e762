import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { RecommendationItem } from '@app/contracts';
import type { Classification } from '@app/contracts';
import { MovieAccess, MovieStatus, RecommendationItemSchema } from '@app/contracts';

/** A movie, or a series as one item (issue 13: its episodes never are items). */
export type ItemKind = RecommendationItem['kind'];
export const ItemKinds = RecommendationItemSchema.shape.kind.options;

/**
 * The recommendation service's own view of a title (it never reads the catalogue's database), kept from
 * `movie.published`, `movie.updated` and `movie.deleted`, and for a series (one item) from `series.published`,
 * `series.updated` and `series.deleted`. Card fields come from the events; records written from events that
 * predate them read with safe defaults (item.mapper.ts).
 */
@Schema({ collection: 'items', timestamps: true })
export class ItemRecord {
  /** The catalogue's movie id, or series id. */
  @Prop({ type: String, required: true }) _id: string;
  /** Records written before series existed have none: they are movies. */
  @Prop({ type: String, enum: ItemKinds, default: 'movie' }) kind: ItemKind;
  @Prop({ required: true }) title: string;
  @Prop({ required: true }) genre: string;
  @Prop({ type: String, default: '' }) posterUrl: string;
  @Prop({ type: Number, default: null }) rating: number | null;
  @Prop({ type: String, enum: Object.values(MovieAccess), default: MovieAccess.Free }) access: MovieAccess;
  @Prop({ type: String, default: null }) director: string | null;
  @Prop({ type: [String], default: [] }) cast: string[];
  @Prop({ type: Number, default: null }) releaseYear: number | null;
  /** Its class (issue 25) from the latest event carrying one; null until then (read as unrated). */
  @Prop({ type: String, default: null }) classification: Classification | null;
  /** `published` from *.published; *.updated says which (an edit may send a title back to draft). */
  @Prop({ type: String, enum: Object.values(MovieStatus), required: true }) status: MovieStatus;
  /** Set by movie.deleted / series.deleted; never cleared (a deleted title's id is not used again). */
  @Prop({ type: Boolean, default: false }) deleted: boolean;
  /** Issue 28: the licence end from the latest event carrying one; from then no list offers the title. */
  @Prop({ type: Date, default: null }) availableUntil: Date | null;
  /** From *.published; null for a title only ever seen in an update. */
  @Prop({ type: Date, default: null }) publishDate: Date | null;
  /** `occurredAt` of the catalogue event applied last: an older one (a retry) does not overwrite a newer one. */
  @Prop({ type: Date, required: true }) changedAt: Date;
}

export const ItemSchema = SchemaFactory.createForClass(ItemRecord);
