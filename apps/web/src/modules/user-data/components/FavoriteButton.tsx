import { useTranslation } from 'react-i18next';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import type { ToastTone } from '@web/shared/ui/toast/useToasts';
import { type FavoriteTitle, useAddFavorite, useFavorites } from '../hooks/useFavorites';

type Notify = (tone: ToastTone, message: string) => void;
type FavoriteButtonProps = { userId: string | null; title: FavoriteTitle; notify: Notify };

const UserFavoriteButton = ({ userId, title, notify }: FavoriteButtonProps & { userId: string }) => {
  const { t } = useTranslation('userData');
  const favorites = useFavorites(userId);
  const add = useAddFavorite(userId, {
    onSuccess: () => notify('success', t('favoriteAdded')),
    onError: (error) => notify('error', errorText(error, { fallback: t('addFavoriteFailed') })),
  });
  const added =
    Boolean(favorites.data?.some((favorite) => favorite.movieId === title.movieId)) || add.isSuccess;
  return (
    <Button variant="ghost" disabled={added || add.isPending} onClick={() => add.mutate(title)}>
      {added ? t('favoriteButtonDone') : t('addToFavorites')}
    </Button>
  );
};

/**
 * Add to Favorites (SPEC 2 movie detail modal): 'Added to Favorites' and disabled once the title is a favorite
 * (at once, rolled back if the server refuses); a visitor is asked to log in.
 */
export const FavoriteButton = ({ userId, title, notify }: FavoriteButtonProps) => {
  const { t } = useTranslation('userData');
  return userId ? (
    <UserFavoriteButton userId={userId} title={title} notify={notify} />
  ) : (
    <Button variant="ghost" onClick={() => notify('info', t('loginToFavorite'))}>
      {t('addToFavorites')}
    </Button>
  );
};
