import type { AdminSeriesQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminSeriesApi } from '../api/admin-series.api';
import { adminSeriesKeys } from './admin-series-keys';

/** Every series, drafts included, a page at a time for the admin's grid. */
export const useAdminSeries = (query: AdminSeriesQuery) => {
  const client = useApiClient();
  return useQuery({
    queryKey: adminSeriesKeys.list(query),
    queryFn: ({ signal }) => adminSeriesApi.list(client, query, signal),
    placeholderData: keepPreviousData,
  });
};

/** One series with its seasons and their episodes, in order (drafts too: the admin's token sees them). */
export const useAdminSeriesDetail = (id: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: adminSeriesKeys.detail(id),
    queryFn: ({ signal }) => adminSeriesApi.detail(client, id, signal),
  });
};
