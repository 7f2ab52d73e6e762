import type { RecommendRequest, SimilarQuery, TrendingQuery } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

/** Every field of these requests has a server default (DECISIONS 12: no `user_id` is a visitor). */
export type RecommendBody = Partial<RecommendRequest>;
export type TrendingParams = Partial<TrendingQuery>;
export type SimilarParams = Partial<SimilarQuery>;

/** The recommendation calls (issue 12), one function per call. The session client adds the viewer's token. */
export const recommendationsApi = {
  /** `POST /api/recommend`: the viewer's own picks (`source: personal`), or popular titles (`popular`). */
  recommend: (client: ApiClient, body: RecommendBody, signal?: AbortSignal) =>
    client.call('POST /api/recommend', { body }, { signal }),
  trending: (client: ApiClient, query: TrendingParams, signal?: AbortSignal) =>
    client.call('GET /api/recommend/trending', { query }, { signal }),
  /** 404 when the title is not one the recommender knows. */
  similar: (client: ApiClient, movieId: string, query: SimilarParams, signal?: AbortSignal) =>
    client.call('GET /api/movies/{id}/similar', { params: { id: movieId }, query }, { signal }),
} as const;
