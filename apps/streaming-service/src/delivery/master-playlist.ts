import type { Rendition } from '@app/contracts';
import { isRendition } from '../playback/rendition-cap';

const URI_ATTRIBUTE = /URI="([^"]*)"/;

/** An audio or subtitle rendition's playlist (issue 26): every plan hears and reads every language. */
const TRACK_PLAYLIST = /^(audio|subs)\/[a-z]{2,3}\/index\.m3u8$/;

/** The rendition a playlist URI points into (`720p/index.m3u8` → 720p), or null for anything else. */
const renditionOf = (uri: string): Rendition | null => {
  const [first] = uri.split('/');
  return isRendition(first) ? first : null;
};

/**
 * The master playlist with only the variants of `allowed` (DECISIONS 26). A variant is its
 * `#EXT-X-STREAM-INF` line plus the URI line after it; tags naming a URI (`#EXT-X-MEDIA`,
 * `#EXT-X-I-FRAME-STREAM-INF`) stay only when that URI is in an allowed rendition, or is an audio or subtitle
 * rendition's playlist (no cap applies to them). Anything else is dropped: delivery would not serve it.
 */
export const filterMasterPlaylist = (text: string, allowed: ReadonlySet<Rendition>): string => {
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  const keeps = (uri: string) => {
    if (TRACK_PLAYLIST.test(uri.trim())) return true;
    const rendition = renditionOf(uri.trim());
    return rendition !== null && allowed.has(rendition);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      let next = i + 1;
      while (next < lines.length && lines[next].trim() === '') next++;
      if (next < lines.length && keeps(lines[next])) kept.push(line, lines[next]);
      i = next;
      continue;
    }
    const uri = line.startsWith('#') ? URI_ATTRIBUTE.exec(line) : null;
    if (uri && !keeps(uri[1])) continue;
    kept.push(line);
  }
  return kept.join('\n');
};
