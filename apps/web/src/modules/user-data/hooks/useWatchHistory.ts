import type { HistoryItem, HistoryPage } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { userDataApi } from '../api/user-data.api';
import { putBack, type Taken, takeOut } from './optimistic-list';
import { userDataKeys } from './user-data-keys';

/** Titles per page of the Watch History tab (the gateway's page-size default). */
export const HISTORY_PAGE_SIZE = 24;

/** One page of the watch history, most recent first; the page shown stays while the next one loads. */
export const useWatchHistory = (userId: string, page: number) => {
  const client = useApiClient();
  return useQuery({
    queryKey: userDataKeys.historyPage(userId, page),
    queryFn: ({ signal }) =>
      userDataApi.history(client, userId, { page, pageSize: HISTORY_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
};

/**
 * Remove a history item: gone from every cached page at once, back in its place if the server refuses
 * (DECISIONS 15). Continue Watching and the charts are computed from the history, so they are asked again.
 */
export const useRemoveHistoryItem = (
  userId: string,
  { onSuccess, onError }: MutationCallbacks<void> = {},
) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const pages = userDataKeys.history(userId);
  const isItem = (itemId: string) => (item: HistoryItem) => item.id === itemId;
  return useMutation({
    mutationFn: (itemId: string) => userDataApi.removeHistoryItem(client, userId, itemId),
    onMutate: async (itemId) => {
      await queryClient.cancelQueries({ queryKey: pages });
      const taken: Array<{ key: readonly unknown[]; taken: Taken<HistoryItem> }> = [];
      for (const [key, page] of queryClient.getQueriesData<HistoryPage>({ queryKey: pages })) {
        if (!page) continue;
        const [data, out] = takeOut(page.data, isItem(itemId));
        if (!out) continue;
        taken.push({ key, taken: out });
        queryClient.setQueryData<HistoryPage>(key, { ...page, data, total: Math.max(0, page.total - 1) });
      }
      return { taken };
    },
    onError: (error, itemId, context) => {
      for (const { key, taken } of context?.taken ?? [])
        queryClient.setQueryData<HistoryPage>(key, (page) => {
          if (!page || page.data.some(isItem(itemId))) return page;
          return { ...page, data: putBack(page.data, taken, isItem(itemId)), total: page.total + 1 };
        });
      onError?.(error);
    },
    onSuccess: () => onSuccess?.(),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pages }),
        queryClient.invalidateQueries({ queryKey: userDataKeys.continueWatching(userId) }),
        queryClient.invalidateQueries({ queryKey: userDataKeys.analytics(userId) }),
      ]),
  });
};
