import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The recommendation service's own view of a published title (it never reads the catalogue's database). */
@Schema({ collection: 'items', timestamps: true })
export class ItemRecord {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) title: string;
  @Prop({ required: true, index: true }) genre: string;
  @Prop({ type: Date, required: true }) publishDate: Date;
  /** How many `movie.published` events were applied: 1 unless a title is re-published. */
  @Prop({ type: Number, default: 0 }) publishEvents: number;
}

export const ItemSchema = SchemaFactory.createForClass(ItemRecord);
