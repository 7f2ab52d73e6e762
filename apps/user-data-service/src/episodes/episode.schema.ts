import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * What this service knows of an episode (issue 13), kept from `episode.published` and `episode.deleted`: its
 * series and place in play order for Continue Watching's next episode, its title for history and the row.
 */
@Schema({ collection: 'episodes' })
export class EpisodeRecord {
  @Prop({ required: true }) episodeId: string;
  @Prop({ required: true }) seriesId: string;
  /** 0 on a record only `episode.deleted` made (no `episode.published` came first). */
  @Prop({ type: Number, default: 0 }) seasonNumber: number;
  @Prop({ type: Number, default: 0 }) episodeNumber: number;
  @Prop({ type: String, default: '' }) title: string;
  @Prop({ type: Number, default: null }) runtimeMinutes: number | null;
  /** Set by `episode.deleted`; never cleared (a deleted episode's id is not used again). */
  @Prop({ type: Boolean, default: false }) deleted: boolean;
  /** `occurredAt` of the `episode.published` applied last: an older one (a retry) does not overwrite a newer one. */
  @Prop({ type: Date, required: true }) changedAt: Date;
}

export const EpisodeSchema = SchemaFactory.createForClass(EpisodeRecord);
EpisodeSchema.index({ episodeId: 1 }, { unique: true });
// The next episode: a series' episodes in play order.
EpisodeSchema.index({ seriesId: 1, deleted: 1 });
