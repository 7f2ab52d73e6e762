import type { Movie } from '@app/contracts';
import { browseStrings } from '@web/modules/movies/browse-strings';
import { CatalogueFailed } from '@web/modules/movies/components/CatalogueFailed';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { useMovieSections } from '@web/modules/movies/hooks/useMovieSections';
import { useViewer } from '@web/modules/movies/hooks/useViewer';
import { TrendingRow } from '@web/modules/recommendations/components/TrendingRow';
import { ContinueWatchingRow } from '@web/modules/user-data/components/ContinueWatchingRow';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { useMovieModals } from '../hooks/useMovieModals';
import { MovieRow } from './MovieRow';
import styles from './UserDashboard.module.css';

const { sections: titles, kidsHome: texts } = browseStrings;

/**
 * The home of a kids profile (issue 25): the rows a child picks from, the server having already left out every
 * title above the profile's rating. No hero, no premium row, no price or access badges, no account tiles; a title
 * that cannot be watched says to ask a grown-up instead of offering a way to pay.
 */
export const KidsHome = ({ name }: { name: string }) => {
  const { user } = useViewer();
  const { data, isPending, isError, error, isFetching, refetch } = useMovieSections({});
  const { watch, modal } = useMovieModals();

  const content = () => {
    if (isPending) return <MovieGridSkeleton />;
    if (isError)
      return <CatalogueFailed error={error} onRetry={() => void refetch()} retrying={isFetching} />;
    const row = (title: string, movies: Movie[]) => (
      <MovieRow title={title} movies={movies} onWatchNow={watch} />
    );
    return (
      <>
        {user && <ContinueWatchingRow userId={user.id} />}
        {row(titles.newlyLaunched, data.newlyLaunched)}
        {row(titles.free, data.free)}
        {row(titles.popular, data.popular)}
        {row(titles.topRated, data.topRated.slice(0, 10))}
        <TrendingRow genre="" search="" />
      </>
    );
  };

  return (
    <>
      <title>{`${browseStrings.dashboardTitle} · Streamly`}</title>
      <main className={styles.main}>
        <PageHeader title={texts.title(name)} lead={texts.lead} />
        {content()}
      </main>
      {modal}
    </>
  );
};
