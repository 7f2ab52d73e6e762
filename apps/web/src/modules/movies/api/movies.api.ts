import type {
  CreateReview,
  ListMoviesQuery,
  Movie,
  MovieDetail,
  MovieRating,
  MovieSections,
  MovieSectionsQuery,
  Page,
  Review,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

export const moviePath = (id: string) => `/api/movies/${encodeURIComponent(id)}`;

/** The browse calls of the movies HTTP API, one function per call. The session client adds the viewer's token. */
export const moviesApi = {
  /** `GET /api/movies`: published titles, one page at a time. */
  list: (client: ApiClient, query: ListMoviesQuery, signal?: AbortSignal) =>
    client.get<Page<Movie>>('/api/movies', { query, signal }),
  sections: (client: ApiClient, query: MovieSectionsQuery, signal?: AbortSignal) =>
    client.get<MovieSections>('/api/movies/sections', { query, signal }),
  genres: (client: ApiClient, signal?: AbortSignal) => client.get<string[]>('/api/movies/genres', { signal }),
  /** Drafts only for an admin's session; anyone else gets 404 for them. */
  get: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.get<MovieDetail>(moviePath(id), { signal }),
  rating: (client: ApiClient, id: string, signal?: AbortSignal) =>
    client.get<MovieRating>(`${moviePath(id)}/rating`, { signal }),
  createReview: (client: ApiClient, id: string, body: CreateReview) =>
    client.post<Review>(`${moviePath(id)}/reviews`, { body }),
} as const;
