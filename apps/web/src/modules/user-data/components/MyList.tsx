import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Favorite } from '@app/contracts';
import { Paths, toPath } from '@web/app/paths';
import { MovieGrid } from '@web/modules/movies/components/MovieGrid';
import gridStyles from '@web/modules/movies/components/MovieGrid.module.css';
import { PosterCard } from '@web/modules/movies/components/PosterCard';
import { formatRating } from '@web/modules/movies/rating';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { useMovieBadges } from '@web/modules/movies/hooks/useMovieBadges';
import { useMovieModals } from '@web/modules/movies/hooks/useMovieModals';
import { useMoviesByIds } from '@web/modules/movies/hooks/useMoviesByIds';
import { buttonClass } from '@web/shared/ui/Button';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { useFavorites } from '../hooks/useFavorites';
import { Empty, LoadFailed } from './LoadStates';
import styles from './MyList.module.css';

/** Favorite series as poster cards that open the series page. */
const FavoriteSeriesGrid = ({ favorites }: { favorites: Favorite[] }) => (
  <ul className={gridStyles.grid}>
    {favorites.map((favorite) => (
      <li key={favorite.movieId}>
        <PosterCard
          title={favorite.title}
          posterUrl={favorite.posterUrl}
          to={toPath.series(favorite.movieId)}
        >
          <p>{[formatRating(favorite.rating), favorite.genre].join(' · ')}</p>
        </PosterCard>
      </li>
    ))}
  </ul>
);

/** /my-list (DECISIONS 29: My List is the favorites): the favorite titles as the catalogue's cards. */
export const MyList = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('userData');
  const favorites = useFavorites(userId);
  const all = favorites.data ?? [];
  // Series are listed from their favorite's own snapshot; the catalogue's movie cards are asked for the rest.
  const series = all.filter((favorite) => favorite.kind === 'series');
  const ids = all.filter((favorite) => favorite.kind !== 'series').map((favorite) => favorite.movieId);
  const movies = useMoviesByIds(ids);
  const { watch, modal } = useMovieModals();
  const badgeFor = useMovieBadges(movies.data ?? []);

  const content = () => {
    if (favorites.isPending) return <MovieGridSkeleton />;
    if (favorites.isError)
      return (
        <LoadFailed
          text={t('favoritesFailed')}
          error={favorites.error}
          service="user-data-service"
          retrying={favorites.isFetching}
          onRetry={() => void favorites.refetch()}
        />
      );
    if (all.length === 0)
      return (
        <Empty text={t('noFavorites')}>
          <Link to={Paths.movies} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            {t('browseMovies')}
          </Link>
        </Empty>
      );
    const seriesGroup = series.length > 0 && (
      <section aria-label={t('myListSeries')} className={styles.group}>
        <h2 className={styles.groupTitle}>{t('myListSeries')}</h2>
        <FavoriteSeriesGrid favorites={series} />
      </section>
    );
    if (ids.length === 0) return seriesGroup;
    if (movies.isPending) return <MovieGridSkeleton />;
    if (movies.isError)
      return (
        <LoadFailed
          text={t('favoritesFailed')}
          error={movies.error}
          service="catalogue-service"
          retrying={movies.isFetching}
          onRetry={() => void movies.refetch()}
        />
      );
    // While a changed list is asked again, the cards shown are those still on it.
    return (
      <>
        <MovieGrid
          movies={movies.data.filter((movie) => ids.includes(movie.id))}
          onWatchNow={watch}
          badgeFor={badgeFor}
        />
        {seriesGroup}
      </>
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('myListTitle')} lead={t('myListLead')} />
      {content()}
      {modal}
    </div>
  );
};
