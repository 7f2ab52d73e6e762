import type { ListMoviesQuery, Movie, Page } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** `GET /api/movies`: published titles, one page at a time. */
export const listMovies = (client: ApiClient, query: ListMoviesQuery, signal?: AbortSignal): Promise<Page<Movie>> =>
  client.get<Page<Movie>>('/api/movies', { query, signal });
