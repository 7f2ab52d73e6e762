import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { MediaAsset } from '@app/contracts';
import { AddedAudioStatus, ErrorCode, StreamingMessages, trackLanguageName } from '@app/contracts';
import { AppError, InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { Ffmpeg } from '../ffmpeg/ffmpeg.adapter';
import { isPlayableVideo } from '../ffmpeg/media-probe';
import { audioTrackConflict } from '../media/added-audio';
import { toMediaAsset } from '../media/asset.mapper';
import { AssetsRepository } from '../media/assets.repository';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';
import { audioTrackProblem } from './audio-track-file';
import { byteLimit, TooLargeError } from './byte-limit';
import { TranscodeQueue } from './transcode.queue';
import type { UploadPurpose } from './upload-ticket';
import { UploadTicketsService } from './upload-tickets.service';

export type IncomingUpload = {
  ticket: string;
  body: Readable;
  /** Content-Length, when the client sent one. */
  declaredBytes: number | null;
  /** The file's name on the admin's machine (shown on the dashboard). */
  sourceName: string | null;
};

type AudioPurpose = Extract<UploadPurpose, { kind: 'audio' }>;

const tooLarge = () => new AppError(ErrorCode.PayloadTooLarge, StreamingMessages.tooLarge);
/**
 * Every refusal of what a file holds, the same 400 with the same words: nothing about why (a file named in a
 * playlist that exists or not, a codec, a parse error) leaves the service.
 */
const notVideo = () => new AppError(ErrorCode.ValidationFailed, StreamingMessages.notVideo);
const refusedAudio = (message: string) => new AppError(ErrorCode.ValidationFailed, message);
const audioConflict = (message: string) => new AppError(ErrorCode.Conflict, message);

/** Sortable and unique: versions of one title order by upload time. */
const newVersion = (now: Date) => `${now.getTime().toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * An admin's upload, on a ticket good for one upload: streamed to a scratch file (never held in memory, cut off
 * past UPLOAD_MAX_BYTES), probed there (an allowed container before anything else: Ffmpeg.probeVideo, or
 * Ffmpeg.probeAudio for an audio track), stored under a fresh version (a rename on the local store, an upload to
 * object storage: a refused file never reaches the bucket), and queued for transcoding. Anything refused leaves no
 * file behind.
 */
@Injectable()
export class UploadService {
  constructor(
    private readonly tickets: UploadTicketsService,
    private readonly assets: AssetsRepository,
    private readonly queue: TranscodeQueue,
    private readonly ffmpeg: Ffmpeg,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @InjectEnv() private readonly env: Env,
  ) {}

  async receive({ ticket, body, declaredBytes, sourceName }: IncomingUpload): Promise<MediaAsset> {
    const { movieId, purpose } = await this.tickets.redeem(ticket);
    if (declaredBytes !== null && declaredBytes > this.env.UPLOAD_MAX_BYTES) throw tooLarge();
    // Refused before its bytes are read: the title stopped playing, or its language came meanwhile.
    const videoSeconds = purpose.kind === 'audio' ? await this.audioFits(movieId, purpose.language) : 0;
    const now = new Date();
    const version = newVersion(now);
    const sourceKey = MediaLayout.uploadSource(movieId, version);
    const scratch = await this.store.scratch();
    try {
      const file = await this.receiveFile(body, scratch.dir);
      if (purpose.kind === 'audio') await this.checkAudio(file, videoSeconds);
      else await this.checkVideo(file);
      await this.store.putFile(sourceKey, file);
    } finally {
      await scratch.dispose();
    }
    if (purpose.kind === 'audio') return this.queueAudio(movieId, purpose, version, sourceKey, now);
    const previous = (await this.assets.findByMovie(movieId))?.pending;
    const asset = await this.assets.queueUpload(movieId, { version, sourceKey, sourceName }, now);
    // The upload this one supersedes will never play: its job skips itself, its file goes now.
    if (previous && previous.version !== version) await this.store.remove(previous.sourceKey);
    await this.queue.enqueue({ movieId, version });
    return toMediaAsset(asset);
  }

  /** The body to `{dir}/source`, cut off past UPLOAD_MAX_BYTES. */
  private async receiveFile(body: Readable, dir: string): Promise<string> {
    const file = path.join(dir, 'source');
    const writer = createWriteStream(file);
    try {
      await pipeline(body, byteLimit(this.env.UPLOAD_MAX_BYTES), writer);
    } catch (error) {
      // The pipeline rejects on the first error; the file may still be closing (then the scratch dir goes).
      if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
      if (error instanceof TooLargeError) throw tooLarge();
      throw new AppError(ErrorCode.ValidationFailed, StreamingMessages.uploadInterrupted);
    }
    return file;
  }

  private async checkVideo(file: string): Promise<void> {
    const video = await this.ffmpeg.probeVideo(file).catch(() => null);
    if (!video || !isPlayableVideo(video.probe)) throw notVideo();
  }

  /** The video's length when an audio track in `language` may be added to the title; 409 otherwise. */
  private async audioFits(movieId: string, language: string): Promise<number> {
    const asset = await this.assets.findByMovie(movieId);
    const conflict = audioTrackConflict(asset, language);
    if (conflict) throw audioConflict(conflict);
    return asset?.durationSeconds ?? 0;
  }

  /** One audio stream, as long as the video: 400 with what to fix otherwise. */
  private async checkAudio(file: string, videoSeconds: number): Promise<void> {
    const audio = await this.ffmpeg.probeAudio(file).catch(() => null);
    if (!audio) throw refusedAudio(StreamingMessages.notAudio);
    const problem = audioTrackProblem(audio.probe, videoSeconds);
    if (problem) throw refusedAudio(problem);
  }

  /** The stored file joins the title's tracks, queued; a race lost to another file of its language removes it. */
  private async queueAudio(
    movieId: string,
    { language, label }: AudioPurpose,
    version: string,
    sourceKey: string,
    now: Date,
  ): Promise<MediaAsset> {
    const asset = await this.assets.queueAudio(movieId, {
      language,
      name: label ?? trackLanguageName(language),
      status: AddedAudioStatus.Queued,
      progress: 0,
      error: null,
      version,
      sourceKey,
      updatedAt: now,
    });
    if (!asset) {
      await this.store.remove(sourceKey);
      throw audioConflict(
        audioTrackConflict(await this.assets.findByMovie(movieId), language) ??
          StreamingMessages.audioLanguageTaken,
      );
    }
    await this.queue.enqueue({ movieId, version, kind: 'audio' });
    return toMediaAsset(asset);
  }
}
