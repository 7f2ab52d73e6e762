import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

@Schema({ _id: false })
export class IntroRecord {
  @Prop({ required: true }) startSeconds: number;
  @Prop({ required: true }) endSeconds: number;
}
const IntroSchema = SchemaFactory.createForClass(IntroRecord);

/**
 * An episode: a playable title of its own (its id is what streams, leases and resume points use). It has no
 * status: it is visible when its series is.
 */
@Schema({ collection: 'episodes', timestamps: true })
export class EpisodeRecord {
  @Prop({ type: Types.ObjectId, required: true }) seriesId: Types.ObjectId;
  @Prop({ required: true }) seasonNumber: number;
  @Prop({ required: true }) number: number;
  @Prop({ required: true }) title: string;
  @Prop({ type: String, default: '' }) overview: string;
  @Prop({ type: Number, default: null }) runtimeMinutes: number | null;
  @Prop({ type: Date, default: null }) airDate: Date | null;
  @Prop({ type: String, default: null }) stillUrl: string | null;
  @Prop({ type: IntroSchema, default: null }) intro: IntroRecord | null;
  @Prop({ type: Number }) tmdbId?: number;
  /** Set by `media.ready`, ordered by `mediaReadyAt` as for movies. */
  @Prop({ type: Boolean, default: false }) mediaReady: boolean;
  @Prop({ type: Number, default: null }) mediaDurationSeconds: number | null;
  @Prop({ type: Date, default: null }) mediaReadyAt: Date | null;
  /**
   * Issue 28: a scheduled episode, hidden from viewers and unannounced until its job releases it (clears this). Null
   * (or absent, on episodes from before it): released, visible when its series is.
   */
  @Prop({ type: Date, default: null }) publishAt?: Date | null;
  /** Its media's audio and subtitle languages (`media.ready`, issue 26). */
  @Prop({ type: [String], default: [] }) audioLanguages?: string[];
  @Prop({ type: [String], default: [] }) subtitleLanguages?: string[];
}

export const EpisodeSchema = SchemaFactory.createForClass(EpisodeRecord);
// One episode per number in a season; its `seriesId` prefix is also the index of a series' episodes.
EpisodeSchema.index({ seriesId: 1, seasonNumber: 1, number: 1 }, { unique: true });
EpisodeSchema.index({ publishAt: 1 });
