import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Which episode a record is of (issue 13): its series, season and number, as the report carried them. */
@Schema({ _id: false })
export class EpisodeRefRecord {
  @Prop({ required: true }) seriesId: string;
  @Prop({ required: true }) seasonNumber: number;
  @Prop({ required: true }) episodeNumber: number;
}
const EpisodeRefSubSchema = SchemaFactory.createForClass(EpisodeRefRecord);

/**
 * One record per profile and title (for a series, per episode: `movieId` is the episode's id): where they stopped, how long they watched, whether Continue Watching lists it.
 * `watch.progressed` writes it with one conditional upsert (history.repository.ts).
 */
@Schema({ collection: 'history', timestamps: { createdAt: true, updatedAt: false } })
export class HistoryRecord {
  /** The account. */
  @Prop({ required: true }) userId: string;
  /** The account's profile that watched (DECISIONS 36; records from before profiles: the default one, moved at boot). */
  @Prop({ required: true }) profileId: string;
  @Prop({ required: true }) movieId: string;
  @Prop({ required: true }) positionSeconds: number;
  /** Null until a report carried it (the player may not know it yet). */
  @Prop({ type: Number, default: null }) durationSeconds: number | null;
  /** The `reportedAt` of the report applied last: reports are applied only in this order, never backwards. */
  @Prop({ type: Date, required: true }) lastWatchedAt: Date;
  /** Seconds played, summed over the applied reports (each capped at MAX_WATCHED_SECONDS_PER_REPORT). */
  @Prop({ type: Number, default: 0 }) watchTimeSeconds: number;
  /** The same seconds by calendar month (UTC) of the report, `YYYY-MM` → seconds: Viewing Activity. */
  @Prop({ type: Map, of: Number, default: {} }) watchByMonth: Record<string, number>;
  /** Position at FINISHED_PERCENT of the duration or more. */
  @Prop({ type: Boolean, default: false }) finished: boolean;
  /** Between RESUME_MIN_PERCENT and FINISHED_PERCENT: listed in Continue Watching unless hidden. */
  @Prop({ type: Boolean, default: false }) inProgress: boolean;
  /** "Remove from row": set by the viewer, cleared by any report applied after it (see `hiddenAt`). */
  @Prop({ type: Boolean, default: false }) hidden: boolean;
  /**
   * When the viewer last removed the title from the row. A report made before it but applied after it (it was on its
   * way) clears `hidden` yet is not a new playback: the record stays out of the row while `lastWatchedAt` is not
   * after this (`isHiddenFromRow`). Null for records never hidden, and for those hidden before this field.
   */
  @Prop({ type: Date, default: null }) hiddenAt?: Date | null;
  /** Set for an episode; absent or null for a movie (records written before issue 13 lack it). */
  @Prop({ type: EpisodeRefSubSchema, default: null }) episode?: EpisodeRefRecord | null;
  createdAt?: Date;
}

export const HistorySchema = SchemaFactory.createForClass(HistoryRecord);
HistorySchema.index({ userId: 1, profileId: 1, movieId: 1 }, { unique: true });
// The history page, newest first.
HistorySchema.index({ userId: 1, profileId: 1, lastWatchedAt: -1 });
// Continue Watching: in progress, not hidden, most recent first.
HistorySchema.index({ userId: 1, profileId: 1, inProgress: 1, hidden: 1, lastWatchedAt: -1 });
// A series' episodes of one profile, most recent first: Continue Watching's series entry and the series page.
HistorySchema.index({ userId: 1, profileId: 1, 'episode.seriesId': 1, lastWatchedAt: -1 });
/** The indexes from before profiles, dropped by the profiles migration (their unique key lacks the profile). */
export const HISTORY_INDEXES_BEFORE_PROFILES = [
  'userId_1_movieId_1',
  'userId_1_lastWatchedAt_-1',
  'userId_1_inProgress_1_hidden_1_lastWatchedAt_-1',
  'userId_1_episode.seriesId_1_lastWatchedAt_-1',
] as const;
