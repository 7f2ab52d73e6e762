/**
 * Stream links live with their lease (DECISIONS 35): a token lasts about two minutes and each heartbeat of a live
 * lease answers a fresh one, which every later request carries. The token sits in two places of the URLs the
 * streaming side signs: the path segment `/stream/t/{token}/` (the playlists and everything they name
 * relatively: variants, segments, trickplay sprites) and the MP4's `?token=`.
 */
const PATH_TOKEN = /\/stream\/t\/[^/?#]+\//;
const QUERY_TOKEN = /([?&]token=)[^&#]*/;

/** `url` carrying `token` instead of the one it carries; a URL without a token comes back as it is. */
export const withToken = (url: string, token: string): string => {
  if (PATH_TOKEN.test(url)) return url.replace(PATH_TOKEN, `/stream/t/${token}/`);
  return url.replace(QUERY_TOKEN, (_match, key: string) => `${key}${encodeURIComponent(token)}`);
};

/** The newest token of a playback and when it runs out. */
export type StreamToken = { token: string; expiresAt: string };

/** What hls.js is given so that each request it makes (playlists, segments) carries the newest token. */
export type TokenSwapConfig = { xhrSetup: (xhr: XMLHttpRequest, url: string) => void };

/**
 * hls.js opens no request its `xhrSetup` opened already, so opening it here with the swapped URL is how its
 * requests are rewritten: relative URIs keep resolving against the first playlist URL, whose token is old.
 */
export const tokenSwapConfig = (currentToken: () => string): TokenSwapConfig => ({
  xhrSetup: (xhr, url) => xhr.open('GET', withToken(url, currentToken()), true),
});

/** A token within this of its end is replaced in the URLs a browser fetches by itself (the trickplay index). */
export const TOKEN_REFRESH_MARGIN_MS = 45_000;

/** Whether a URL carrying a token that runs out at `expiresAt` should take the newest one now. */
export const tokenRunningOut = (expiresAt: string, now: number): boolean =>
  Date.parse(expiresAt) - now <= TOKEN_REFRESH_MARGIN_MS;
