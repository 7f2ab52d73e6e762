import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { seriesApi } from '../api/series.api';
import { seriesKeys } from './series-keys';

/** One series with its seasons and episodes; an admin's session also reaches drafts. */
export const useSeries = (id: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: seriesKeys.detail(id),
    queryFn: ({ signal }) => seriesApi.get(client, id, signal),
    enabled: id !== '',
  });
};
