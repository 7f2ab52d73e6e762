import type { Favorite, TitleSnapshot } from '@app/contracts';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { userDataApi } from '../api/user-data.api';
import { putBack, type Taken, takeOut } from './optimistic-list';
import { userDataKeys } from './user-data-keys';

/** A title as a favorite is made of it: what the list shows before the server has answered. */
export type FavoriteTitle = TitleSnapshot & { movieId: string };

const asFavorite = ({ movieId, title, posterUrl, genre, rating }: FavoriteTitle): Favorite => ({
  id: movieId,
  movieId,
  title,
  posterUrl,
  genre,
  rating,
  addedAt: new Date().toISOString(),
});

/** The signed-in viewer's favorites (= My List, DECISIONS 29); nothing is asked for a visitor. */
export const useFavorites = (userId: string | null) => {
  const client = useApiClient();
  return useQuery({
    queryKey: userDataKeys.favorites(userId ?? ''),
    queryFn: userId ? ({ signal }) => userDataApi.favorites(client, userId, signal) : skipToken,
  });
};

/**
 * Add to Favorites, shown at once (the button reads 'Added to Favorites', the title joins the lists); a refusal
 * takes it out again (DECISIONS 15) and the screen shows why.
 */
export const useAddFavorite = (userId: string, { onSuccess, onError }: MutationCallbacks<Favorite> = {}) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = userDataKeys.favorites(userId);
  const isTitle = (movieId: string) => (favorite: Favorite) => favorite.movieId === movieId;
  return useMutation({
    mutationFn: ({ movieId }: FavoriteTitle) => userDataApi.addFavorite(client, userId, { movieId }),
    onMutate: async (title) => {
      await queryClient.cancelQueries({ queryKey: key });
      const list = queryClient.getQueryData<Favorite[]>(key);
      // Not loaded yet: nothing to show at once, and a one-title list would hide the others.
      const added = list !== undefined && !list.some(isTitle(title.movieId));
      if (added) queryClient.setQueryData<Favorite[]>(key, [asFavorite(title), ...list]);
      return { added };
    },
    onError: (error, { movieId }, context) => {
      if (context?.added)
        queryClient.setQueryData<Favorite[]>(key, (list) =>
          list?.filter((favorite) => !isTitle(movieId)(favorite)),
        );
      onError?.(error);
    },
    onSuccess: (favorite) => {
      queryClient.setQueryData<Favorite[]>(key, (list) =>
        list?.map((entry) => (entry.movieId === favorite.movieId ? favorite : entry)),
      );
      onSuccess?.(favorite);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

/** Remove from Favorites: gone at once, back in its place if the server refuses (DECISIONS 15). */
export const useRemoveFavorite = (userId: string, { onSuccess, onError }: MutationCallbacks<void> = {}) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = userDataKeys.favorites(userId);
  const isTitle = (movieId: string) => (favorite: Favorite) => favorite.movieId === movieId;
  return useMutation({
    mutationFn: (movieId: string) => userDataApi.removeFavorite(client, userId, movieId),
    onMutate: async (movieId): Promise<{ taken: Taken<Favorite> }> => {
      await queryClient.cancelQueries({ queryKey: key });
      const list = queryClient.getQueryData<Favorite[]>(key);
      if (!list) return { taken: null };
      const [next, taken] = takeOut(list, isTitle(movieId));
      queryClient.setQueryData(key, next);
      return { taken };
    },
    onError: (error, movieId, context) => {
      queryClient.setQueryData<Favorite[]>(
        key,
        (list) => list && putBack(list, context?.taken ?? null, isTitle(movieId)),
      );
      onError?.(error);
    },
    onSuccess: () => onSuccess?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
