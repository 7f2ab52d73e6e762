import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { recommendationsApi, type TrendingParams } from '../api/recommendations.api';
import { recommendationKeys } from './recommendation-keys';

/** Trending Now (`GET /api/recommend/trending`): most watched lately, by genre when one is chosen. */
export const useTrending = (query: TrendingParams) => {
  const client = useApiClient();
  return useQuery({
    queryKey: recommendationKeys.trending(query),
    queryFn: ({ signal }) => recommendationsApi.trending(client, query, signal),
    placeholderData: keepPreviousData,
  });
};
