import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { Outbox } from '@app/server-core';
import { FfmpegError } from '../ffmpeg/ffmpeg.adapter';
import type { TranscodeProgress } from '../ffmpeg/ffmpeg-progress';
import { AssetsRepository } from '../media/assets.repository';
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

/** What one kind of transcode (a title's video, an added audio track) does at each step of the shared loop. */
export type TranscodeSteps<R> = {
  movieId: string;
  /** The uploaded file, and where the finished tree is stored. */
  sourceKey: string;
  outKey: string;
  /** Claims the job on the asset record; false when it ended or another worker has it. */
  start: () => Promise<boolean>;
  /** Writes a progress sample to the record (throttled to PROGRESS_INTERVAL_MS here). */
  recordProgress: (progress: TranscodeProgress) => Promise<void>;
  /** ffmpeg's part: the fetched source (a local file) into a tree at `outDir`. */
  transcode: (
    source: string,
    outDir: string,
    options: { onProgress: (progress: TranscodeProgress) => void; signal?: AbortSignal },
  ) => Promise<R>;
  /**
   * Once the tree is stored under `outKey`: marks it ready on the record and removes what that leaves unused;
   * false when the job was overtaken (it removes the tree itself then) and nothing is to be announced.
   */
  complete: (result: R) => Promise<boolean>;
  /** After a failure, once the tree is removed: records why on the record (and removes what else is not kept). */
  fail: (reason: string) => Promise<void>;
};

/**
 * The job loop a video and an added audio track share: claim the job, fetch the source into a scratch dir,
 * let ffmpeg write the tree there with its progress on the record, store the tree under its own key before it is
 * marked ready (so delivery never sees half of it), then announce `media.ready`; or record why it failed.
 * On shutdown (`signal` aborted) a failure is left to BullMQ's stalled check rather than recorded.
 */
@Injectable()
export class TranscodeRunner {
  constructor(
    private readonly assets: AssetsRepository,
    private readonly outbox: Outbox,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  /** The transcode's result once it is ready and announced; null when the job was not started or was overtaken. */
  async run<R>(steps: TranscodeSteps<R>, signal?: AbortSignal): Promise<{ result: R } | null> {
    const { movieId, sourceKey, outKey } = steps;
    if (!(await steps.start())) return null;

    const progress = throttledWriter(steps.recordProgress, PROGRESS_INTERVAL_MS);
    let result: R;
    const scratch = await this.store.scratch();
    try {
      const source = await this.store.fetchFile(sourceKey, scratch.dir);
      const outDir = path.join(scratch.dir, 'out');
      result = await steps.transcode(source, outDir, { onProgress: progress.offer, signal });
      await this.store.putDirectory(outKey, outDir);
      await progress.flush();
      if (!(await steps.complete(result))) return null;
    } catch (error) {
      await progress.flush();
      // Shutting down: leave the job to BullMQ's stalled check rather than call it a failure.
      if (signal?.aborted) throw error;
      await this.store.remove(outKey);
      await steps.fail(reasonOf(error));
      throw error;
    } finally {
      await scratch.dispose();
    }
    // Marked by `complete` (`announcedAt` cleared): announced now, or by the relay if this process dies.
    const ready = await this.assets.findByMovie(movieId);
    const readyAt = ready?.readyAt;
    if (ready && readyAt) {
      await this.outbox.announceMarked(mediaReadyEvent(ready, readyAt), () =>
        this.assets.markAnnounced(movieId, readyAt, new Date()),
      );
    }
    return { result };
  }
}
