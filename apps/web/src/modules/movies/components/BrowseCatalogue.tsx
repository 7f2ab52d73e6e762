import { type MovieCategory, type MovieSort, MovieSorts } from '@app/contracts';
import { useDeferredValue, useId, useState } from 'react';
import { MovieGrid } from '@web/modules/movies/components/MovieGrid';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { MoviesFailed } from '@web/modules/movies/components/MoviesFailed';
import { useMovies } from '@web/modules/movies/hooks/useMovies';
import { catalogueStrings } from '@web/modules/movies/browse-strings';
import { Pager } from '@web/shared/ui/Pager';
import a11y from '@web/shared/ui/a11y.module.css';
import { controlClass } from '@web/shared/ui/control';
import { Card } from '@web/shared/ui/Card';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { useMovieModals } from '../hooks/useMovieModals';
import styles from './BrowseCatalogue.module.css';
import { GenreFilter } from './GenreFilter';

const PAGE_SIZE = 24;

type BrowseCatalogueProps = { title: string; lead: string; category?: MovieCategory };

/** /movies and /category/{id}: the published catalogue, paginated, with server-side search, genre and sort. */
export const BrowseCatalogue = ({ title, lead, category }: BrowseCatalogueProps) => {
  const searchId = useId();
  const sortId = useId();
  const [search, setSearch] = useState('');
  const [genre, setGenre] = useState('');
  const [sort, setSort] = useState<MovieSort>('popular');
  const [page, setPage] = useState(1);
  const term = useDeferredValue(search.trim());
  const { data, isPending, isError, isFetching, refetch } = useMovies({
    page,
    pageSize: PAGE_SIZE,
    search: term || undefined,
    genre: genre || undefined,
    category,
    sort,
  });
  const { watch, modal } = useMovieModals();
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const results = () => {
    if (isPending) return <MovieGridSkeleton />;
    if (isError) return <MoviesFailed onRetry={() => void refetch()} retrying={isFetching} />;
    if (data.data.length === 0) return <p className={styles.empty}>{catalogueStrings.none}</p>;
    return <MovieGrid movies={data.data} onWatchNow={watch} />;
  };

  return (
    <div className={styles.browse}>
      <PageHeader title={title} lead={lead} />
      <Card padding="bar" className={styles.controls}>
        <label htmlFor={searchId} className={a11y.visuallyHidden}>
          {catalogueStrings.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className={controlClass({ size: 'sm', pill: true }, styles.search)}
          placeholder={catalogueStrings.searchLabel}
          maxLength={100}
          value={search}
          onChange={(event) => reset(setSearch)(event.target.value)}
        />
        {!category && <GenreFilter value={genre} onChange={reset(setGenre)} />}
        <div className={styles.sort}>
          <label htmlFor={sortId}>{catalogueStrings.sortLabel}</label>
          <select
            id={sortId}
            className={controlClass({ size: 'sm' })}
            value={sort}
            onChange={(event) => reset(setSort)(event.target.value as MovieSort)}
          >
            {MovieSorts.map((value) => (
              <option key={value} value={value}>
                {catalogueStrings.sorts[value]}
              </option>
            ))}
          </select>
        </div>
        {data && <p className={styles.count}>{catalogueStrings.results(data.total)}</p>}
      </Card>
      {results()}
      {data && <Pager page={page} pages={pages} onPage={setPage} />}
      {modal}
    </div>
  );
};
