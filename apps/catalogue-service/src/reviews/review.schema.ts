import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

@Schema({ collection: 'reviews', timestamps: { createdAt: true, updatedAt: false } })
export class ReviewRecord {
  @Prop({ type: Types.ObjectId, required: true }) movieId: Types.ObjectId;
  /** The author's user id, or `import:tmdb:<review id>` for imported reviews. */
  @Prop({ required: true }) userId: string;
  @Prop({ required: true }) username: string;
  @Prop({ required: true }) rating: number;
  @Prop({ required: true }) content: string;
  createdAt?: Date;
}

export const ReviewSchema = SchemaFactory.createForClass(ReviewRecord);
// One review per user per title: the database enforces it, so two concurrent posts cannot both land.
ReviewSchema.index({ movieId: 1, userId: 1 }, { unique: true });
ReviewSchema.index({ movieId: 1, createdAt: -1 });
