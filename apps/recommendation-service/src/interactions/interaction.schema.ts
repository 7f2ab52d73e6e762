import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One record per profile and title (DECISIONS 36): the signals the events told, the strength the model learns from, and when it
 * last changed. The durable record of what the Redis profile (profiles.repository.ts) serves from, and what each
 * model build reads.
 */
@Schema({ collection: 'interactions', versionKey: false })
export class InteractionRecord {
  /** The account. */
  @Prop({ required: true }) userId: string;
  /** The account's profile (records from before profiles: the default one, whose id is the account's; moved at boot). */
  @Prop({ required: true }) profileId: string;
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
InteractionSchema.index({ userId: 1, profileId: 1, movieId: 1 }, { unique: true });
/** The index from before profiles, dropped by the profiles migration (its unique key lacks the profile). */
export const INTERACTION_INDEXES_BEFORE_PROFILES = ['userId_1_movieId_1'] as const;
