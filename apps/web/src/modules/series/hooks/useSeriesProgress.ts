import { skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { seriesApi } from '../api/series.api';
import { seriesKeys } from './series-keys';

/**
 * How far the signed-in viewer got in each episode of a series (the series page's bars and main button); nothing
 * is asked for a visitor. Always fetched afresh on the page: the player may have moved it since.
 */
export const useSeriesProgress = (userId: string | null, seriesId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: seriesKeys.progress(userId ?? '', seriesId),
    queryFn:
      userId && seriesId ? ({ signal }) => seriesApi.progress(client, userId, seriesId, signal) : skipToken,
    staleTime: 0,
  });
};
