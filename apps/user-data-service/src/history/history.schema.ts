import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One record per viewer and title: where they stopped. `watch.progressed` writes it; the viewer-data issue adds
 * watch time, finished and hidden to this same record, so there is one place that knows where a viewer stopped.
 */
@Schema({ collection: 'history', timestamps: { createdAt: true, updatedAt: false } })
export class HistoryRecord {
  @Prop({ required: true }) userId: string;
  @Prop({ required: true }) movieId: string;
  @Prop({ required: true }) positionSeconds: number;
  /** Null until a report carried it (the player may not know it yet). */
  @Prop({ type: Number, default: null }) durationSeconds: number | null;
  /** The `reportedAt` of the report applied last: reports are applied only in this order, never backwards. */
  @Prop({ type: Date, required: true }) lastWatchedAt: Date;
  createdAt?: Date;
}

export const HistorySchema = SchemaFactory.createForClass(HistoryRecord);
HistorySchema.index({ userId: 1, movieId: 1 }, { unique: true });
