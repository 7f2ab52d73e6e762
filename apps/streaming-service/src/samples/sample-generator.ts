import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Ffmpeg } from '../ffmpeg/ffmpeg.adapter';
import type { X264Preset } from '../ffmpeg/transcode-args';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import type { FilmSize } from './sample-films';
import { FULL_HD, SAMPLE_FPS, sampleFilm } from './sample-films';
import type { SampleMarker } from './sample-library';
import { readSampleMarker, SAMPLE_MARKER } from './sample-library';
import { speakSampleFilm } from './sample-speech';

export type SampleOptions = {
  count: number;
  seconds: number;
  preset: X264Preset;
  size?: FilmSize;
  font?: string | null;
  /** espeak-ng's binary (tests point it elsewhere to see a failure). */
  espeak?: string;
  /** Seconds of film rendered so far, of `count × seconds` (what is already there counts as done). */
  onProgress?: (doneSeconds: number) => void;
};

export type SampleReport = { generated: number; present: number };

/**
 * Renders and transcodes the sample films 1…count that are missing, straight from lavfi into the ladder (no
 * intermediate file: the samples exist only as HLS, MP4 and trickplay). Each is built in a local scratch dir and
 * stored as `samples/{n}` with its marker (a rename on the local store; an upload to object storage, the marker
 * last), so a crash or a concurrent run never leaves a sample that looks done but is not.
 */
export const generateSamples = async (
  store: MediaStore,
  ffmpeg: Ffmpeg,
  { count, seconds, preset, size = FULL_HD, font, espeak, onProgress }: SampleOptions,
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
    const scratch = await store.scratch();
    try {
      const built = path.join(scratch.dir, 'sample');
      const spoken = await speakSampleFilm(n, seconds, scratch.dir, espeak);
      const result = await ffmpeg.transcode(
        {
          kind: 'lavfi',
          video: film.video,
          audio: spoken.map((track) => ({
            format: 'wav' as const,
            source: track.wavPath,
            track: track.audio,
          })),
          durationSeconds: seconds,
          height: size.height,
          fps: SAMPLE_FPS,
        },
        built,
        {
          preset,
          subtitles: spoken.map((track) => ({ track: track.subtitle, vttPath: track.vttPath })),
          onProgress: ({ percent }) => onProgress?.(before + (seconds * percent) / 100),
        },
      );
      const top = result.renditions[0];
      // The top rendition describes the film; a playlist's own size and bit rate would mislead.
      const probe = {
        ...(await ffmpeg.probe(path.join(built, 'hls', top, 'index.m3u8'), 'hls')),
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
        audioTracks: result.audioTracks,
        subtitleTracks: result.subtitleTracks,
        probe,
      };
      await writeFile(path.join(built, SAMPLE_MARKER), JSON.stringify(marker, null, 2));
      await store
        .putDirectory(MediaLayout.sampleDir(n), built, { last: [SAMPLE_MARKER] })
        .catch(async (error: unknown) => {
          // Another run finished the same sample first: theirs stays.
          if (await readSampleMarker(store, n)) return;
          throw error;
        });
      report.generated++;
    } finally {
      await scratch.dispose();
    }
    onProgress?.(before + seconds);
  }
  return report;
};
