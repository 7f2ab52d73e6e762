/** Where the byte server answers (delivery/stream-route.ts parses exactly these shapes). */
export const STREAM_PREFIX = '/stream';

/** The token sits in the path so every relative URI of the playlists (variants, segments) inherits it. */
export const hlsBaseUrl = (token: string, movieId: string) => `${STREAM_PREFIX}/t/${token}/${movieId}`;

export const StreamUrls = {
  master: (token: string, movieId: string) => `${hlsBaseUrl(token, movieId)}/master.m3u8`,
  trickplay: (token: string, movieId: string) => `${hlsBaseUrl(token, movieId)}/trickplay/thumbs.vtt`,
  /** SPEC's `GET /stream/{movieId}`: the faststart MP4, token in the query string. */
  mp4: (token: string, movieId: string) => `${STREAM_PREFIX}/${movieId}?token=${encodeURIComponent(token)}`,
} as const;
