import type { Movie, MovieSections } from '@app/contracts';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DASHBOARD_SEARCH_PARAM } from '@web/app/paths';
import { MovieGrid } from '@web/modules/movies/components/MovieGrid';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { CatalogueFailed } from '@web/modules/movies/components/CatalogueFailed';
import { useMovieSections } from '@web/modules/movies/hooks/useMovieSections';
import { useMovies } from '@web/modules/movies/hooks/useMovies';
import { useViewer } from '@web/modules/movies/hooks/useViewer';
import { ComingSoonRow } from '@web/modules/coming-soon/components/ComingSoonRow';
import { BecauseYouWatchedRow } from '@web/modules/recommendations/components/BecauseYouWatchedRow';
import { TrendingRow } from '@web/modules/recommendations/components/TrendingRow';
import { SeriesSearchResults } from '@web/modules/series/components/SeriesSearchResults';
import { useSeriesSearch } from '@web/modules/series/hooks/useSeriesList';
import { ContinueWatchingRow } from '@web/modules/user-data/components/ContinueWatchingRow';
import { Card } from '@web/shared/ui/Card';
import { useMovieBadges } from '../hooks/useMovieBadges';
import { useMovieModals } from '../hooks/useMovieModals';
import { filterByTitle } from '../title-filter';
import { CategoryTiles, SettingsTiles } from './DashboardTiles';
import { GenreFilter } from './GenreFilter';
import { HeroBanner } from './HeroBanner';
import { MovieRow } from './MovieRow';
import styles from './UserDashboard.module.css';

type PopularMoviesProps = {
  popular: Movie[];
  /** The server's search over the whole catalogue, while a search is typed. */
  searched: Movie[] | undefined;
  search: string;
  onWatchNow: (movie: Movie) => void;
};

/** Popular Movies: the server's search over the whole catalogue while a search is typed, else the popular list. */
const PopularMovies = ({ popular, searched, search, onWatchNow }: PopularMoviesProps) => {
  const { t } = useTranslation('browse');
  const term = search.trim();
  const movies = term ? filterByTitle(searched ?? popular, term) : popular;
  const badgeFor = useMovieBadges(movies);
  // While searching, an empty group says nothing: the home says once that nothing matches.
  if (term && movies.length === 0) return null;
  return (
    <section className={styles.popular} aria-labelledby="popular-heading">
      <h2 id="popular-heading" className={styles.heading}>
        {t('sections.popular')}
      </h2>
      {movies.length === 0 ? (
        <p className={styles.empty}>{t('emptyRow')}</p>
      ) : (
        <MovieGrid movies={movies} onWatchNow={onWatchNow} badgeFor={badgeFor} />
      )}
    </section>
  );
};

/**
 * Whether a search is known to match nothing: no title of the home's rows, and the server's search over the whole
 * catalogue (which the recommended rows are drawn from too) and over the series both answered with none.
 */
const useNothingMatches = (term: string, sections: MovieSections | undefined) => {
  const searching = term !== '';
  const movies = useMovies({ page: 1, pageSize: 24, search: term }, searching);
  const series = useSeriesSearch(term);
  const answered = <Data,>(query: { data?: Data; isPlaceholderData: boolean }) =>
    query.data !== undefined && !query.isPlaceholderData;
  const inRows = sections
    ? [sections.newlyLaunched, sections.topRated, sections.free, sections.premium, sections.popular].some(
        (row) => filterByTitle(row, term).length > 0,
      )
    : false;
  const nothing =
    searching &&
    !inRows &&
    answered(movies) &&
    filterByTitle(movies.data?.data ?? [], term).length === 0 &&
    (series.isError || (answered(series) && series.data?.data.length === 0));
  return { searched: searching ? movies.data?.data : undefined, nothing };
};

/**
 * SPEC 2 "User home", in its section order, on the catalogue's own lists; Because You Watched and Trending Now come
 * from the recommender (issue 12) and take the genre filter. The search is the signed-in header's, in the URL's
 * `?q=` (a reload or Back keeps it); while it is typed, the page shows what matches, and says once when nothing does.
 */
export const UserDashboard = () => {
  const { t } = useTranslation('browse');
  const { user } = useViewer();
  const [params] = useSearchParams();
  const [genre, setGenre] = useState('');
  const search = useDeferredValue((params.get(DASHBOARD_SEARCH_PARAM) ?? '').trim());
  const searching = search !== '';
  const { data, isPending, isError, error, isFetching, refetch } = useMovieSections({});
  const { showDetails, watch, modal } = useMovieModals();
  const { searched, nothing } = useNothingMatches(search, data);
  const badgeFor = useMovieBadges(
    data ? [...data.newlyLaunched, ...data.topRated.slice(0, 10), ...data.free, ...data.premium] : [],
  );

  const content = () => {
    if (isPending) return <MovieGridSkeleton />;
    if (isError)
      return <CatalogueFailed error={error} onRetry={() => void refetch()} retrying={isFetching} />;
    if (nothing)
      return (
        <p role="status" className={styles.noMatch}>
          {t('noTitlesMatch', { search })}
        </p>
      );
    const hero = data.hero ?? data.popular[0] ?? null;
    const row = (title: string, movies: Movie[]) => {
      const shown = filterByTitle(movies, search);
      // While searching, a row without a match is left out rather than saying it has nothing yet.
      if (searching && shown.length === 0) return null;
      return <MovieRow title={title} movies={shown} onWatchNow={watch} badgeFor={badgeFor} />;
    };
    return (
      <>
        {hero && !searching && <HeroBanner movie={hero} onPlay={watch} onMoreInfo={showDetails} />}
        {row(t('sections.newlyLaunched'), data.newlyLaunched)}
        {/* Issue 28: what goes live next, with Remind me. */}
        {!searching && <ComingSoonRow signedIn={user !== null && user !== undefined} />}
        {row(t('sections.topRated'), data.topRated.slice(0, 10))}
        {row(t('sections.free'), data.free)}
        {row(t('sections.premium'), data.premium)}
        <Card padding="bar" className={styles.filterBar}>
          <GenreFilter value={genre} onChange={setGenre} />
        </Card>
        <BecauseYouWatchedRow userId={user?.id ?? null} genre={genre} search={search} />
        <TrendingRow genre={genre} search={search} />
        {/* DECISIONS 10: real progress; the row is hidden while there is nothing to resume. */}
        {user && !searching && <ContinueWatchingRow userId={user.id} />}
        {!searching && <CategoryTiles />}
        {/* DECISIONS 23: Live Now is hidden while nothing is live. */}
        {!searching && <SettingsTiles />}
        <PopularMovies popular={data.popular} searched={searched} search={search} onWatchNow={watch} />
        {/* Issue 13: series that match the search, as their own group. */}
        <SeriesSearchResults search={search} />
      </>
    );
  };

  return (
    <>
      <title>{`${t('dashboardTitle')} · Streamly`}</title>
      <main className={styles.main}>{content()}</main>
      {modal}
    </>
  );
};
