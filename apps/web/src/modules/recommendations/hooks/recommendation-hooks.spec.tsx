import { waitFor } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderHookWithApi } from '@web/test/render-hook';
import {
  aList,
  answer,
  aRecommendation,
  notFound,
  type RecommendBody,
  recommendationRoutes,
} from '../testing/recommendations-test-kit';
import { useRecommendations } from './useRecommendations';
import { useSimilar } from './useSimilar';
import { useTrending } from './useTrending';
import { isNotFound } from '@web/shared/api/api-request-error';

const USER = '65f0c0ffee00000000000001';

describe('recommendation hooks', () => {
  let api: FakeApi;
  let calls: Array<{ authorization?: string; body: RecommendBody }>;

  beforeEach(async () => {
    window.localStorage.clear();
    calls = [];
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/recommend')
        calls.push({ authorization: request.headers.authorization, body: body as RecommendBody });
      return recommendationRoutes({
        recommend: () => answer(aList([aRecommendation({ title: 'Lagaan' })])),
        similar: ({ movieId }) => (movieId === 'unknown' ? notFound : answer(aList([]))),
      })(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  it("asks for the signed-in viewer's own picks, in a genre, with their token", async () => {
    signInAs('user');
    const { result } = renderHookWithApi(() => useRecommendations({ userId: USER, genre: 'Drama' }), {
      apiBaseUrl: api.baseUrl,
    });

    await waitFor(() => expect(result.current.data?.items[0]?.title).toBe('Lagaan'));
    expect(calls).toEqual([{ authorization: 'Bearer user-token', body: { user_id: USER, genre: 'Drama' } }]);
  });

  it('sends no user id (and no token) for a visitor', async () => {
    const { result } = renderHookWithApi(() => useRecommendations({ userId: null }), {
      apiBaseUrl: api.baseUrl,
    });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(calls).toEqual([{ authorization: undefined, body: {} }]);
  });

  it('passes the genre and limit of Trending Now as query values', async () => {
    const { result } = renderHookWithApi(() => useTrending({ genre: 'Comedy', limit: 6 }), {
      apiBaseUrl: api.baseUrl,
    });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.requests).toEqual(['/api/recommend/trending?genre=Comedy&limit=6']);
  });

  it('reads 404 for a similar list as a title the recommender does not know, not a failure to retry', async () => {
    const { result } = renderHookWithApi(() => useSimilar('unknown'), { apiBaseUrl: api.baseUrl });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(api.requests).toEqual(['/api/movies/unknown/similar']);
    expect(isNotFound(result.current.error)).toBe(true);
    expect(
      isNotFound(new ApiRequestError(503, { code: 'SERVICE_UNAVAILABLE', message: 'x', correlationId: 'c' })),
    ).toBe(false);
  });
});
