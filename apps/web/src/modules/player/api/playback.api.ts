import { PlaybackRoutes } from '@app/contracts';
import type { HeartbeatRequest, StartPlaybackRequest } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';
import { config } from '@web/shared/config/config';

/** The playback HTTP API (issue 10), one function per call. The session client adds the viewer's token. */
export const playbackApi = {
  /** Before anything plays: the same refusals as `start` and where to resume, without taking a screen. */
  preview: (client: ApiClient, movieId: string, signal?: AbortSignal) =>
    client.call('GET /api/playback/{id}', { params: { id: movieId } }, { signal }),
  /** Takes a screen and signs the stream URLs: 403 without entitlement, 404 without media, 409 over the limit. */
  start: (client: ApiClient, movieId: string, body: StartPlaybackRequest, signal?: AbortSignal) =>
    client.call('POST /api/playback/{id}', { params: { id: movieId }, body }, { signal }),
  /** Authenticated by the stream token in the body; no Authorization header, like the beacon. */
  heartbeat: (client: ApiClient, body: HeartbeatRequest) =>
    client.call('POST /api/playback/heartbeat', { body }, { token: null }),
  /**
   * The same report from a page being hidden or closed: sendBeacon outlives the page (it stays outside the client,
   * which cannot send one; the path is the route's own). Falls back to an ordinary call when the browser has no
   * beacon or refuses to queue it.
   */
  heartbeatBeacon: (client: ApiClient, body: HeartbeatRequest) => {
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    const queued =
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(`${config.apiBaseUrl}${PlaybackRoutes.heartbeat.path}`, blob);
    if (!queued)
      void client.call('POST /api/playback/heartbeat', { body }, { token: null }).catch(() => undefined);
  },
  streams: (client: ApiClient, signal?: AbortSignal) =>
    client.call('GET /api/playback/streams', {}, { signal }),
  stopStream: (client: ApiClient, leaseId: string) =>
    client.call('DELETE /api/playback/streams/{leaseId}', { params: { leaseId } }),
} as const;
