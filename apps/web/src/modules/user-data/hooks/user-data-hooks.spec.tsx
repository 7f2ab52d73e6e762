import {
  type ContinueWatchingItem,
  DEFAULT_VIEWER_SETTINGS,
  type Favorite,
  type HistoryPage,
  type ViewerSettings,
} from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type ApiClient, type RouteCall, routeTarget } from '@web/shared/api/api-client';
import { ApiClientProvider } from '@web/shared/api/ApiClientProvider';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { aContinueItem, aFavorite, aHistoryItem, USER_ID } from '../testing/user-data-test-kit';
import { useHideFromRow } from './useContinueWatching';
import { useAddFavorite, useRemoveFavorite } from './useFavorites';
import { useSaveViewerSettings } from './useViewerSettings';
import { useRemoveHistoryItem } from './useWatchHistory';
import { userDataKeys } from './user-data-keys';

type Held = {
  method: string;
  path: string;
  body: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/** A client whose every call waits for the test to answer it: the optimistic state is visible in between. */
const heldClient = () => {
  const calls: Held[] = [];
  const hold = (method: string) => (path: string, body: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push({
        method,
        path,
        body,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
    });
  const call = ((route: string, input: { params?: object; body?: unknown } = {}) => {
    const { method, path } = routeTarget(route, input.params);
    return hold(method)(path, input.body);
  }) as RouteCall;
  const client: ApiClient = { call };
  const next = async () => {
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    return calls.shift() as Held;
  };
  return {
    client,
    answer: async (value?: unknown) => {
      const call = await next();
      act(() => call.resolve(value));
      return call;
    },
    refuse: async (status = 500, message = 'Something went wrong') => {
      const call = await next();
      act(() => call.reject(new ApiRequestError(status, { code: 'INTERNAL', message, correlationId: 'c' })));
      return call;
    },
  };
};

const setup = <Result,>(hook: () => Result, seed: (queryClient: QueryClient) => void) => {
  const held = heldClient();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  seed(queryClient);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={held.client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  return { ...held, queryClient, hook: renderHook(hook, { wrapper }) };
};

const titlesOf = (list: Array<{ title: string }> | undefined) => list?.map(({ title }) => title);

describe('favorites (DECISIONS 15: optimistic, rolled back)', () => {
  const key = userDataKeys.favorites(USER_ID);
  const [a, b, c] = [aFavorite({ title: 'A' }), aFavorite({ title: 'B' }), aFavorite({ title: 'C' })];

  it('removes at once and puts the title back in its place when the server refuses', async () => {
    const onError = jest.fn();
    const { hook, queryClient, refuse } = setup(
      () => useRemoveFavorite(USER_ID, { onError }),
      (client) => client.setQueryData(key, [a, b, c]),
    );
    const cached = () => titlesOf(queryClient.getQueryData<Favorite[]>(key));

    act(() => hook.result.current.mutate(b.movieId));
    await waitFor(() => expect(cached()).toEqual(['A', 'C']));

    const call = await refuse();
    expect(call).toMatchObject({ method: 'DELETE', path: `/api/users/${USER_ID}/favorites/${b.movieId}` });
    await waitFor(() => expect(cached()).toEqual(['A', 'B', 'C']));
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('rolls back only the removal that failed when two are in flight', async () => {
    const { hook, queryClient, answer, refuse } = setup(
      () => useRemoveFavorite(USER_ID),
      (client) => client.setQueryData(key, [a, b, c]),
    );
    const cached = () => titlesOf(queryClient.getQueryData<Favorite[]>(key));

    act(() => hook.result.current.mutate(a.movieId));
    await waitFor(() => expect(cached()).toEqual(['B', 'C']));
    act(() => hook.result.current.mutate(c.movieId));
    await waitFor(() => expect(cached()).toEqual(['B']));

    await refuse();
    await answer();
    await waitFor(() => expect(cached()).toEqual(['A', 'B']));
  });

  it('adds at once; a refusal takes the title out again and reports the server message', async () => {
    const onError = jest.fn();
    const onSuccess = jest.fn();
    const { hook, queryClient, refuse, answer } = setup(
      () => useAddFavorite(USER_ID, { onError, onSuccess }),
      (client) => client.setQueryData(key, [a]),
    );
    const cached = () => titlesOf(queryClient.getQueryData<Favorite[]>(key));
    const title = { movieId: b.movieId, title: 'B', posterUrl: b.posterUrl, genre: 'Drama', rating: 8.1 };

    act(() => hook.result.current.mutate(title));
    await waitFor(() => expect(cached()).toEqual(['B', 'A']));
    const call = await refuse(404, 'Movie not found');
    expect(call).toMatchObject({ method: 'POST', body: { movieId: b.movieId } });
    await waitFor(() => expect(cached()).toEqual(['A']));
    expect((onError.mock.calls[0][0] as Error).message).toBe('Movie not found');

    act(() => hook.result.current.mutate(title));
    await answer(b);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(b));
    expect(queryClient.getQueryData<Favorite[]>(key)?.[0]).toEqual(b);
  });
});

describe('watch history removal', () => {
  it('takes the item out of its page (and the total) at once, and back when the server refuses', async () => {
    const [x, y] = [aHistoryItem({ title: 'X' }), aHistoryItem({ title: 'Y' })];
    const pageKey = userDataKeys.historyPage(USER_ID, 1);
    const onError = jest.fn();
    const { hook, queryClient, refuse } = setup(
      () => useRemoveHistoryItem(USER_ID, { onError }),
      (client) =>
        client.setQueryData<HistoryPage>(pageKey, { data: [x, y], page: 1, pageSize: 24, total: 30 }),
    );
    const cached = () => queryClient.getQueryData<HistoryPage>(pageKey);

    act(() => hook.result.current.mutate(x.id));
    await waitFor(() => expect(titlesOf(cached()?.data)).toEqual(['Y']));
    expect(cached()?.total).toBe(29);

    const call = await refuse();
    expect(call).toMatchObject({ method: 'DELETE', path: `/api/users/${USER_ID}/watch-history/${x.id}` });
    await waitFor(() => expect(titlesOf(cached()?.data)).toEqual(['X', 'Y']));
    expect(cached()?.total).toBe(30);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe('Continue Watching: Remove from row', () => {
  it('hides the title at once and brings it back when the server refuses', async () => {
    const key = userDataKeys.continueWatching(USER_ID);
    const [one, two] = [aContinueItem({ title: 'One' }), aContinueItem({ title: 'Two' })];
    const { hook, queryClient, refuse } = setup(
      () => useHideFromRow(USER_ID),
      (client) => client.setQueryData(key, [one, two]),
    );
    const cached = () => titlesOf(queryClient.getQueryData<ContinueWatchingItem[]>(key));

    act(() => hook.result.current.mutate(one.movieId));
    await waitFor(() => expect(cached()).toEqual(['Two']));
    const call = await refuse();
    expect(call.path).toBe(`/api/users/${USER_ID}/continue-watching/${one.movieId}`);
    await waitFor(() => expect(cached()).toEqual(['One', 'Two']));
  });
});

describe('settings', () => {
  it('applies the saved settings at once and goes back to the previous ones when the server refuses', async () => {
    const key = userDataKeys.settings(USER_ID);
    const changed: ViewerSettings = {
      notifications: { newReleases: false, recommendations: true },
      playback: 'ask-next',
    };
    const { hook, queryClient, refuse } = setup(
      () => useSaveViewerSettings(USER_ID),
      (client) => client.setQueryData(key, DEFAULT_VIEWER_SETTINGS),
    );

    act(() => hook.result.current.mutate(changed));
    await waitFor(() => expect(queryClient.getQueryData(key)).toEqual(changed));
    const call = await refuse();
    expect(call).toMatchObject({ method: 'PUT', path: `/api/users/${USER_ID}/settings`, body: changed });
    await waitFor(() => expect(queryClient.getQueryData(key)).toEqual(DEFAULT_VIEWER_SETTINGS));
  });
});
