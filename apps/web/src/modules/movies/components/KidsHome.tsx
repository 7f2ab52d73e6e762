import type { Movie } from '@app/contracts';
import { useTranslation } from 'react-i18next';
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

/**
 * The home of a kids profile (issue 25): the rows a child picks from, the server having already left out every
 * title above the profile's rating. No hero, no premium row, no price or access badges, no account tiles; a title
 * that cannot be watched says to ask a grown-up instead of offering a way to pay.
 */
export const KidsHome = ({ name }: { name: string }) => {
  const { t } = useTranslation('browse');
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
        {row(t('sections.newlyLaunched'), data.newlyLaunched)}
        {row(t('sections.free'), data.free)}
        {row(t('sections.popular'), data.popular)}
        {row(t('sections.topRated'), data.topRated.slice(0, 10))}
        <TrendingRow genre="" search="" />
      </>
    );
  };

  return (
    <>
      <title>{`${t('dashboardTitle')} · Streamly`}</title>
      <main className={styles.main}>
        <PageHeader title={t('kidsHome.title', { name })} lead={t('kidsHome.lead')} />
        {content()}
      </main>
      {modal}
    </>
  );
};
