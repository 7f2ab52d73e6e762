import type { Rendition } from '@app/contracts';
import { isRendition } from '../playback/rendition-cap';

/** A file of an asset's HLS tree, by the names media-layout.ts gives them (and nothing else). */
export type HlsFile =
  | { kind: 'master' }
  | { kind: 'variant'; rendition: Rendition }
  | { kind: 'init'; rendition: Rendition }
  | { kind: 'segment'; rendition: Rendition; name: string }
  /** A language's audio rendition: its playlist, init segment or a media segment (issue 26). */
  | { kind: 'audio'; language: string; name: string }
  /** A language's subtitles: the media playlist or the WebVTT file. */
  | { kind: 'subtitles'; language: string; name: string }
  | { kind: 'trickplay-index' }
  | { kind: 'trickplay-sheet'; name: string };

export type StreamRoute =
  | { kind: 'hls'; token: string; movieId: string; file: HlsFile }
  | { kind: 'mp4'; token: string | null; movieId: string }
  /** Under `/stream/t/` but no file we serve: 404 here rather than a trip through the app's router. */
  | { kind: 'unknown' };

// Only these characters can reach a file name, so `..`, `%2e`, `/` or a NUL never do.
// A token may carry its edge link after the signature (playback/edge-link.ts): six more `.`-separated fields.
const TOKEN = '([A-Za-z0-9_-]{1,1000}\\.[A-Za-z0-9_-]{1,100}(?:\\.[A-Za-z0-9_-]{1,40}){0,6})';
const MOVIE_ID = '([a-f0-9]{24})';
const HLS_PATH = new RegExp(`^/stream/t/${TOKEN}/${MOVIE_ID}/(.+)$`);
const MP4_PATH = new RegExp(`^/stream/${MOVIE_ID}$`);
const RENDITION_FILE = /^(1080p|720p|480p)\/(index\.m3u8|init\.mp4|seg_\d{5,6}\.m4s)$/;
const AUDIO_FILE = /^audio\/([a-z]{2,3})\/(index\.m3u8|init\.mp4|seg_\d{5,6}\.m4s)$/;
const SUBTITLE_FILE = /^subs\/([a-z]{2,3})\/(index\.m3u8|subs\.vtt)$/;
const TRICKPLAY_FILE = /^trickplay\/(thumbs\.vtt|sheet_\d{3,4}\.jpg)$/;

const hlsFile = (path: string): HlsFile | null => {
  if (path === 'master.m3u8') return { kind: 'master' };
  const rendition = RENDITION_FILE.exec(path);
  if (rendition && isRendition(rendition[1])) {
    const [, , file] = rendition;
    const name = rendition[1];
    if (file === 'index.m3u8') return { kind: 'variant', rendition: name };
    if (file === 'init.mp4') return { kind: 'init', rendition: name };
    return { kind: 'segment', rendition: name, name: file };
  }
  const audio = AUDIO_FILE.exec(path);
  if (audio) return { kind: 'audio', language: audio[1], name: audio[2] };
  const subtitles = SUBTITLE_FILE.exec(path);
  if (subtitles) return { kind: 'subtitles', language: subtitles[1], name: subtitles[2] };
  const trickplay = TRICKPLAY_FILE.exec(path);
  if (trickplay) {
    return trickplay[1] === 'thumbs.vtt'
      ? { kind: 'trickplay-index' }
      : { kind: 'trickplay-sheet', name: trickplay[1] };
  }
  return null;
};

/**
 * The delivery route of a request URL (path and query), or null when the URL is not delivery's (an upload,
 * `/stream/anything-else`): those go on to the next handler.
 */
export const parseStreamRoute = (url: string): StreamRoute | null => {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  if (path.startsWith('/stream/t/')) {
    const hls = HLS_PATH.exec(path);
    const file = hls ? hlsFile(hls[3]) : null;
    return hls && file ? { kind: 'hls', token: hls[1], movieId: hls[2], file } : { kind: 'unknown' };
  }
  const mp4 = MP4_PATH.exec(path);
  if (!mp4) return null;
  const token = question === -1 ? null : new URLSearchParams(url.slice(question + 1)).get('token');
  return { kind: 'mp4', token, movieId: mp4[1] };
};
