import type { ListSeriesQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { seriesApi } from '../api/series.api';
import { seriesKeys } from './series-keys';

/** A page of published series (`GET /api/series`); the last page stays on screen while the next loads. */
export const useSeriesList = (query: ListSeriesQuery, enabled = true) => {
  const client = useApiClient();
  return useQuery({
    queryKey: seriesKeys.list(query),
    queryFn: ({ signal }) => seriesApi.list(client, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
};
