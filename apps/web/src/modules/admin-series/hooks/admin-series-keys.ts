import type { AdminSeriesQuery } from '@app/contracts';

/** The admin's TV-show caches: the grid's pages and each series' seasons and episodes. */
export const adminSeriesKeys = {
  all: ['admin-series'] as const,
  lists: ['admin-series', 'list'] as const,
  list: (query: AdminSeriesQuery) => ['admin-series', 'list', query] as const,
  detail: (id: string) => ['admin-series', 'detail', id] as const,
};
