import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectEnv, Outbox } from '@app/server-core';
import type { Env } from '../env';
import { Ffmpeg, FfmpegError } from '../ffmpeg/ffmpeg.adapter';
import { AssetsRepository } from '../media/assets.repository';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';
import { mediaReadyEvent } from '../outbox/media-ready-markers';
import { throttledWriter } from './progress-throttle';

/** Progress reaches the asset record at most this often (the admin polls it). */
export const PROGRESS_INTERVAL_MS = 1_000;

/** Why a job failed, as the admin reads it: ffmpeg's own last words when it was ffmpeg. */
export const reasonOf = (error: unknown) =>
  error instanceof FfmpegError
    ? error.message
    : `transcode failed: ${error instanceof Error ? error.message : String(error)}`;

/**
 * One transcode job: probe and transcode the uploaded version into its own dir, report progress, then make it
 * the title's playable version (the previous one is removed after) and announce `media.ready`; or record why
 * it failed, keeping the upload so the job can be retried. ffmpeg works in a scratch dir: it reads the source
 * where the store gives it (the stored file itself locally, a download from object storage) and writes the tree
 * there, which is then stored under the version's dir (a rename locally, an upload to object storage) before
 * the asset is promoted, so delivery never sees half of it.
 */
@Injectable()
export class TranscodeService {
  private readonly logger = new Logger(TranscodeService.name);

  constructor(
    private readonly assets: AssetsRepository,
    private readonly ffmpeg: Ffmpeg,
    private readonly outbox: Outbox,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @InjectEnv() private readonly env: Env,
  ) {}

  async run({ movieId, version }: { movieId: string; version: string }, signal?: AbortSignal): Promise<void> {
    const pending = (await this.assets.findByMovie(movieId))?.pending;
    // Superseded by a newer upload before it started: nothing to do (the newer upload removed this source).
    if (!pending || pending.version !== version) return;
    if (!(await this.assets.startJob(movieId, version, new Date()))) return;

    const outKey = MediaLayout.uploadDir(movieId, version);
    const progress = throttledWriter(
      ({ percent, etaSeconds }: { percent: number; etaSeconds: number | null }) =>
        this.assets.recordProgress(movieId, version, percent, etaSeconds, new Date()),
      PROGRESS_INTERVAL_MS,
    );
    let durationSeconds: number;
    const scratch = await this.store.scratch();
    try {
      const source = await this.store.fetchFile(pending.sourceKey, scratch.dir);
      const outDir = path.join(scratch.dir, 'out');
      const result = await this.ffmpeg.transcode({ kind: 'file', path: source }, outDir, {
        preset: this.env.TRANSCODE_PRESET,
        onProgress: progress.offer,
        signal,
      });
      await this.store.putDirectory(outKey, outDir);
      await progress.flush();
      durationSeconds = result.durationSeconds;
      const promoted = await this.assets.promote(
        movieId,
        version,
        {
          dir: outKey,
          durationSeconds: result.durationSeconds,
          renditions: result.renditions,
          hasMp4: result.hasMp4,
          hasTrickplay: result.hasTrickplay,
          audioTracks: result.audioTracks,
          subtitleTracks: result.subtitleTracks,
          probe: result.probe,
        },
        new Date(),
      );
      if (!promoted) {
        await this.store.remove(outKey);
        return;
      }
      // Sample dirs are shared by many titles; only an upload's own old version goes.
      if (promoted.previousDir?.startsWith('uploads/') && promoted.previousDir !== outKey)
        await this.store.remove(promoted.previousDir);
      await this.store.remove(pending.sourceKey);
    } catch (error) {
      await progress.flush();
      // Shutting down: leave the job to BullMQ's stalled check rather than call it a failure.
      if (signal?.aborted) throw error;
      await this.store.remove(outKey);
      await this.assets.fail(movieId, version, reasonOf(error), new Date());
      throw error;
    } finally {
      await scratch.dispose();
    }
    // Marked by the promotion itself (`announcedAt` cleared): announced now, or by the relay if this process dies.
    const ready = await this.assets.findByMovie(movieId);
    const readyAt = ready?.readyAt;
    if (ready && readyAt) {
      await this.outbox.announceMarked(mediaReadyEvent(ready, readyAt), () =>
        this.assets.markAnnounced(movieId, readyAt, new Date()),
      );
    }
    this.logger.log({ msg: 'transcode ready', movieId, version, durationSeconds });
  }
}
