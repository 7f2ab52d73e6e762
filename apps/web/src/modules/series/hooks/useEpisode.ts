import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { seriesApi } from '../api/series.api';
import { seriesKeys } from './series-keys';

/** An episode with its series and the episode after it, for the player. */
export const useEpisode = (id: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: seriesKeys.episode(id),
    queryFn: ({ signal }) => seriesApi.episode(client, id, signal),
    enabled: id !== '',
  });
};
