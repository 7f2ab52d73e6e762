import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { recommendationsApi } from '../api/recommendations.api';
import { recommendationKeys } from './recommendation-keys';

type RecommendationsQuery = { userId: string | null; genre?: string; limit?: number };

/**
 * The viewer's recommendations (`POST /api/recommend` with their own id); a visitor sends none and gets popular
 * titles (DECISIONS 12). The list shown stays while another genre's loads.
 */
export const useRecommendations = ({ userId, genre, limit }: RecommendationsQuery) => {
  const client = useApiClient();
  return useQuery({
    queryKey: recommendationKeys.forViewer(userId, { genre, limit }),
    queryFn: ({ signal }) =>
      recommendationsApi.recommend(client, { user_id: userId ?? undefined, genre, limit }, signal),
    placeholderData: keepPreviousData,
  });
};
