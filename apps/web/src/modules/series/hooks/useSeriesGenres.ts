import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { seriesApi } from '../api/series.api';
import { seriesKeys } from './series-keys';

/** The genres of the published series, for the /tv-shows filter. */
export const useSeriesGenres = () => {
  const client = useApiClient();
  return useQuery({
    queryKey: seriesKeys.genres(),
    queryFn: ({ signal }) => seriesApi.genres(client, signal),
    staleTime: 10 * 60_000,
  });
};
