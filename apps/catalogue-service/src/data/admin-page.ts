import type { MovieStatus, Page } from '@app/contracts';
import { normalizeTitle } from '../movies/title';

/** What an admin list asks of a repository: movies and series answer the same criteria and sort. */
type AdminListable<T> = {
  list(
    criteria: { status?: MovieStatus; search?: string },
    sort: 'added',
    page: number,
    pageSize: number,
  ): Promise<Page<T>>;
};

type AdminListQuery = { page: number; pageSize: number; status?: MovieStatus; search?: string };

/**
 * One page of the admin list of movies or series. A search of only punctuation normalises to nothing and
 * matches nothing (rather than everything).
 */
export const adminPage = async <T>(
  repository: AdminListable<T>,
  { page, pageSize, status, search }: AdminListQuery,
): Promise<Page<T>> => {
  const fragment = search?.trim() ? normalizeTitle(search) : undefined;
  if (fragment === '') return { data: [], page, pageSize, total: 0 };
  // Most recently added first, so a title an admin just added is on the first page.
  return repository.list({ status, search: fragment }, 'added', page, pageSize);
};
