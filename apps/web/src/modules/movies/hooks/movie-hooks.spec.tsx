import type { MovieDetail } from '@app/contracts';
import { act, waitFor } from '@testing-library/react';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderHookWithApi } from '@web/test/render-hook';
import { signInAs } from '../testing/browse-test-kit';
import { useMovie } from './useMovie';
import { useMovies } from './useMovies';
import { usePostReview } from './usePostReview';

const draft: MovieDetail = { ...aMovie({ title: 'Unreleased Cut', status: 'draft' }), topReviews: [] };

describe('movies hooks', () => {
  let api: FakeApi;
  let seen: Array<{ method?: string; path: string; auth?: string; body: unknown }>;

  beforeEach(async () => {
    seen = [];
    api = await startFakeApi((request, url, body) => {
      seen.push({
        method: request.method,
        path: `${url.pathname}${url.search}`,
        auth: request.headers.authorization,
        body,
      });
      if (url.pathname === '/api/movies')
        return {
          status: 200,
          body: { data: [aMovie({ title: 'Lagaan' })], page: 1, pageSize: 24, total: 1 },
        };
      if (
        url.pathname === `/api/movies/${draft.id}` &&
        request.headers.authorization === 'Bearer admin-token'
      )
        return { status: 200, body: draft };
      if (url.pathname === `/api/movies/${draft.id}/reviews`) return { status: 201, body: { id: 'r1' } };
      return undefined;
    });
  });

  afterEach(async () => {
    window.localStorage.clear();
    await api.close();
  });

  it('useMovies asks for the first page by default', async () => {
    const { result } = renderHookWithApi(() => useMovies(), { apiBaseUrl: api.baseUrl });

    await waitFor(() => expect(result.current.data?.data[0].title).toBe('Lagaan'));
    expect(seen.map(({ path }) => path)).toEqual(['/api/movies?page=1&pageSize=24']);
  });

  it("useMovie carries the session's token without being handed one: an admin reaches a draft", async () => {
    signInAs('admin');
    const { result } = renderHookWithApi(() => useMovie(draft.id), { apiBaseUrl: api.baseUrl });

    await waitFor(() => expect(result.current.data?.title).toBe('Unreleased Cut'));
    expect(seen[0].auth).toBe('Bearer admin-token');
  });

  it('useMovie as a visitor sends no token, and a draft is not found', async () => {
    const { result } = renderHookWithApi(() => useMovie(draft.id), { apiBaseUrl: api.baseUrl });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(seen[0].auth).toBeUndefined();
  });

  it("usePostReview posts with the session's token and reloads the title's reviews", async () => {
    signInAs('admin');
    const { result } = renderHookWithApi(
      () => ({ movie: useMovie(draft.id), post: usePostReview(draft.id) }),
      { apiBaseUrl: api.baseUrl },
    );
    await waitFor(() => expect(result.current.movie.isSuccess).toBe(true));

    await act(() => result.current.post.mutateAsync({ rating: 8.5, content: 'Loved it' }));

    expect(seen[1]).toEqual({
      method: 'POST',
      path: `/api/movies/${draft.id}/reviews`,
      auth: 'Bearer admin-token',
      body: { rating: 8.5, content: 'Loved it' },
    });
    await waitFor(() =>
      expect(seen.filter(({ path }) => path === `/api/movies/${draft.id}`)).toHaveLength(2),
    );
  });
});
