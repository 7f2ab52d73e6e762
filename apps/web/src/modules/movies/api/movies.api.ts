import type { CreateReview, ListMoviesQuery, MovieSectionsQuery } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** The browse calls of the movies HTTP API, one function per call. The session client adds the viewer's token. */
export const moviesApi = {
  /** Published titles, one page at a time. */
  list: (client: ApiClient, query: ListMoviesQuery, signal?: AbortSignal) =>
    client.call('GET /api/movies', { query }, { signal }),
  sections: (client: ApiClient, query: MovieSectionsQuery, signal?: AbortSignal) =>
    client.call('GET /api/movies/sections', { query }, { signal }),
  genres: (client: ApiClient, signal?: AbortSignal) => client.call('GET /api/movies/genres', {}, { signal }),
  /** Drafts only for an admin's session; anyone else gets 404 for them. */
  get: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.call('GET /api/movies/{id}', { params: { id } }, { signal }),
  rating: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.call('GET /api/movies/{id}/rating', { params: { id } }, { signal }),
  createReview: (client: ApiClient, id: string, body: CreateReview) =>
    client.call('POST /api/movies/{id}/reviews', { params: { id }, body }),
} as const;
