import type { MovieSort, Page } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import a11y from '@web/shared/ui/a11y.module.css';
import { Card } from '@web/shared/ui/Card';
import { controlClass } from '@web/shared/ui/control';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { SORTS } from '../hooks/useCatalogueFilters';
import styles from './Catalogue.module.css';
import { MovieGridSkeleton } from './MovieGridSkeleton';

export type CatalogueFilterValues = { search: string; genre: string; sort: MovieSort; language: string };

/** The catalogue's own texts, translated by the page that shows it (movies or series). */
type CatalogueTexts = {
  searchLabel: string;
  sortLabel: string;
  sorts: Readonly<Record<MovieSort, string>>;
  results: (count: number) => string;
  /** No titles and no search typed: the catalogue, or the chosen genre ('' for all), has none yet. */
  none: (genre: string) => string;
};

type CatalogueProps<Item> = {
  title: string;
  lead: string;
  texts: CatalogueTexts;
  filters: CatalogueFilterValues;
  onSearch: (search: string) => void;
  onSort: (sort: MovieSort) => void;
  /** The genre filter between the search and the sort, if the catalogue has one. */
  genreFilter: ReactNode;
  list: UseQueryResult<Page<Item>>;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** What shows when the page could not be fetched. */
  failed: ReactNode;
  grid: (items: Item[]) => ReactNode;
  /** After the pager (the page's modals). */
  children?: ReactNode;
};

/**
 * A browse page (/movies, /category/{id}, /tv-shows): its title, the search / genre / sort bar with the number of
 * results, a page of the catalogue (or why there is none) and the pager.
 */
export const Catalogue = <Item,>({
  title,
  lead,
  texts,
  filters,
  onSearch,
  onSort,
  genreFilter,
  list,
  pageSize,
  page,
  onPage,
  failed,
  grid,
  children,
}: CatalogueProps<Item>) => {
  const { t } = useTranslation('browse');
  const searchId = useId();
  const sortId = useId();

  const results = () => {
    if (list.isPending) return <MovieGridSkeleton />;
    if (list.isError) return failed;
    if (list.data.data.length === 0) {
      const term = filters.search.trim();
      return (
        <p className={styles.empty}>
          {term ? t('noTitlesMatch', { search: term }) : texts.none(filters.genre)}
        </p>
      );
    }
    return grid(list.data.data);
  };

  return (
    <div className={styles.browse}>
      <PageHeader title={title} lead={lead} />
      <Card padding="bar" className={styles.controls}>
        <label htmlFor={searchId} className={a11y.visuallyHidden}>
          {texts.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className={controlClass({ size: 'sm', pill: true }, styles.search)}
          placeholder={texts.searchLabel}
          maxLength={100}
          value={filters.search}
          onChange={(event) => onSearch(event.target.value)}
        />
        {genreFilter}
        <div className={styles.sort}>
          <label htmlFor={sortId}>{texts.sortLabel}</label>
          <select
            id={sortId}
            className={controlClass({ size: 'sm' })}
            value={filters.sort}
            onChange={(event) => onSort(event.target.value as MovieSort)}
          >
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {texts.sorts[value]}
              </option>
            ))}
          </select>
        </div>
        {list.data && <p className={styles.count}>{texts.results(list.data.total)}</p>}
      </Card>
      {results()}
      {list.data && <Pager page={page} pages={pageCount(list.data.total, pageSize)} onPage={onPage} />}
      {children}
    </div>
  );
};
