import type { Movie } from '@app/contracts';
import { useDeferredValue, useState } from 'react';
import { useLogout } from '@web/modules/auth/hooks/useLogout';
import { MovieGrid } from '@web/modules/movies/components/MovieGrid';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { CatalogueFailed } from '@web/modules/movies/components/CatalogueFailed';
import { useMovieSections } from '@web/modules/movies/hooks/useMovieSections';
import { useMovies } from '@web/modules/movies/hooks/useMovies';
import { useViewer } from '@web/modules/movies/hooks/useViewer';
import { browseStrings } from '@web/modules/movies/browse-strings';
import { BecauseYouWatchedRow } from '@web/modules/recommendations/components/BecauseYouWatchedRow';
import { TrendingRow } from '@web/modules/recommendations/components/TrendingRow';
import { SeriesSearchResults } from '@web/modules/series/components/SeriesSearchResults';
import { ContinueWatchingRow } from '@web/modules/user-data/components/ContinueWatchingRow';
import { Card } from '@web/shared/ui/Card';
import { useMovieBadges } from '../hooks/useMovieBadges';
import { useMovieModals } from '../hooks/useMovieModals';
import { filterByTitle } from '../title-filter';
import { DashboardTopBar } from './DashboardTopBar';
import { CategoryTiles, SettingsTiles } from './DashboardTiles';
import { GenreFilter } from './GenreFilter';
import { HeroBanner } from './HeroBanner';
import { MovieRow } from './MovieRow';
import styles from './UserDashboard.module.css';

const { sections: titles } = browseStrings;

/** Popular Movies: the server's search over the whole catalogue while a search is typed, else the popular list. */
type PopularMoviesProps = { popular: Movie[]; search: string; onWatchNow: (movie: Movie) => void };

const PopularMovies = ({ popular, search, onWatchNow }: PopularMoviesProps) => {
  const term = search.trim();
  const searching = term !== '';
  const searched = useMovies({ page: 1, pageSize: 24, search: term }, searching);
  const movies = searching ? filterByTitle(searched.data?.data ?? popular, term) : popular;
  const badgeFor = useMovieBadges(movies);
  return (
    <section className={styles.popular} aria-labelledby="popular-heading">
      <h2 id="popular-heading" className={styles.heading}>
        {titles.popular}
      </h2>
      {movies.length === 0 ? (
        <p className={styles.empty}>{browseStrings.noSearchResults}</p>
      ) : (
        <MovieGrid movies={movies} onWatchNow={onWatchNow} badgeFor={badgeFor} />
      )}
    </section>
  );
};

/**
 * SPEC 2 "User home", in its section order, on the catalogue's own lists; Because You Watched and Trending Now come
 * from the recommender (issue 12) and take the genre filter.
 */
export const UserDashboard = () => {
  const { user } = useViewer();
  const logout = useLogout();
  const [search, setSearch] = useState('');
  const [genre, setGenre] = useState('');
  const deferredSearch = useDeferredValue(search);
  const { data, isPending, isError, error, isFetching, refetch } = useMovieSections({});
  const { showDetails, watch, modal } = useMovieModals();
  const only = (movies: Movie[]) => filterByTitle(movies, deferredSearch);
  const badgeFor = useMovieBadges(
    data ? [...data.newlyLaunched, ...data.topRated.slice(0, 10), ...data.free, ...data.premium] : [],
  );

  const content = () => {
    if (isPending) return <MovieGridSkeleton />;
    if (isError)
      return <CatalogueFailed error={error} onRetry={() => void refetch()} retrying={isFetching} />;
    const hero = data.hero ?? data.popular[0] ?? null;
    const row = (title: string, movies: Movie[]) => (
      <MovieRow title={title} movies={only(movies)} onWatchNow={watch} badgeFor={badgeFor} />
    );
    return (
      <>
        {hero && !deferredSearch.trim() && (
          <HeroBanner movie={hero} onPlay={watch} onMoreInfo={showDetails} />
        )}
        {row(titles.newlyLaunched, data.newlyLaunched)}
        {row(titles.topRated, data.topRated.slice(0, 10))}
        {row(titles.free, data.free)}
        {row(titles.premium, data.premium)}
        <Card padding="bar" className={styles.filterBar}>
          <GenreFilter value={genre} onChange={setGenre} />
        </Card>
        <BecauseYouWatchedRow userId={user?.id ?? null} genre={genre} search={deferredSearch} />
        <TrendingRow genre={genre} search={deferredSearch} />
        {/* DECISIONS 10: real progress; the row is hidden while there is nothing to resume. */}
        {user && <ContinueWatchingRow userId={user.id} />}
        <CategoryTiles />
        {/* DECISIONS 23: Live Now is hidden while nothing is live. */}
        <SettingsTiles />
        <PopularMovies popular={data.popular} search={deferredSearch} onWatchNow={watch} />
        {/* Issue 13: series that match the search, as their own group. */}
        <SeriesSearchResults search={deferredSearch} />
      </>
    );
  };

  return (
    <>
      <title>{`${browseStrings.dashboardTitle} · Streamly`}</title>
      <DashboardTopBar
        search={search}
        onSearch={setSearch}
        onLogout={() => void logout()}
        username={user?.username}
        profileImage={user?.profileImage}
      />
      <main className={styles.main}>{content()}</main>
      {modal}
    </>
  );
};
