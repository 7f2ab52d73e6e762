import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { userDataApi } from '../api/user-data.api';
import { userDataKeys } from './user-data-keys';

/** Watch time by genre and hours per month, computed by the server from the viewer's history (DECISIONS 11). */
export const useViewerAnalytics = (userId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: userDataKeys.analytics(userId),
    queryFn: ({ signal }) => userDataApi.analytics(client, userId, signal),
  });
};
