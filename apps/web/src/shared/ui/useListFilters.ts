import { useDeferredValue, useState } from 'react';

/**
 * The filters of a paged list (a search and others) and its page. Changing a filter goes back to the first page;
 * the search is trimmed and deferred, so typing stays quick while the list catches up, and is undefined when
 * empty (the query leaves it out).
 */
export const useListFilters = <Filters extends { search: string }>(initial: Filters) => {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const search = useDeferredValue(filters.search.trim()) || undefined;
  const change =
    <Key extends keyof Filters>(key: Key) =>
    (value: Filters[Key]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    };
  return { filters, search, page, setPage, change };
};
