import type { ListMoviesQuery } from '@app/contracts';

/** TanStack Query keys of the movies feature, so invalidation can target a whole branch. */
export const movieKeys = {
  all: ['movies'] as const,
  list: (query: ListMoviesQuery) => [...movieKeys.all, 'list', query] as const,
};
