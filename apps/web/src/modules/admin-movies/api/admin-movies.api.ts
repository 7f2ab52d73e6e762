import type {
  AdminMovie,
  AdminMoviesQuery,
  MovieInput,
  MovieUpdate,
  MovieWriteResult,
  Page,
} from '@app/contracts';
import { moviePath } from '@web/modules/movies/api/movies.api';
import type { ApiClient } from '@web/shared/api/api-client';

/** The catalogue's admin calls (drafts and writes); the session client adds the admin's token. */
export const adminMoviesApi = {
  list: (client: ApiClient, query: AdminMoviesQuery, signal?: AbortSignal) =>
    client.get<Page<AdminMovie>>('/api/admin/movies', { query, signal }),
  create: (client: ApiClient, body: MovieInput) => client.post<MovieWriteResult>('/api/movies', { body }),
  update: (client: ApiClient, id: string, body: MovieUpdate) =>
    client.put<MovieWriteResult>(moviePath(id), { body }),
  publish: (client: ApiClient, id: string) => client.put<MovieWriteResult>(`${moviePath(id)}/publish`),
  remove: (client: ApiClient, id: string) => client.delete(moviePath(id)),
  removeReview: (client: ApiClient, movieId: string, reviewId: string) =>
    client.delete(`${moviePath(movieId)}/reviews/${encodeURIComponent(reviewId)}`),
} as const;
