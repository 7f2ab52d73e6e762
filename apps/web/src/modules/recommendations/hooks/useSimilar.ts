import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { ApiRequestError } from '@web/shared/api/api-request-error';
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

/** The similar list's failure that no retry mends: 404 (a title the recommender does not know), 400 (no title's id). */
export const isUnknownTitle = (error: unknown): boolean =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
