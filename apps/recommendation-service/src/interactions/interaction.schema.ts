import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One record per viewer and title: the signals the events told, the strength the model learns from, and when it
 * last changed. The durable record of what the Redis profile (profiles.repository.ts) serves from, and what each
 * model build reads.
 */
@Schema({ collection: 'interactions', versionKey: false })
export class InteractionRecord {
  @Prop({ required: true }) userId: string;
  @Prop({ required: true }) movieId: string;
  /** 1 when inserted, +1 on each change: a write applies only over the version it was computed from. */
  @Prop({ required: true }) version: number;
  /** The largest share of the film reached, 0–1 in whole percents. */
  @Prop({ required: true }) watchedFraction: number;
  @Prop({ required: true }) finished: boolean;
  @Prop({ required: true }) favorite: boolean;
  /** `occurredAt` of the favorite event applied last; null when none was. */
  @Prop({ type: Date, default: null }) favoriteAt: Date | null;
  @Prop({ required: true }) paid: boolean;
  /** `interactionStrength` of the signals; 0 rows are kept (they order later events) but not learnt from. */
  @Prop({ required: true }) strength: number;
  /** Time of the latest event that changed the record. */
  @Prop({ type: Date, required: true }) at: Date;
}

export const InteractionSchema = SchemaFactory.createForClass(InteractionRecord);
InteractionSchema.index({ userId: 1, movieId: 1 }, { unique: true });
