import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Outbox } from '@app/server-core';
import { Ffmpeg } from '../ffmpeg/ffmpeg.adapter';
import { AssetsRepository } from '../media/assets.repository';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';
import { mediaReadyEvent } from '../outbox/media-ready-markers';
import { throttledWriter } from './progress-throttle';
import { PROGRESS_INTERVAL_MS, reasonOf } from './transcode.service';

/**
 * One added audio track's job (issue 26), the way TranscodeService runs a video's: its file, fetched into a
 * scratch dir, becomes one HLS audio rendition as long as the title's video (progress on the track, polled by the
 * admin), stored under `tracks/{movieId}/audio/{language}` before the track is marked ready, so delivery never
 * lists half of it; then `media.ready` goes out again with the language. A failure is recorded on the track with
 * why, and nothing of it is kept (the admin uploads a file again).
 */
@Injectable()
export class AudioTranscodeService {
  private readonly logger = new Logger(AudioTranscodeService.name);

  constructor(
    private readonly assets: AssetsRepository,
    private readonly ffmpeg: Ffmpeg,
    private readonly outbox: Outbox,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async run({ movieId, version }: { movieId: string; version: string }, signal?: AbortSignal): Promise<void> {
    const asset = await this.assets.findByMovie(movieId);
    const track = asset?.addedAudio?.find((added) => added.version === version);
    // The title went, or the job ended before: nothing to do.
    if (!asset?.durationSeconds || !track?.sourceKey) return;
    if (!(await this.assets.startAudioJob(movieId, version, new Date()))) return;

    const { sourceKey, language } = track;
    const outKey = MediaLayout.addedAudio(movieId, language);
    const progress = throttledWriter(
      ({ percent }: { percent: number }) =>
        this.assets.recordAudioProgress(movieId, version, percent, new Date()),
      PROGRESS_INTERVAL_MS,
    );
    const scratch = await this.store.scratch();
    try {
      const source = await this.store.fetchFile(sourceKey, scratch.dir);
      // Checked on upload; read again with its container forced, as every later read of an upload is.
      const { container } = await this.ffmpeg.probeAudio(source);
      const outDir = path.join(scratch.dir, 'out');
      await this.ffmpeg.transcodeAudio(
        { source: { path: source, container }, outDir, durationSeconds: asset.durationSeconds },
        { onProgress: progress.offer, signal },
      );
      await this.store.putDirectory(outKey, outDir);
      await progress.flush();
      const ready = await this.assets.audioReady(movieId, version, new Date());
      if (!ready) await this.store.remove(outKey);
      await this.store.remove(sourceKey);
      if (!ready) return;
    } catch (error) {
      await progress.flush();
      // Shutting down: leave the job to BullMQ's stalled check rather than call it a failure.
      if (signal?.aborted) throw error;
      await this.store.remove(outKey);
      await this.store.remove(sourceKey);
      await this.assets.audioFailed(movieId, version, reasonOf(error), new Date());
      throw error;
    } finally {
      await scratch.dispose();
    }
    // Marked by audioReady (`announcedAt` cleared): announced now, or by the relay if this process dies.
    const ready = await this.assets.findByMovie(movieId);
    const readyAt = ready?.readyAt;
    if (ready && readyAt) {
      await this.outbox.announceMarked(mediaReadyEvent(ready, readyAt), () =>
        this.assets.markAnnounced(movieId, readyAt, new Date()),
      );
    }
    this.logger.log({ msg: 'audio track ready', movieId, language, version });
  }
}
