import type { ListSeriesQuery } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The TV-show calls of the gateway (issue 13), one function per call. The session client adds the viewer's token. */
export const seriesApi = {
  /** `GET /api/series`: published series, one page at a time, with search, genre, access and sort. */
  list: (client: ApiClient, query: ListSeriesQuery, signal?: AbortSignal) =>
    client.call('GET /api/series', { query }, { signal }),
  genres: (client: ApiClient, signal?: AbortSignal) => client.call('GET /api/series/genres', {}, { signal }),
  /** The series with its seasons and their episodes in play order; drafts only for an admin's session. */
  get: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.call('GET /api/series/{id}', { params: { id } }, { signal }),
  /** What the player needs around an episode: the episode, its series and the next episode (null after the last). */
  episode: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.call('GET /api/episodes/{id}', { params: { id } }, { signal }),
  /** The viewer's progress in each episode of the series they started. */
  progress: (client: ApiClient, userId: string, seriesId: string, signal?: AbortSignal) =>
    client.call(
      'GET /api/users/{id}/series/{seriesId}/progress',
      { params: { id: userId, seriesId } },
      { signal },
    ),
} as const;
