import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { Ffmpeg } from '../ffmpeg/ffmpeg.adapter';
import { AssetsRepository } from '../media/assets.repository';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';
import { TranscodeRunner } from './transcode.runner';

/**
 * One transcode job, in TranscodeRunner's loop: probe and transcode the uploaded version into its own dir, then
 * make it the title's playable version (the previous one is removed after); or record why it failed, keeping the
 * upload so the job can be retried. ffmpeg reads the source where the store gives it (the stored file itself
 * locally, a download from object storage).
 */
@Injectable()
export class TranscodeService {
  private readonly logger = new Logger(TranscodeService.name);

  constructor(
    private readonly assets: AssetsRepository,
    private readonly ffmpeg: Ffmpeg,
    private readonly runner: TranscodeRunner,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @InjectEnv() private readonly env: Env,
  ) {}

  async run({ movieId, version }: { movieId: string; version: string }, signal?: AbortSignal): Promise<void> {
    const pending = (await this.assets.findByMovie(movieId))?.pending;
    // Superseded by a newer upload before it started: nothing to do (the newer upload removed this source).
    if (!pending || pending.version !== version) return;

    const outKey = MediaLayout.uploadDir(movieId, version);
    const done = await this.runner.run(
      {
        movieId,
        sourceKey: pending.sourceKey,
        outKey,
        start: () => this.assets.startJob(movieId, version, new Date()),
        recordProgress: ({ percent, etaSeconds }) =>
          this.assets.recordProgress(movieId, version, percent, etaSeconds, new Date()),
        transcode: (source, outDir, { onProgress, signal }) =>
          this.ffmpeg.transcode({ kind: 'file', path: source }, outDir, {
            preset: this.env.TRANSCODE_PRESET,
            onProgress,
            signal,
          }),
        complete: async (result) => {
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
            return false;
          }
          // Sample dirs are shared by many titles; only an upload's own old version goes.
          if (promoted.previousDir?.startsWith('uploads/') && promoted.previousDir !== outKey)
            await this.store.remove(promoted.previousDir);
          await this.store.remove(pending.sourceKey);
          return true;
        },
        fail: (reason) => this.assets.fail(movieId, version, reason, new Date()),
      },
      signal,
    );
    if (done)
      this.logger.log({
        msg: 'transcode ready',
        movieId,
        version,
        durationSeconds: done.result.durationSeconds,
      });
  }
}
