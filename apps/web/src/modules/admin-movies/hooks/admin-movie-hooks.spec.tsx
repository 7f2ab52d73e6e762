import { act, waitFor } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderHookWithApi } from '@web/test/render-hook';
import { useCreateMovie, useDeleteReview, usePublishMovie } from './useAdminMovieActions';
import { useAdminMovies } from './useAdminMovies';

describe('admin movies hooks', () => {
  let api: FakeApi;
  let seen: Array<{ method?: string; path: string; auth?: string }>;

  beforeEach(async () => {
    seen = [];
    api = await startFakeApi((request, url) => {
      seen.push({ method: request.method, path: url.pathname, auth: request.headers.authorization });
      if (url.pathname === '/api/admin/movies')
        return {
          status: 200,
          body: { data: [aMovie({ status: 'draft' })], page: 1, pageSize: 12, total: 1 },
        };
      if (request.method === 'DELETE') return { status: 204, body: null };
      return { status: 200, body: { success: true, movie: aMovie() } };
    });
    signInAs('admin');
  });

  afterEach(async () => {
    window.localStorage.clear();
    await api.close();
  });

  const grid = () => seen.filter(({ path }) => path === '/api/admin/movies');

  it.each([
    [
      'useCreateMovie',
      'POST',
      '/api/movies',
      (hooks: Hooks) => hooks.create.mutateAsync({ title: 'New' } as never),
    ],
    ['usePublishMovie', 'PUT', '/api/movies/m1/publish', (hooks: Hooks) => hooks.publish.mutateAsync('m1')],
    [
      'useDeleteReview',
      'DELETE',
      '/api/movies/m1/reviews/r1',
      (hooks: Hooks) => hooks.removeReview.mutateAsync({ movieId: 'm1', reviewId: 'r1' }),
    ],
  ])("%s sends %s %s with the admin's token, then the grid reloads", async (_hook, method, path, act_) => {
    const { result } = renderHookWithApi(
      () => ({
        grid: useAdminMovies({ page: 1, pageSize: 12 }),
        create: useCreateMovie(),
        publish: usePublishMovie(),
        removeReview: useDeleteReview(),
      }),
      { apiBaseUrl: api.baseUrl },
    );
    await waitFor(() => expect(result.current.grid.isSuccess).toBe(true));
    expect(grid()).toEqual([{ method: 'GET', path: '/api/admin/movies', auth: 'Bearer admin-token' }]);

    await act(() => act_(result.current));

    expect(seen).toContainEqual({ method, path, auth: 'Bearer admin-token' });
    await waitFor(() => expect(grid()).toHaveLength(2));
  });
});

type Hooks = {
  create: ReturnType<typeof useCreateMovie>;
  publish: ReturnType<typeof usePublishMovie>;
  removeReview: ReturnType<typeof useDeleteReview>;
};
