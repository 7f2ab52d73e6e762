import type {
  AdminSeriesQuery,
  EpisodeInput,
  EpisodeUpdate,
  SeasonInput,
  SeasonUpdate,
  SeriesInput,
  SeriesUpdate,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The catalogue's admin calls for TV shows (issue 13); the session client adds the admin's token. */
export const adminSeriesApi = {
  list: (client: ApiClient, query: AdminSeriesQuery, signal?: AbortSignal) =>
    client.call('GET /api/admin/series', { query }, { signal }),
  /** The public detail route: an admin's token also sees drafts. */
  detail: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.call('GET /api/series/{id}', { params: { id } }, { signal }),
  create: (client: ApiClient, body: SeriesInput) => client.call('POST /api/admin/series', { body }),
  update: (client: ApiClient, id: string, body: SeriesUpdate) =>
    client.call('PUT /api/admin/series/{id}', { params: { id }, body }),
  publish: (client: ApiClient, id: string) =>
    client.call('POST /api/admin/series/{id}/publish', { params: { id } }),
  remove: (client: ApiClient, id: string) => client.call('DELETE /api/admin/series/{id}', { params: { id } }),
  addSeason: (client: ApiClient, seriesId: string, body: SeasonInput) =>
    client.call('POST /api/admin/series/{id}/seasons', { params: { id: seriesId }, body }),
  updateSeason: (client: ApiClient, seriesId: string, season: number, body: SeasonUpdate) =>
    client.call('PUT /api/admin/series/{id}/seasons/{season}', { params: { id: seriesId, season }, body }),
  removeSeason: (client: ApiClient, seriesId: string, season: number) =>
    client.call('DELETE /api/admin/series/{id}/seasons/{season}', { params: { id: seriesId, season } }),
  addEpisode: (client: ApiClient, seriesId: string, season: number, body: EpisodeInput) =>
    client.call('POST /api/admin/series/{id}/seasons/{season}/episodes', {
      params: { id: seriesId, season },
      body,
    }),
  updateEpisode: (client: ApiClient, id: string, body: EpisodeUpdate) =>
    client.call('PUT /api/admin/episodes/{id}', { params: { id }, body }),
  removeEpisode: (client: ApiClient, id: string) =>
    client.call('DELETE /api/admin/episodes/{id}', { params: { id } }),
} as const;
