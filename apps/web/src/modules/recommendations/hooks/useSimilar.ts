import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { recommendationsApi } from '../api/recommendations.api';
import { recommendationKeys } from './recommendation-keys';

/** Titles like `movieId` (`GET /api/movies/{id}/similar`): "More like this" and /recommended/{id}. */
export const useSimilar = (movieId: string, limit?: number) => {
  const client = useApiClient();
  return useQuery({
    queryKey: recommendationKeys.similar(movieId, { limit }),
    queryFn: ({ signal }) => recommendationsApi.similar(client, movieId, { limit }, signal),
  });
};
