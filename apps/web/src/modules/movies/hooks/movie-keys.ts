import type { ListMoviesQuery, MovieSectionsQuery } from '@app/contracts';

/** TanStack Query keys of the movies feature, so invalidation can target a whole branch. */
export const movieKeys = {
  all: ['movies'] as const,
  list: (query: ListMoviesQuery) => [...movieKeys.all, 'list', query] as const,
  sections: (query: MovieSectionsQuery) => [...movieKeys.all, 'sections', query] as const,
  genres: () => [...movieKeys.all, 'genres'] as const,
  detail: (id: string) => [...movieKeys.all, 'detail', id] as const,
  rating: (id: string) => [...movieKeys.all, 'rating', id] as const,
  byIds: (movieIds: string[]) => [...movieKeys.all, 'by-ids', movieIds] as const,
};
