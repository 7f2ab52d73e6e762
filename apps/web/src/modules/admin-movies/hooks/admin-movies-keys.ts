import type { AdminMoviesQuery } from '@app/contracts';
import { movieKeys } from '@web/modules/movies/hooks/movie-keys';

/**
 * TanStack Query keys of Manage Movies. The grid's pages sit under the catalogue's keys, so a change that
 * refreshes the catalogue (movieKeys.all) refreshes the grid too.
 */
export const adminMovieKeys = {
  list: (query: AdminMoviesQuery) => [...movieKeys.all, 'admin', query] as const,
  asset: (movieId: string) => ['admin-media', movieId] as const,
};
