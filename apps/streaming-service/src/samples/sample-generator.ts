import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Ffmpeg } from '../ffmpeg/ffmpeg.adapter';
import type { X264Preset } from '../ffmpeg/transcode-args';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { localPathOf } from '../ingest/transcode.service';
import type { FilmSize } from './sample-films';
import { FULL_HD, SAMPLE_FPS, sampleFilm } from './sample-films';
import type { SampleMarker } from './sample-library';
import { readSampleMarker } from './sample-library';

export type SampleOptions = {
  count: number;
  seconds: number;
  preset: X264Preset;
  size?: FilmSize;
  font?: string | null;
  /** Seconds of film rendered so far, of `count × seconds` (what is already there counts as done). */
  onProgress?: (doneSeconds: number) => void;
};

export type SampleReport = { generated: number; present: number };

/**
 * Renders and transcodes the sample films 1…count that are missing, straight from lavfi into the ladder (no
 * intermediate file: the samples exist only as HLS, MP4 and trickplay). Each is built in a scratch dir and
 * renamed into `samples/{n}` with its marker inside, so a crash or a concurrent run never leaves half a sample.
 */
export const generateSamples = async (
  store: MediaStore,
  ffmpeg: Ffmpeg,
  { count, seconds, preset, size = FULL_HD, font, onProgress }: SampleOptions,
): Promise<SampleReport> => {
  const report: SampleReport = { generated: 0, present: 0 };
  for (let n = 1; n <= count; n++) {
    const before = (n - 1) * seconds;
    if (await readSampleMarker(store, n)) {
      report.present++;
      onProgress?.(before + seconds);
      continue;
    }
    const film = sampleFilm(n, size, font);
    const finalDir = localPathOf(store, MediaLayout.sampleDir(n));
    const scratch = localPathOf(store, `samples/.building-${n}-${process.pid}`);
    try {
      const result = await ffmpeg.transcode(
        {
          kind: 'lavfi',
          video: film.video,
          audio: film.audio,
          durationSeconds: seconds,
          height: size.height,
          fps: SAMPLE_FPS,
        },
        scratch,
        { preset, onProgress: ({ percent }) => onProgress?.(before + (seconds * percent) / 100) },
      );
      const top = result.renditions[0];
      // The top rendition describes the film; a playlist's own size and bit rate would mislead.
      const probe = {
        ...(await ffmpeg.probe(path.join(scratch, 'hls', top, 'index.m3u8'))),
        sizeBytes: null,
        bitRate: null,
      };
      const marker: SampleMarker = {
        n,
        name: film.name,
        durationSeconds: probe.durationSeconds ?? result.durationSeconds,
        renditions: result.renditions,
        hasMp4: result.hasMp4,
        hasTrickplay: result.hasTrickplay,
        probe,
      };
      await writeFile(path.join(scratch, 'sample.json'), JSON.stringify(marker, null, 2));
      await rm(finalDir, { recursive: true, force: true });
      await rename(scratch, finalDir).catch(async (error: unknown) => {
        // Another run finished the same sample first: theirs stays.
        if (await readSampleMarker(store, n)) return;
        throw error;
      });
      report.generated++;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    onProgress?.(before + seconds);
  }
  return report;
};
