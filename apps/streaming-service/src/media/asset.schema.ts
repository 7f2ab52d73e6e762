import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import type { AddedAudioStatus, AssetStatus, AudioTrack, Rendition, SubtitleTrack } from '@app/contracts';
import { AddedAudioStatus as AudioStatus, AssetStatus as Status, Renditions } from '@app/contracts';
import type { MediaProbe } from '../ffmpeg/media-probe';

export type AssetSource = 'sample' | 'upload';

/** An upload on its way through the queue: its own version dir, so the playing version stays until it succeeds. */
@Schema({ _id: false })
export class PendingUploadRecord {
  @Prop({ required: true }) version: string;
  /** `incoming/{movieId}/{version}`: kept until the transcode succeeds, so a failed job can be retried. */
  @Prop({ required: true }) sourceKey: string;
  @Prop({ type: String, default: null }) sourceName: string | null;
}
const PendingUploadSchema = SchemaFactory.createForClass(PendingUploadRecord);

/**
 * An audio file an admin added (issue 26) and its transcode, which runs on the transcode queue like a video's:
 * served from `tracks/{movieId}/audio/{language}` (MediaLayout.addedAudio) once ready, kept across new versions.
 */
@Schema({ _id: false })
export class AddedAudioRecord {
  @Prop({ required: true }) language: string;
  @Prop({ required: true }) name: string;
  @Prop({ type: String, required: true, enum: Object.values(AudioStatus) }) status: AddedAudioStatus;
  @Prop({ type: Number, default: 0 }) progress: number;
  @Prop({ type: String, default: null }) error: string | null;
  /** The transcode job's version (TranscodeJob.version): a job finds its track by it. */
  @Prop({ required: true }) version: string;
  /** `incoming/{movieId}/{version}` until the transcode ends (either way). */
  @Prop({ type: String, default: null }) sourceKey: string | null;
  @Prop({ type: Date, required: true }) updatedAt: Date;
}
const AddedAudioSchema = SchemaFactory.createForClass(AddedAudioRecord);

/**
 * A title's media (`streaming.assets`, one per movieId). Two parts: the playable version (`dir`, `renditions`,
 * `readyAt`…), which only a successful transcode replaces, and the latest job (`status`, `progress`, `error`,
 * `pending`), which the admin watches.
 */
@Schema({ collection: 'assets', versionKey: false })
export class AssetRecord {
  @Prop({ required: true }) movieId: string;
  @Prop({ type: String, required: true, enum: Object.values(Status) }) status: AssetStatus;
  @Prop({ type: Number, default: 0 }) progress: number;
  @Prop({ type: Number, default: null }) etaSeconds: number | null;
  @Prop({ type: String, default: null }) error: string | null;
  @Prop({ type: String, default: null }) source: AssetSource | null;
  @Prop({ type: String, default: null }) sourceName: string | null;
  /** The playable version's directory in the media store (null until one is ready). */
  @Prop({ type: String, default: null }) dir: string | null;
  @Prop({ type: Date, default: null }) readyAt: Date | null;
  @Prop({ type: Number, default: null }) durationSeconds: number | null;
  @Prop({ type: [String], enum: Renditions, default: [] }) renditions: Rendition[];
  @Prop({ type: Boolean, default: false }) hasMp4: boolean;
  @Prop({ type: Boolean, default: false }) hasTrickplay: boolean;
  /** The playable version's audio and subtitle renditions (issue 26; empty for versions made before). */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] }) audioTracks: AudioTrack[];
  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] }) subtitleTracks: SubtitleTrack[];
  /**
   * Subtitles an admin added (`tracks/{movieId}/subs/{language}`, MediaLayout.addedSubtitles): the title's own, kept
   * apart from its version's directory (a sample film's is shared) and across new versions.
   */
  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] }) addedSubtitles: SubtitleTrack[];
  /** Audio tracks an admin added, in every state; the ready ones play beside the version's own. */
  @Prop({ type: [AddedAudioSchema], default: [] }) addedAudio: AddedAudioRecord[];
  /** ffprobe's view of the playable version's source (technical metadata for the admin). */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null }) probe: MediaProbe | null;
  @Prop({ type: PendingUploadSchema, default: null }) pending: PendingUploadRecord | null;
  /** When `media.ready` went out for the current version; a redelivered event finds it set and does nothing. */
  @Prop({ type: Date, default: null }) announcedAt: Date | null;
  @Prop({ type: Date, required: true }) updatedAt: Date;
}

export const AssetSchema = SchemaFactory.createForClass(AssetRecord);
AssetSchema.index({ movieId: 1 }, { unique: true });
// The outbox relay's sweep for versions not yet announced.
AssetSchema.index({ announcedAt: 1, readyAt: 1 });
