import { Inject, Injectable, Logger } from '@nestjs/common';
import { Ffmpeg } from '../ffmpeg/ffmpeg.adapter';
import { AssetsRepository } from '../media/assets.repository';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';
import { TranscodeRunner } from './transcode.runner';

/**
 * One added audio track's job (issue 26), in the TranscodeRunner loop a video's runs in: its file becomes one HLS
 * audio rendition as long as the title's video (progress on the track, polled by the admin), stored under
 * `tracks/{movieId}/audio/{language}` before the track is marked ready; then `media.ready` goes out again with
 * the language. A failure is recorded on the track with why, and nothing of it is kept (the admin uploads a file
 * again).
 */
@Injectable()
export class AudioTranscodeService {
  private readonly logger = new Logger(AudioTranscodeService.name);

  constructor(
    private readonly assets: AssetsRepository,
    private readonly ffmpeg: Ffmpeg,
    private readonly runner: TranscodeRunner,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async run({ movieId, version }: { movieId: string; version: string }, signal?: AbortSignal): Promise<void> {
    const asset = await this.assets.findByMovie(movieId);
    const track = asset?.addedAudio?.find((added) => added.version === version);
    // The title went, or the job ended before: nothing to do.
    if (!asset?.durationSeconds || !track?.sourceKey) return;

    const { sourceKey, language } = track;
    const { durationSeconds } = asset;
    const outKey = MediaLayout.addedAudio(movieId, language);
    const done = await this.runner.run(
      {
        movieId,
        sourceKey,
        outKey,
        start: () => this.assets.startAudioJob(movieId, version, new Date()),
        recordProgress: ({ percent }) =>
          this.assets.recordAudioProgress(movieId, version, percent, new Date()),
        transcode: async (source, outDir, options) => {
          // Checked on upload; read again with its container forced, as every later read of an upload is.
          const { container } = await this.ffmpeg.probeAudio(source);
          await this.ffmpeg.transcodeAudio(
            { source: { path: source, container }, outDir, durationSeconds },
            options,
          );
        },
        complete: async () => {
          const ready = await this.assets.audioReady(movieId, version, new Date());
          if (!ready) await this.store.remove(outKey);
          await this.store.remove(sourceKey);
          return ready;
        },
        fail: async (reason) => {
          await this.store.remove(sourceKey);
          await this.assets.audioFailed(movieId, version, reason, new Date());
        },
      },
      signal,
    );
    if (done) this.logger.log({ msg: 'audio track ready', movieId, language, version });
  }
}
