import type { RecommendBody, SimilarParams, TrendingParams } from '../api/recommendations.api';

/** TanStack Query keys of the recommendations, so a change to the viewer's data can refresh their own lists. */
export const recommendationKeys = {
  all: ['recommendations'] as const,
  /** Every personal list of one viewer (a visitor is null). */
  ofViewer: (userId: string | null) => [...recommendationKeys.all, 'viewer', userId ?? 'visitor'] as const,
  forViewer: (userId: string | null, query: Omit<RecommendBody, 'user_id'>) =>
    [...recommendationKeys.ofViewer(userId), query] as const,
  trending: (query: TrendingParams) => [...recommendationKeys.all, 'trending', query] as const,
  similar: (movieId: string, query: SimilarParams) =>
    [...recommendationKeys.all, 'similar', movieId, query] as const,
};
