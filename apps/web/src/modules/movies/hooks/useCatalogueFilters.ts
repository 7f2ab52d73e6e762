import type { MovieSort } from '@app/contracts';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CatalogueFilterValues } from '../components/Catalogue';

/** The URL's names for a browse page's filters and page (`/movies?q=night&genre=Drama&sort=newest&page=2`). */
export const CatalogueParams = {
  search: 'q',
  genre: 'genre',
  sort: 'sort',
  page: 'page',
  /** "Available in Hindi" (issue 26): `lang=hi`. */
  language: 'lang',
} as const;

const DEFAULT_SORT: MovieSort = 'popular';
/** The sorts in the catalogue's order (MovieSorts itself would bring zod along). */
export const SORTS: readonly MovieSort[] = ['popular', 'newest', 'top-rated', 'title'];

const sortOf = (value: string | null): MovieSort =>
  value !== null && (SORTS as readonly string[]).includes(value) ? (value as MovieSort) : DEFAULT_SORT;

/** Only a language code reaches the query; anything else in the URL is no filter. */
const languageOf = (value: string | null): string => (value && /^[a-z]{2,3}$/.test(value) ? value : '');

const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
};

/**
 * A browse page's search, genre, sort and page, kept in its URL (issue 24): a reload or Back returns to the same
 * place. Same shape as useListFilters. Typing replaces the history entry (one entry per search, not per key);
 * a genre, a sort or a page is a step of its own. Changing a filter goes back to the first page.
 */
export const useCatalogueFilters = () => {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get(CatalogueParams.search) ?? '';
  const [typed, setTyped] = useState(urlSearch);
  // The box holds what is typed; when the URL moves on its own (Back, a link) the box follows it.
  const [shown, setShown] = useState(urlSearch);
  if (urlSearch !== shown) {
    setShown(urlSearch);
    setTyped(urlSearch);
  }

  const filters: CatalogueFilterValues = {
    search: typed,
    genre: params.get(CatalogueParams.genre) ?? '',
    sort: sortOf(params.get(CatalogueParams.sort)),
    language: languageOf(params.get(CatalogueParams.language)),
  };
  const page = pageOf(params.get(CatalogueParams.page));
  const search = useDeferredValue(typed.trim()) || undefined;

  /** Sets (or, for a default, removes) the given params, keeping any others. */
  const update = (changes: Partial<Record<keyof typeof CatalogueParams, string>>, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes) as [keyof typeof CatalogueParams, string][]) {
          const isDefault =
            value === '' || (key === 'sort' && value === DEFAULT_SORT) || (key === 'page' && value === '1');
          if (isDefault) next.delete(CatalogueParams[key]);
          else next.set(CatalogueParams[key], value);
        }
        return next;
      },
      { replace },
    );

  const change =
    <Key extends keyof CatalogueFilterValues>(key: Key) =>
    (value: CatalogueFilterValues[Key]) => {
      if (key === 'search') {
        setTyped(value);
        setShown(value);
      }
      update({ [key]: value, page: '1' }, key === 'search');
    };
  const setPage = (next: number) => update({ page: String(next) }, false);

  return { filters, search, page, setPage, change };
};
