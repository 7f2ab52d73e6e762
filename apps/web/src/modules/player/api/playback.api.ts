import type {
  ActiveStreams,
  HeartbeatReply,
  HeartbeatRequest,
  PlaybackPreview,
  PlaybackSession,
  StartPlaybackRequest,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';
import { config } from '@web/shared/config/config';

const HEARTBEAT_PATH = '/api/playback/heartbeat';

/** The playback HTTP API (issue 10), one function per call. The session client adds the viewer's token. */
export const playbackApi = {
  /** Before anything plays: the same refusals as `start` and where to resume, without taking a screen. */
  preview: (client: ApiClient, movieId: string, signal?: AbortSignal) =>
    client.get<PlaybackPreview>(`/api/playback/${encodeURIComponent(movieId)}`, { signal }),
  /** Takes a screen and signs the stream URLs: 403 without entitlement, 404 without media, 409 over the limit. */
  start: (client: ApiClient, movieId: string, body: StartPlaybackRequest, signal?: AbortSignal) =>
    client.post<PlaybackSession>(`/api/playback/${encodeURIComponent(movieId)}`, { body, signal }),
  /** Authenticated by the stream token in the body; no Authorization header, like the beacon. */
  heartbeat: (client: ApiClient, body: HeartbeatRequest) =>
    client.post<HeartbeatReply>(HEARTBEAT_PATH, { body, token: null }),
  /**
   * The same report from a page being hidden or closed: sendBeacon outlives the page. Falls back to an
   * ordinary call when the browser has no beacon or refuses to queue it.
   */
  heartbeatBeacon: (client: ApiClient, body: HeartbeatRequest) => {
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    const queued =
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(`${config.apiBaseUrl}${HEARTBEAT_PATH}`, blob);
    if (!queued)
      void client.post<HeartbeatReply>(HEARTBEAT_PATH, { body, token: null }).catch(() => undefined);
  },
  streams: (client: ApiClient, signal?: AbortSignal) =>
    client.get<ActiveStreams>('/api/playback/streams', { signal }),
  stopStream: (client: ApiClient, leaseId: string) =>
    client.delete<{ stopped: boolean }>(`/api/playback/streams/${encodeURIComponent(leaseId)}`),
} as const;
