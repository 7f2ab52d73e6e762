import type { AudioTrack, Rendition, SubtitleTrack } from '@app/contracts';

const incomingOf = (movieId: string) => `incoming/${movieId}`;
const uploadsOf = (movieId: string) => `uploads/${movieId}`;
const tracksOf = (movieId: string) => `tracks/${movieId}`;

/**
 * The one layout of a transcoded asset inside the media store. An asset lives in a directory (its `dir`):
 * `samples/{n}` for the generated sample films shared by seeded titles, `uploads/{movieId}/{version}` for an
 * admin's upload. The pipeline writes these names; delivery serves only these names.
 *
 *   {dir}/hls/master.m3u8                 master playlist (CODECS, RESOLUTION, BANDWIDTH per rendition)
 *   {dir}/hls/{rendition}/index.m3u8      variant playlist (fMP4, 2 s segments since issue 29, 4 s before; VOD)
 *   {dir}/hls/{rendition}/init.mp4        fMP4 init segment
 *   {dir}/hls/{rendition}/seg_00001.m4s   media segments (video only since issue 26; muxed with sound before)
 *   {dir}/hls/audio/{language}/…          an audio rendition: index.m3u8, init.mp4, seg_00001.m4s
 *   {dir}/hls/subs/{language}/…           a subtitle rendition: index.m3u8 (one segment), subs.vtt
 *   {dir}/video.mp4                       faststart MP4, 480p (within every plan's cap)
 *   {dir}/trickplay/thumbs.vtt            WebVTT index: `sheet_000.jpg#xywh=x,y,w,h` per 10 s
 *   {dir}/trickplay/sheet_000.jpg         sprite sheets of 320 px frames, 10 × 10
 *
 * Tracks an admin adds to a title (issue 26) are the title's, apart from any version (kept across new ones):
 *   tracks/{movieId}/audio/{language}/…   an audio rendition, as `hls/audio/{language}` (delivery serves it there)
 *   tracks/{movieId}/subs/{language}/…    subtitles, as `hls/subs/{language}`
 */
export const MediaLayout = {
  master: (dir: string) => `${dir}/hls/master.m3u8`,
  hlsDir: (dir: string) => `${dir}/hls`,
  variant: (dir: string, rendition: Rendition) => `${dir}/hls/${rendition}/index.m3u8`,
  renditionDir: (dir: string, rendition: Rendition) => `${dir}/hls/${rendition}`,
  mp4: (dir: string) => `${dir}/video.mp4`,
  trickplayVtt: (dir: string) => `${dir}/trickplay/thumbs.vtt`,
  trickplayDir: (dir: string) => `${dir}/trickplay`,
  uploadSource: (movieId: string, version: string) => `${incomingOf(movieId)}/${version}`,
  uploadDir: (movieId: string, version: string) => `${uploadsOf(movieId)}/${version}`,
  /** Every uploaded source of a title (a version not yet transcoded, or kept for a retry). */
  incomingOf,
  /** Every transcoded version of a title's uploads. */
  uploadsOf,
  sampleDir: (n: number) => `samples/${n}`,
  /** A title's own subtitles in one language, added by an admin (issue 26): `index.m3u8` and `subs.vtt`. */
  addedSubtitles: (movieId: string, language: string) => `${tracksOf(movieId)}/subs/${language}`,
  /** A title's own audio rendition in one language, added by an admin (issue 26): as `hls/audio/{language}`. */
  addedAudio: (movieId: string, language: string) => `${tracksOf(movieId)}/audio/${language}`,
  /** Every track an admin added to a title. */
  tracksOf,
} as const;

/** What delivery needs to know of a playable asset (assets.repository.ts `findPlayable`). */
export type PlayableAsset = {
  movieId: string;
  dir: string;
  renditions: Rendition[];
  durationSeconds: number | null;
  hasMp4: boolean;
  hasTrickplay: boolean;
  /** Every audio rendition: the version's own, then the ones an admin added that are ready. */
  audioTracks: AudioTrack[];
  /** Every subtitle rendition: the version's own, and the ones an admin added (which win by language). */
  subtitleTracks: SubtitleTrack[];
  /** The languages whose files are the admin's (MediaLayout.addedSubtitles). */
  addedSubtitles: string[];
  /** The languages of the admin's ready audio tracks (MediaLayout.addedAudio); `audioTracks` lists them too. */
  addedAudio: string[];
};
