import type { ContinueWatchingItem } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { userDataApi } from '../api/user-data.api';
import { putBack, type Taken, takeOut } from './optimistic-list';
import { userDataKeys } from './user-data-keys';

/** The titles to resume (DECISIONS 10: real progress, at most 6, most recent first). */
export const useContinueWatching = (userId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: userDataKeys.continueWatching(userId),
    queryFn: ({ signal }) => userDataApi.continueWatching(client, userId, signal),
  });
};

/** "Remove from row": gone at once, back in its place if the server refuses (DECISIONS 15). */
export const useHideFromRow = (userId: string, { onSuccess, onError }: MutationCallbacks<void> = {}) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = userDataKeys.continueWatching(userId);
  const isTitle = (movieId: string) => (item: ContinueWatchingItem) => item.movieId === movieId;
  return useMutation({
    mutationFn: (movieId: string) => userDataApi.hideFromRow(client, userId, movieId),
    onMutate: async (movieId): Promise<{ taken: Taken<ContinueWatchingItem> }> => {
      await queryClient.cancelQueries({ queryKey: key });
      const list = queryClient.getQueryData<ContinueWatchingItem[]>(key);
      if (!list) return { taken: null };
      const [next, taken] = takeOut(list, isTitle(movieId));
      queryClient.setQueryData(key, next);
      return { taken };
    },
    onError: (error, movieId, context) => {
      queryClient.setQueryData<ContinueWatchingItem[]>(
        key,
        (list) => list && putBack(list, context?.taken ?? null, isTitle(movieId)),
      );
      onError?.(error);
    },
    onSuccess: () => onSuccess?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
