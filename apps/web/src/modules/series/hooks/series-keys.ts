import type { ListSeriesQuery } from '@app/contracts';

/** TanStack Query keys of the TV-show screens, so invalidation can target a whole branch. */
export const seriesKeys = {
  all: ['series'] as const,
  list: (query: ListSeriesQuery) => [...seriesKeys.all, 'list', query] as const,
  genres: () => [...seriesKeys.all, 'genres'] as const,
  detail: (id: string) => [...seriesKeys.all, 'detail', id] as const,
  episode: (id: string) => [...seriesKeys.all, 'episode', id] as const,
  progress: (userId: string, seriesId: string) => [...seriesKeys.all, 'progress', userId, seriesId] as const,
};
