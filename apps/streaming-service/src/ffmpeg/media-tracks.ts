import type { AudioTrack, SubtitleTrack } from '@app/contracts';
import { trackLanguageName } from '@app/contracts';
import type { MediaProbe } from './media-probe';

/**
 * Audio and subtitle renditions in the HLS tree (issue 26): video-only variants name one audio group and one
 * subtitle group; each audio language is its own fMP4 rendition, each subtitle language one WebVTT file with
 * its one-segment media playlist.
 *
 *   hls/audio/{language}/index.m3u8, init.mp4, seg_00001.m4s
 *   hls/subs/{language}/index.m3u8, subs.vtt
 */
export const AUDIO_GROUP = 'aud';
export const SUBTITLE_GROUP = 'subs';
export const audioDir = (language: string) => `audio/${language}`;
export const subtitleDir = (language: string) => `subs/${language}`;
export const SUBTITLE_FILE = 'subs.vtt';

/** An audio rendition to encode: the ffmpeg stream it comes from (`1:a:0`, `0:a:2`) and how it is labelled. */
export type AudioRendition = { input: string; track: AudioTrack };

/** ISO 639-2 tags as containers carry them (`hin`) to the ISO 639-1 codes HLS and browsers use (`hi`). */
const ISO_639_1: Readonly<Record<string, string>> = {
  hin: 'hi',
  eng: 'en',
  tam: 'ta',
  tel: 'te',
  ben: 'bn',
  mar: 'mr',
  kan: 'kn',
  mal: 'ml',
  guj: 'gu',
  pan: 'pa',
  urd: 'ur',
};

/** A container's language tag as a track language: `hin` → `hi`, `en-US` → `en`; untagged or unreadable → `und`. */
export const languageOfTag = (tag: string | null | undefined): string => {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  const code = ISO_639_1[base] ?? base;
  return /^[a-z]{2,3}$/.test(code) ? code : 'und';
};

/**
 * Every audio stream of an upload as a rendition, labelled by its language tag; the first is the default. Two
 * streams of one language (a commentary beside the dialogue) would share a directory: the first one stays.
 */
export const audioRenditionsOf = (probe: MediaProbe): AudioRendition[] => {
  const seen = new Set<string>();
  const renditions: AudioRendition[] = [];
  probe.audioStreams.forEach((stream, order) => {
    const language = languageOfTag(stream.language);
    if (seen.has(language)) return;
    seen.add(language);
    renditions.push({
      input: `0:a:${order}`,
      track: { language, name: trackLanguageName(language), isDefault: renditions.length === 0 },
    });
  });
  return renditions;
};

/** A quoted-string attribute value of a playlist tag (RFC 8216 §4.2: no `"`, CR or LF inside). */
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, "'")}"`;
const yesNo = (value: boolean) => (value ? 'YES' : 'NO');
/** Apple's characteristics for captions for the deaf and hard of hearing (players tag them "CC" / "SDH"). */
const CC_CHARACTERISTICS =
  'public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound';

/** The `EXT-X-MEDIA` lines of a title's tracks (audio first, then subtitles). */
export const mediaLines = (audio: readonly AudioTrack[], subtitles: readonly SubtitleTrack[]): string[] => [
  ...audio.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",LANGUAGE="${track.language}",NAME=${quoted(track.name)},` +
      `DEFAULT=${yesNo(track.isDefault)},AUTOSELECT=YES,CHANNELS="2",URI="${audioDir(track.language)}/index.m3u8"`,
  ),
  ...subtitles.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",LANGUAGE="${track.language}",NAME=${quoted(track.name)},` +
      `DEFAULT=${yesNo(track.isDefault)},AUTOSELECT=YES,FORCED=NO` +
      `${track.cc ? `,CHARACTERISTICS="${CC_CHARACTERISTICS}"` : ''},URI="${subtitleDir(track.language)}/index.m3u8"`,
  ),
];

/** AAC-LC, what every audio rendition is (transcode-args.ts AAC_STEREO), as CODECS names it. */
const AAC_CODEC = 'mp4a.40.2';

/**
 * A variant's `EXT-X-STREAM-INF` naming our audio group (when there is audio) and subtitle group (when there are
 * subtitles) and nothing else; a variant that gains audio (a silent version with an added track) gains its codec.
 */
const withGroups = (line: string, hasAudio: boolean, hasSubtitles: boolean): string => {
  const attributes = line
    .slice('#EXT-X-STREAM-INF:'.length)
    .split(/,(?=[A-Z-]+=)/)
    .filter((attribute) => !/^(AUDIO|SUBTITLES)=/.test(attribute))
    .map((attribute) =>
      hasAudio && attribute.startsWith('CODECS="') && !attribute.includes('mp4a.')
        ? attribute.replace(/"$/, `,${AAC_CODEC}"`)
        : attribute,
    );
  if (hasAudio) attributes.push(`AUDIO="${AUDIO_GROUP}"`);
  if (hasSubtitles) attributes.push(`SUBTITLES="${SUBTITLE_GROUP}"`);
  return `#EXT-X-STREAM-INF:${attributes.join(',')}`;
};

/** `lines` with every variant naming the groups it has lines of, and those lines ahead of the first variant. */
const assemble = (
  lines: readonly string[],
  audioLines: readonly string[],
  subtitleLines: readonly string[],
): string => {
  const first = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const variants = lines.map((line) =>
    line.startsWith('#EXT-X-STREAM-INF:')
      ? withGroups(line, audioLines.length > 0, subtitleLines.length > 0)
      : line,
  );
  if (first === -1) return variants.join('\n');
  return [...variants.slice(0, first), ...audioLines, ...subtitleLines, ...variants.slice(first)].join('\n');
};

const TRACK_LINE = /^#EXT-X-MEDIA:TYPE=(AUDIO|SUBTITLES),/;

/**
 * ffmpeg's master playlist with our labels: its own `EXT-X-MEDIA` lines (named `audio_2`, no AUTOSELECT) are
 * replaced by ours, and every variant names our audio group (when there is audio) and subtitle group (when
 * there are subtitles).
 */
export const finishMaster = (
  text: string,
  audio: readonly AudioTrack[],
  subtitles: readonly SubtitleTrack[],
): string =>
  assemble(
    text
      .split(/\r?\n/)
      // ffmpeg also lists a lone audio rendition as an audio-only variant: players would pick it on a slow link.
      .filter((line, i, all) => !(line.startsWith('#EXT-X-STREAM-INF:') && all[i + 1]?.startsWith('audio/')))
      .filter((line) => !line.startsWith('#EXT-X-MEDIA:') && !line.startsWith('audio/')),
    mediaLines(audio, []),
    mediaLines([], subtitles),
  );

/**
 * A stored master playlist with the title's tracks as they are now (an admin added subtitles or an audio track:
 * delivery writes this): the audio lines are replaced by `audio` and the subtitle lines by `subtitles` when given,
 * the stored ones kept otherwise; every variant names the groups there are lines of.
 */
export const withTracks = (
  text: string,
  { audio, subtitles }: { audio?: readonly AudioTrack[]; subtitles?: readonly SubtitleTrack[] },
): string => {
  const lines = text.split(/\r?\n/);
  const stored = (type: 'AUDIO' | 'SUBTITLES') =>
    lines.filter((line) => line.startsWith(`#EXT-X-MEDIA:TYPE=${type},`));
  return assemble(
    lines.filter((line) => !TRACK_LINE.test(line)),
    audio ? mediaLines(audio, []) : stored('AUDIO'),
    subtitles ? mediaLines([], subtitles) : stored('SUBTITLES'),
  );
};

/** The media playlist of a WebVTT file that covers the whole film (one segment). */
export const subtitlePlaylist = (durationSeconds: number): string =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(durationSeconds))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${durationSeconds.toFixed(3)},`,
    SUBTITLE_FILE,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
