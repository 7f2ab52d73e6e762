import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { viewerDataApi } from '../api/viewer-data.api';
import { viewerDataKeys } from './viewer-data-keys';

/** Watch time by genre and hours per month, computed by the server from the viewer's history (DECISIONS 11). */
export const useViewerAnalytics = (userId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: viewerDataKeys.analytics(userId),
    queryFn: ({ signal }) => viewerDataApi.analytics(client, userId, signal),
  });
};
