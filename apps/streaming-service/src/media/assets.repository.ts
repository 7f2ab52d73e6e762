import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { AudioTrack, Rendition, SubtitleTrack } from '@app/contracts';
import { AddedAudioStatus, AssetStatus } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import type { MediaProbe } from '../ffmpeg/media-probe';
import type { PlayableAsset } from './media-layout';
import { AddedAudioRecord, AssetRecord, PendingUploadRecord } from './asset.schema';

export type StoredAsset = AssetRecord & { _id: Types.ObjectId };

/** A version that plays: where it lives and what it holds. */
export type ReadyMedia = {
  dir: string;
  durationSeconds: number | null;
  renditions: Rendition[];
  hasMp4: boolean;
  hasTrickplay: boolean;
  audioTracks: AudioTrack[];
  subtitleTracks: SubtitleTrack[];
  probe: MediaProbe | null;
};

/** The version's subtitles with an admin's in their place (by language), the admin's added after. */
export const mergedSubtitles = (
  asset: Pick<AssetRecord, 'subtitleTracks' | 'addedSubtitles'>,
): SubtitleTrack[] => {
  // The last of a language wins (see addSubtitles).
  const added = [...new Map((asset.addedSubtitles ?? []).map((track) => [track.language, track])).values()];
  const replaced = new Set(added.map((track) => track.language));
  return [...(asset.subtitleTracks ?? []).filter((track) => !replaced.has(track.language)), ...added];
};

/**
 * The version's audio renditions, then the admin's ready ones (issue 26), whose files delivery serves for their
 * language: a later version that brings a language added before keeps the admin's. The version's default stays the
 * default (its language's, if the admin's replaced it); without one (a silent version) the first track is.
 */
export const mergedAudio = (asset: Pick<AssetRecord, 'audioTracks' | 'addedAudio'>): AudioTrack[] => {
  const own = asset.audioTracks ?? [];
  const added = (asset.addedAudio ?? []).filter((track) => track.status === AddedAudioStatus.Ready);
  const replaced = new Set(added.map((track) => track.language));
  const tracks = [
    ...own.filter((track) => !replaced.has(track.language)),
    // In the place of the version's default, the admin's track is the default.
    ...added.map(({ language, name }) => ({
      language,
      name,
      isDefault: own.some((track) => track.language === language && track.isDefault),
    })),
  ];
  const hasDefault = tracks.some((track) => track.isDefault);
  return tracks.map((track, i) => (hasDefault || i > 0 ? track : { ...track, isDefault: true }));
};

// `movieId` comes from validated input, but `$eq` keeps an operator object from ever becoming a query.
const byMovie = (movieId: string) => ({ movieId: { $eq: movieId } });
const byJob = (movieId: string, version: string) => ({ ...byMovie(movieId), 'pending.version': version });
const playable = (movieId: string) => ({ ...byMovie(movieId), dir: { $ne: null }, readyAt: { $ne: null } });
/**
 * An added audio track's job; `addedAudio.$` then names that track. By its version alone (unique): the embedded
 * MongoDB-wire server places `$` by a plain field match, not by `$elemMatch`. Its one job is the only writer of
 * its state, and ends it only after its last progress write (the throttle is flushed first).
 */
const byAudioJob = (movieId: string, version: string) => ({
  ...byMovie(movieId),
  'addedAudio.version': version,
});

/** The only code that touches `streaming.assets`. */
@Injectable()
export class AssetsRepository {
  constructor(@InjectModel(AssetRecord.name) private readonly assets: Model<AssetRecord>) {}

  findByMovie(movieId: string): Promise<StoredAsset | null> {
    return this.assets.findOne(byMovie(movieId)).lean<StoredAsset>().exec();
  }

  /**
   * What delivery serves: the title's ready version. A newer upload still queued, processing or failed does
   * not hide it (it replaces the version only when its transcode succeeds).
   */
  async findPlayable(movieId: string): Promise<PlayableAsset | null> {
    const asset = await this.assets
      .findOne({ ...byMovie(movieId), dir: { $ne: null }, readyAt: { $ne: null } })
      .lean<StoredAsset>()
      .exec();
    if (!asset?.dir) return null;
    return {
      movieId: asset.movieId,
      dir: asset.dir,
      renditions: asset.renditions,
      durationSeconds: asset.durationSeconds,
      hasMp4: asset.hasMp4,
      hasTrickplay: asset.hasTrickplay,
      audioTracks: mergedAudio(asset),
      subtitleTracks: mergedSubtitles(asset),
      addedSubtitles: (asset.addedSubtitles ?? []).map((track) => track.language),
      addedAudio: (asset.addedAudio ?? [])
        .filter((track) => track.status === AddedAudioStatus.Ready)
        .map((track) => track.language),
    };
  }

  /**
   * An admin's subtitles in one language replace any before them (theirs or the version's): the ready version is
   * announced again (`announcedAt` cleared, `readyAt` moved on), so the catalogue learns the languages. Null when the
   * title has no playable version.
   */
  async addSubtitles(movieId: string, track: SubtitleTrack, now: Date): Promise<StoredAsset | null> {
    // Two writes (the embedded server has no update pipelines): a race of two files of one language can leave
    // both, and mergedSubtitles keeps the later.
    await this.assets
      .updateOne(playable(movieId), { $pull: { addedSubtitles: { language: track.language } } })
      .exec();
    return this.assets
      .findOneAndUpdate(
        playable(movieId),
        { $push: { addedSubtitles: track }, $set: { readyAt: now, announcedAt: null, updatedAt: now } },
        { returnDocument: 'after' },
      )
      .lean<StoredAsset>()
      .exec();
  }

  /**
   * An admin's audio track joins the playable title's list, queued (issue 26): only when no audio of its language
   * is heard or on its way; a failed one of that language is replaced. Null when the title is not playable or the
   * language is taken (the caller tells which).
   */
  async queueAudio(movieId: string, track: AddedAudioRecord): Promise<StoredAsset | null> {
    const { language } = track;
    await this.assets
      .updateOne(playable(movieId), {
        $pull: { addedAudio: { language, status: AddedAudioStatus.Failed } },
      })
      .exec();
    return this.assets
      .findOneAndUpdate(
        {
          ...playable(movieId),
          'audioTracks.language': { $ne: language },
          'addedAudio.language': { $ne: language },
        },
        { $push: { addedAudio: track }, $set: { updatedAt: track.updatedAt } },
        { returnDocument: 'after' },
      )
      .lean<StoredAsset>()
      .exec();
  }

  /**
   * Queued → processing for this audio job (or processing again: a job a stopped worker left is handed on); false
   * when its track is gone. The job checks it has not ended (its `sourceKey` is cleared then).
   */
  async startAudioJob(movieId: string, version: string, now: Date): Promise<boolean> {
    const result = await this.assets
      .updateOne(byAudioJob(movieId, version), {
        $set: {
          'addedAudio.$.status': AddedAudioStatus.Processing,
          'addedAudio.$.progress': 0,
          'addedAudio.$.updatedAt': now,
          updatedAt: now,
        },
      })
      .exec();
    return result.matchedCount === 1;
  }

  async recordAudioProgress(movieId: string, version: string, progress: number, now: Date) {
    await this.assets
      .updateOne(byAudioJob(movieId, version), {
        $set: { 'addedAudio.$.progress': progress, 'addedAudio.$.updatedAt': now, updatedAt: now },
      })
      .exec();
  }

  /**
   * The track is stored: it plays from now, and the ready version is announced again (`announcedAt` cleared,
   * `readyAt` moved on) so the catalogue learns its language. False when the track or the title went meanwhile.
   */
  async audioReady(movieId: string, version: string, now: Date): Promise<boolean> {
    const result = await this.assets
      .updateOne(
        { ...byAudioJob(movieId, version), readyAt: { $ne: null } },
        {
          $set: {
            'addedAudio.$.status': AddedAudioStatus.Ready,
            'addedAudio.$.progress': 100,
            'addedAudio.$.error': null,
            'addedAudio.$.sourceKey': null,
            'addedAudio.$.updatedAt': now,
            readyAt: now,
            announcedAt: null,
            updatedAt: now,
          },
        },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** The track's transcode failed: shown with why, never played (a new upload of its language replaces it). */
  async audioFailed(movieId: string, version: string, reason: string, now: Date): Promise<void> {
    await this.assets
      .updateOne(byAudioJob(movieId, version), {
        $set: {
          'addedAudio.$.status': AddedAudioStatus.Failed,
          'addedAudio.$.error': reason,
          'addedAudio.$.sourceKey': null,
          'addedAudio.$.updatedAt': now,
          updatedAt: now,
        },
      })
      .exec();
  }

  /** A stored upload becomes the title's latest job (queued); an older pending upload is superseded. */
  queueUpload(movieId: string, pending: PendingUploadRecord, now: Date): Promise<StoredAsset> {
    return this.assets
      .findOneAndUpdate(
        byMovie(movieId),
        {
          $set: {
            status: AssetStatus.Queued,
            progress: 0,
            etaSeconds: null,
            error: null,
            source: 'upload',
            sourceName: pending.sourceName,
            pending,
            updatedAt: now,
          },
          $setOnInsert: { movieId },
        },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<StoredAsset>()
      .orFail()
      .exec();
  }

  /** Failed → queued again (retry); null when the latest job is not a failed one. */
  requeue(movieId: string, now: Date): Promise<StoredAsset | null> {
    return this.assets
      .findOneAndUpdate(
        { ...byMovie(movieId), status: AssetStatus.Failed, pending: { $ne: null } },
        { $set: { status: AssetStatus.Queued, progress: 0, etaSeconds: null, error: null, updatedAt: now } },
        { returnDocument: 'after' },
      )
      .lean<StoredAsset>()
      .exec();
  }

  /** Queued → processing for this job; false when a newer upload superseded it. */
  async startJob(movieId: string, version: string, now: Date): Promise<boolean> {
    const result = await this.assets
      .updateOne(byJob(movieId, version), {
        $set: { status: AssetStatus.Processing, progress: 0, etaSeconds: null, error: null, updatedAt: now },
      })
      .exec();
    return result.matchedCount === 1;
  }

  async recordProgress(
    movieId: string,
    version: string,
    progress: number,
    etaSeconds: number | null,
    now: Date,
  ) {
    await this.assets
      .updateOne(
        { ...byJob(movieId, version), status: AssetStatus.Processing },
        { $set: { progress, etaSeconds, updatedAt: now } },
      )
      .exec();
  }

  /**
   * The job's output becomes the playable version. Answers the version it replaced (its dir, to remove), or
   * null when this job was superseded meanwhile (its own output is then the one to remove).
   */
  async promote(
    movieId: string,
    version: string,
    media: ReadyMedia,
    now: Date,
  ): Promise<{ previousDir: string | null } | null> {
    const before = await this.assets
      .findOneAndUpdate(
        byJob(movieId, version),
        {
          $set: {
            ...media,
            status: AssetStatus.Ready,
            progress: 100,
            etaSeconds: 0,
            error: null,
            source: 'upload',
            pending: null,
            readyAt: now,
            announcedAt: null,
            updatedAt: now,
          },
        },
        { returnDocument: 'before' },
      )
      .lean<StoredAsset>()
      .exec();
    return before ? { previousDir: before.dir } : null;
  }

  async fail(movieId: string, version: string, reason: string, now: Date): Promise<void> {
    await this.assets
      .updateOne(byJob(movieId, version), {
        $set: { status: AssetStatus.Failed, etaSeconds: null, error: reason, updatedAt: now },
      })
      .exec();
  }

  /**
   * Seeded titles get a sample film, once each: inserts, in one unordered write, the ready asset of every title that
   * has none (an upload, or the sample of an earlier delivery, stays). Answers the titles' assets, whoever made them;
   * a title that lost an insert race to another delivery has the winner's. Read and inserted by `movieId` alone (the
   * unique index) rather than upserted with a filter: the embedded MongoDB-wire server uses an index only for a query
   * on exactly its keys, and scans the collection once per upsert otherwise.
   */
  async assignSamples(
    assignments: ReadonlyArray<{ movieId: string; media: ReadyMedia; sourceName: string }>,
    now: Date,
  ): Promise<StoredAsset[]> {
    if (assignments.length === 0) return [];
    const movieIds = assignments.map(({ movieId }) => movieId);
    const withAssets = () =>
      this.assets
        .find({ movieId: { $in: movieIds } })
        .lean<StoredAsset[]>()
        .exec();
    const present = new Set((await withAssets()).map(({ movieId }) => movieId));
    const missing = assignments.filter(({ movieId }) => !present.has(movieId));
    if (missing.length === 0) return withAssets();
    const records = missing.map(({ movieId, media, sourceName }) => ({
      movieId,
      ...media,
      status: AssetStatus.Ready,
      progress: 100,
      etaSeconds: null,
      error: null,
      source: 'sample' as const,
      sourceName,
      pending: null,
      readyAt: now,
      announcedAt: null,
      updatedAt: now,
    }));
    // A duplicate is a race another delivery won: its asset is read below like any other.
    await unlessDuplicate(this.assets.insertMany(records, { ordered: false }), null);
    return withAssets();
  }

  /** The title is gone from the catalogue: its record goes too. Returns whether there was one. */
  async remove(movieId: string): Promise<boolean> {
    const { deletedCount } = await this.assets.deleteOne(byMovie(movieId)).exec();
    return deletedCount > 0;
  }

  /**
   * Ready versions whose `media.ready` is not recorded as announced, made ready before `before` (their request died
   * or its publish failed), oldest first.
   */
  unannounced(before: Date, limit: number): Promise<StoredAsset[]> {
    return this.assets
      .find({ announcedAt: null, readyAt: { $ne: null, $lte: before } })
      .sort({ readyAt: 1 })
      .limit(limit)
      .lean<StoredAsset[]>()
      .exec();
  }

  /** `markAnnounced` for many titles made ready at the same moment (one batch's samples), in one write. */
  async markAnnouncedMany(movieIds: readonly string[], readyAt: Date, now: Date): Promise<number> {
    if (movieIds.length === 0) return 0;
    const result = await this.assets
      .updateMany(
        { movieId: { $in: [...movieIds] }, readyAt, announcedAt: null },
        { $set: { announcedAt: now } },
      )
      .exec();
    return result.modifiedCount;
  }

  /** Records that `media.ready` went out for the ready version; false when someone else recorded it first. */
  async markAnnounced(movieId: string, readyAt: Date, now: Date): Promise<boolean> {
    const result = await this.assets
      .updateOne({ ...byMovie(movieId), readyAt, announcedAt: null }, { $set: { announcedAt: now } })
      .exec();
    return result.modifiedCount === 1;
  }
}
