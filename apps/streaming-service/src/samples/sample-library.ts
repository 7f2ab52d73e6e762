import { text } from 'node:stream/consumers';
import { z } from 'zod';
import { AudioTrackSchema, RenditionSchema, SubtitleTrackSchema } from '@app/contracts';
import type { ReadyMedia } from '../media/assets.repository';
import { MediaLayout } from '../media/media-layout';
import type { MediaStore } from '../media/media-store';
import { languagesOfFilm } from './sample-speech';

/** The marker a finished sample leaves (`samples/{n}/sample.json`): its presence means "done", its content is the metadata. */
export const SampleMarkerSchema = z.object({
  n: z.number().int().positive(),
  name: z.string(),
  durationSeconds: z.number().nonnegative(),
  renditions: z.array(RenditionSchema),
  hasMp4: z.boolean(),
  hasTrickplay: z.boolean(),
  /** Issue 26: Hindi and English speech and subtitles. A marker without them is an older film, made again. */
  audioTracks: z.array(AudioTrackSchema).min(1),
  subtitleTracks: z.array(SubtitleTrackSchema),
  probe: z.record(z.string(), z.unknown()).nullable(),
});
export type SampleMarker = z.infer<typeof SampleMarkerSchema>;

export const SAMPLE_MARKER = 'sample.json';
export const sampleMarkerKey = (n: number) => `${MediaLayout.sampleDir(n)}/${SAMPLE_MARKER}`;

/** Reads a marker, or null when that sample is not (yet) there or is of an older layout (to be made again). */
export const readSampleMarker = async (store: MediaStore, n: number): Promise<SampleMarker | null> => {
  if ((await store.size(sampleMarkerKey(n))) === null) return null;
  const marker = SampleMarkerSchema.safeParse(JSON.parse(await text(store.read(sampleMarkerKey(n)))));
  if (!marker.success) return null;
  // A film made before it spoke every language it now speaks (Tamil, issue 26) is made again.
  const spoken = marker.data.audioTracks.map(({ language }) => language).join(',');
  return spoken ===
    languagesOfFilm(n)
      .map(({ language }) => language)
      .join(',')
    ? marker.data
    : null;
};

/** The samples present: 1, 2, … up to the first one missing. */
export const readSampleLibrary = async (store: MediaStore): Promise<SampleMarker[]> => {
  const samples: SampleMarker[] = [];
  for (let n = 1; ; n++) {
    const marker = await readSampleMarker(store, n);
    if (!marker) return samples;
    samples.push(marker);
  }
};

/** FNV-1a over the id: stable across processes and releases (unlike a random pick), spread well enough. */
const fnv1a = (value: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
};

/** Which of `count` samples a title plays (1-based). */
export const sampleFor = (movieId: string, count: number) => (fnv1a(movieId) % count) + 1;

export const readyMediaOf = (sample: SampleMarker): ReadyMedia => ({
  dir: MediaLayout.sampleDir(sample.n),
  durationSeconds: sample.durationSeconds,
  renditions: sample.renditions,
  hasMp4: sample.hasMp4,
  hasTrickplay: sample.hasTrickplay,
  audioTracks: sample.audioTracks,
  subtitleTracks: sample.subtitleTracks,
  // Written by our own generator from a MediaProbe (sample-generator.ts); the schema only checks it is an object.
  probe: sample.probe as ReadyMedia['probe'],
});
