import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
import { formatRating } from '@web/modules/movies/rating';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useFavorites, useRemoveFavorite } from '../hooks/useFavorites';
import { Empty, LoadFailed, Loading } from './LoadStates';
import { TitleCard, TitleList } from './TitleCard';
import styles from './FavoritesTab.module.css';

/** The profile's Favorites (SPEC 2): poster, title, genre, rating out of 10 and Remove from Favorites. */
export const FavoritesTab = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('userData');
  const favorites = useFavorites(userId);
  const { toasts, show, dismiss } = useToasts();
  const remove = useRemoveFavorite(userId, { onError: () => show('error', t('removeFavoriteFailed')) });

  const content = () => {
    if (favorites.isPending) return <Loading text={t('favoritesLoading')} />;
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
    if (favorites.data.length === 0)
      return (
        <Empty text={t('noFavorites')}>
          <Link to={Paths.movies} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
            {t('browseMovies')}
          </Link>
        </Empty>
      );
    return (
      <TitleList label={t('favoritesListLabel')}>
        {favorites.data.map((favorite) => (
          <TitleCard
            key={favorite.movieId}
            movieId={favorite.movieId}
            title={favorite.title}
            posterUrl={favorite.posterUrl}
            to={favorite.kind === 'series' ? toPath.series(favorite.movieId) : undefined}
            actions={
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('removeFavoriteTitle', { title: favorite.title })}
                onClick={() => remove.mutate(favorite.movieId)}
              >
                {t('removeFromFavorites')}
              </Button>
            }
          >
            <p>{favorite.genre}</p>
            <p className={styles.rating}>{formatRating(favorite.rating)}</p>
          </TitleCard>
        ))}
      </TitleList>
    );
  };

  return (
    <>
      {content()}
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={t('dismiss')} />
    </>
  );
};
