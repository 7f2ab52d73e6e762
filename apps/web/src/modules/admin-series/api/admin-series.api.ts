import type {
  AdminSeriesQuery,
  Episode,
  EpisodeInput,
  EpisodeUpdate,
  Page,
  SeasonInput,
  SeasonUpdate,
  Series,
  SeriesDetail,
  SeriesInput,
  SeriesUpdate,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

const seriesPath = (id: string) => `/api/admin/series/${encodeURIComponent(id)}`;
const seasonPath = (seriesId: string, season: number) => `${seriesPath(seriesId)}/seasons/${season}`;
const episodePath = (id: string) => `/api/admin/episodes/${encodeURIComponent(id)}`;

type Written<T> = { data: T; message?: string };

/** The catalogue's admin calls for TV shows (issue 13); the session client adds the admin's token. */
export const adminSeriesApi = {
  list: (client: ApiClient, query: AdminSeriesQuery, signal?: AbortSignal) =>
    client.get<Page<Series>>('/api/admin/series', { query, signal }),
  /** The public detail route: an admin's token also sees drafts. */
  detail: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.get<SeriesDetail>(`/api/series/${encodeURIComponent(id)}`, { signal }),
  create: (client: ApiClient, body: SeriesInput) =>
    client.post<Written<Series>>('/api/admin/series', { body }),
  update: (client: ApiClient, id: string, body: SeriesUpdate) =>
    client.put<Written<Series>>(seriesPath(id), { body }),
  publish: (client: ApiClient, id: string) => client.post<Written<Series>>(`${seriesPath(id)}/publish`),
  remove: (client: ApiClient, id: string) => client.delete<{ id: string }>(seriesPath(id)),
  addSeason: (client: ApiClient, seriesId: string, body: SeasonInput) =>
    client.post<Written<SeriesDetail>>(`${seriesPath(seriesId)}/seasons`, { body }),
  updateSeason: (client: ApiClient, seriesId: string, season: number, body: SeasonUpdate) =>
    client.put<Written<SeriesDetail>>(seasonPath(seriesId, season), { body }),
  removeSeason: (client: ApiClient, seriesId: string, season: number) =>
    client.delete<Written<SeriesDetail>>(seasonPath(seriesId, season)),
  addEpisode: (client: ApiClient, seriesId: string, season: number, body: EpisodeInput) =>
    client.post<Written<Episode>>(`${seasonPath(seriesId, season)}/episodes`, { body }),
  updateEpisode: (client: ApiClient, id: string, body: EpisodeUpdate) =>
    client.put<Written<Episode>>(episodePath(id), { body }),
  removeEpisode: (client: ApiClient, id: string) => client.delete<{ id: string }>(episodePath(id)),
} as const;
