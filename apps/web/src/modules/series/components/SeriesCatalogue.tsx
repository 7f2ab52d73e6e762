import type { MovieSort } from '@app/contracts';
import { useDeferredValue, useId, useState } from 'react';
import styles from '@web/modules/movies/components/BrowseCatalogue.module.css';
import { GenreSelect } from '@web/modules/movies/components/GenreFilter';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { LoadFailed } from '@web/modules/viewer-data/components/LoadStates';
import { Pager } from '@web/shared/ui/Pager';
import a11y from '@web/shared/ui/a11y.module.css';
import { Card } from '@web/shared/ui/Card';
import { controlClass } from '@web/shared/ui/control';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { useSeriesGenres } from '../hooks/useSeriesGenres';
import { useSeriesList } from '../hooks/useSeriesList';
import { seriesStrings as texts } from '../strings';
import { SeriesGrid } from './SeriesGrid';

const PAGE_SIZE = 24;
/** The catalogue's sorts, in the order the texts list them (a value import of MovieSorts would bring zod along). */
const SORTS = Object.keys(texts.sorts) as MovieSort[];

/** /tv-shows: the published series, paginated, with server-side search, genre filter and sort (issue 13). */
export const SeriesCatalogue = () => {
  const searchId = useId();
  const sortId = useId();
  const [search, setSearch] = useState('');
  const [genre, setGenre] = useState('');
  const [sort, setSort] = useState<MovieSort>('popular');
  const [page, setPage] = useState(1);
  const term = useDeferredValue(search.trim());
  const { data: genres = [] } = useSeriesGenres();
  const { data, isPending, isError, isFetching, refetch } = useSeriesList({
    page,
    pageSize: PAGE_SIZE,
    search: term || undefined,
    genre: genre || undefined,
    sort,
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const results = () => {
    if (isPending) return <MovieGridSkeleton />;
    if (isError)
      return <LoadFailed text={texts.loadFailed} retrying={isFetching} onRetry={() => void refetch()} />;
    if (data.data.length === 0) return <p className={styles.empty}>{texts.none}</p>;
    return <SeriesGrid series={data.data} />;
  };

  return (
    <div className={styles.browse}>
      <PageHeader title={texts.title} lead={texts.lead} />
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
          value={search}
          onChange={(event) => reset(setSearch)(event.target.value)}
        />
        <GenreSelect genres={genres} value={genre} onChange={reset(setGenre)} />
        <div className={styles.sort}>
          <label htmlFor={sortId}>{texts.sortLabel}</label>
          <select
            id={sortId}
            className={controlClass({ size: 'sm' })}
            value={sort}
            onChange={(event) => reset(setSort)(event.target.value as MovieSort)}
          >
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {texts.sorts[value]}
              </option>
            ))}
          </select>
        </div>
        {data && <p className={styles.count}>{texts.results(data.total)}</p>}
      </Card>
      {results()}
      {data && <Pager page={page} pages={pages} onPage={setPage} />}
    </div>
  );
};
