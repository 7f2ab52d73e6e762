import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { MovieGrid } from '@web/modules/movies/components/MovieGrid';
import { MovieGridSkeleton } from '@web/modules/movies/components/MovieGridSkeleton';
import { useMovieModals } from '@web/modules/movies/hooks/useMovieModals';
import { useMoviesByIds } from '@web/modules/movies/hooks/useMoviesByIds';
import { buttonClass } from '@web/shared/ui/Button';
import { PageHeader } from '@web/shared/ui/PageTitle';
import { useFavorites } from '../hooks/useFavorites';
import { viewerDataStrings as texts } from '../strings';
import { Empty, LoadFailed } from './LoadStates';
import styles from './MyList.module.css';

/** /my-list (DECISIONS 29: My List is the favorites): the favorite titles as the catalogue's cards. */
export const MyList = ({ userId }: { userId: string }) => {
  const favorites = useFavorites(userId);
  const ids = favorites.data?.map((favorite) => favorite.movieId) ?? [];
  const movies = useMoviesByIds(ids);
  const { watch, modal } = useMovieModals();

  const content = () => {
    if (favorites.isPending) return <MovieGridSkeleton />;
    if (favorites.isError)
      return (
        <LoadFailed
          text={texts.favoritesFailed}
          retrying={favorites.isFetching}
          onRetry={() => void favorites.refetch()}
        />
      );
    if (ids.length === 0)
      return (
        <Empty text={texts.noFavorites}>
          <Link to={Paths.movies} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            {texts.browseMovies}
          </Link>
        </Empty>
      );
    if (movies.isPending) return <MovieGridSkeleton />;
    if (movies.isError)
      return (
        <LoadFailed
          text={texts.favoritesFailed}
          retrying={movies.isFetching}
          onRetry={() => void movies.refetch()}
        />
      );
    // While a changed list is asked again, the cards shown are those still on it.
    return <MovieGrid movies={movies.data.filter((movie) => ids.includes(movie.id))} onWatchNow={watch} />;
  };

  return (
    <div className={styles.page}>
      <PageHeader title={texts.myListTitle} lead={texts.myListLead} />
      {content()}
      {modal}
    </div>
  );
};
