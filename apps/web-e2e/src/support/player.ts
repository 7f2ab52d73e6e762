import type { Page } from 'playwright-core';
import type { HeartbeatReply, Movie, PlaybackSession } from '@app/contracts';
import { escapeRegExp } from './text';

/** The player in the browser and the stream links it fetches (issue 10, issue 22). */

/** The playing element (media-chrome's <hls-video>, or a plain <video> without MSE). */
export const media = (page: Page) => page.locator('hls-video, video').first();

export const currentTime = (page: Page) =>
  media(page).evaluate((element) => (element as HTMLMediaElement).currentTime);

/** Opens the title in the player page. */
export const watch = (page: Page, movie: Pick<Movie, 'id'>) => page.goto(`/video?movie=${movie.id}`);

/**
 * The player while it plays: media-chrome's region. The web app names it "Video player: {title}", but media-chrome
 * renames its controller "video player" as it connects, so in Chromium the name may be either.
 */
export const playerOf = (page: Page, title: string) =>
  page.getByRole('region', {
    name: new RegExp(`^video player(: ${escapeRegExp(title)})?$`, 'i'),
  });

/** Waits until the playhead has moved past `seconds` (frames are advancing). */
export const playsPast = async (page: Page, seconds: number, timeout = 30_000) =>
  page.waitForFunction(
    (at) => {
      const element = document.querySelector('hls-video, video') as HTMLMediaElement | null;
      return element !== null && !element.paused && element.currentTime > at;
    },
    seconds,
    { timeout },
  );

/** One response of the byte server (`/stream/...`) to the page, and when it came. */
export type StreamFetch = { url: string; token: string; status: number; at: number };

/**
 * What a page's player got from the system: the playback sessions it opened, every stream token it was given (by
 * the start and by heartbeats) with when each runs out, and every stream response.
 */
export type StreamTraffic = {
  sessions: PlaybackSession[];
  tokenExpiry: Map<string, number>;
  fetches: StreamFetch[];
};

const PATH_TOKEN = /\/stream\/t\/([^/?#]+)\//;

/** The stream token a `/stream/...` URL carries: in its path (HLS) or its `?token=` (MP4). */
export const tokenOf = (url: string): string =>
  PATH_TOKEN.exec(url)?.[1] ?? new URL(url).searchParams.get('token') ?? '';

/** Records the page's playback traffic from now on. */
export const recordStreamTraffic = (page: Page): StreamTraffic => {
  const traffic: StreamTraffic = { sessions: [], tokenExpiry: new Map(), fetches: [] };
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/stream/')) {
      traffic.fetches.push({
        url: response.url(),
        token: tokenOf(response.url()),
        status: response.status(),
        at: Date.now(),
      });
      return;
    }
    if (response.request().method() !== 'POST' || !pathname.startsWith('/api/playback/') || !response.ok())
      return;
    void response
      .json()
      .then((body: unknown) => {
        if (pathname === '/api/playback/heartbeat') {
          const reply = body as HeartbeatReply;
          if (reply.token && reply.expiresAt)
            traffic.tokenExpiry.set(reply.token, Date.parse(reply.expiresAt));
          return;
        }
        const session = body as PlaybackSession;
        traffic.sessions.push(session);
        traffic.tokenExpiry.set(session.token, Date.parse(session.expiresAt));
      })
      // A page closing mid-answer: nothing to record.
      .catch(() => undefined);
  });
  return traffic;
};

/**
 * The links a viewer could copy out of the player now: the master playlist and the newest media segment it was
 * served, each carrying the newest stream token the player was given (as its next request would).
 */
export const servedLinks = (traffic: StreamTraffic): { master: string; segment: string; token: string } => {
  const served = traffic.fetches.filter((fetch) => fetch.status === 200 || fetch.status === 206);
  const master = served.findLast((fetch) => new URL(fetch.url).pathname.endsWith('/master.m3u8'));
  const segment = served.findLast((fetch) => new URL(fetch.url).pathname.endsWith('.m4s'));
  const token = [...traffic.tokenExpiry.keys()].at(-1);
  if (!master || !segment || !token)
    throw new Error(`no master playlist, segment or token yet: ${traffic.fetches.length} stream responses`);
  const withNewest = (fetch: StreamFetch) => fetch.url.replace(fetch.token, token);
  return { master: withNewest(master), segment: withNewest(segment), token };
};

/** The status a stream link answers now, fetched as anyone holding it would (its body is not read). */
export const streamStatus = async (url: string): Promise<number> => {
  const response = await fetch(url);
  await response.body?.cancel();
  return response.status;
};

/**
 * Polls the links until every one answers 403 or `withinMs` passes; answers their last statuses and when they were
 * all refused (null if they were not).
 */
export const refusedWithin = async (
  urls: string[],
  withinMs: number,
): Promise<{ statuses: number[]; refusedAt: number | null }> => {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const statuses = await Promise.all(urls.map(streamStatus));
    if (statuses.every((status) => status === 403)) return { statuses, refusedAt: Date.now() };
    if (Date.now() > deadline) return { statuses, refusedAt: null };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
