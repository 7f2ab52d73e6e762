import type { ViewerSettings } from '@app/contracts';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { userDataApi } from '../api/user-data.api';
import { userDataKeys } from './user-data-keys';

/** Notification and playback settings, saved per user (DECISIONS 21); nothing is asked for a visitor (null). */
export const useViewerSettings = (userId: string | null) => {
  const client = useApiClient();
  return useQuery({
    queryKey: userDataKeys.settings(userId ?? ''),
    queryFn: userId ? ({ signal }) => userDataApi.settings(client, userId, signal) : skipToken,
  });
};

/** Save Changes: the saved settings apply at once and go back to what they were if the server refuses. */
export const useSaveViewerSettings = (
  userId: string,
  { onSuccess, onError }: MutationCallbacks<ViewerSettings> = {},
) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = userDataKeys.settings(userId);
  return useMutation({
    mutationFn: (settings: ViewerSettings) => userDataApi.saveSettings(client, userId, settings),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ViewerSettings>(key);
      queryClient.setQueryData(key, settings);
      return { previous };
    },
    onError: (error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      onError?.(error);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      onSuccess?.(saved);
    },
  });
};
