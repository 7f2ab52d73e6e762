import type { AdminMoviesQuery, MovieInput, MovieUpdate } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The catalogue's admin calls (drafts and writes); the session client adds the admin's token. */
export const adminMoviesApi = {
  list: (client: ApiClient, query: AdminMoviesQuery, signal?: AbortSignal) =>
    client.call('GET /api/admin/movies', { query }, { signal }),
  create: (client: ApiClient, body: MovieInput) => client.call('POST /api/movies', { body }),
  update: (client: ApiClient, id: string, body: MovieUpdate) =>
    client.call('PUT /api/movies/{id}', { params: { id }, body }),
  publish: (client: ApiClient, id: string) => client.call('PUT /api/movies/{id}/publish', { params: { id } }),
  remove: (client: ApiClient, id: string) => client.call('DELETE /api/movies/{id}', { params: { id } }),
  removeReview: (client: ApiClient, id: string, reviewId: string) =>
    client.call('DELETE /api/movies/{id}/reviews/{reviewId}', { params: { id, reviewId } }),
} as const;
