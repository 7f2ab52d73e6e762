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

const SEARCH_SHOWN = 12;

/** The series matching the user home's search (none asked for while it is empty). */
export const useSeriesSearch = (term: string) =>
  useSeriesList({ page: 1, pageSize: SEARCH_SHOWN, search: term }, term !== '');
