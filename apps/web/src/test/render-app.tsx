import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { App } from '@web/app/App';
import { pageStrings } from '@web/pages/strings';
import { createApiClient } from '@web/shared/api/api-client';
import { memoryRouterAt } from './memory-router';

type RenderAppOptions = { path?: string; apiBaseUrl?: string; routes?: RouteObject[] };

/** The whole app (providers, router, pages) at `path`, talking to the API at `apiBaseUrl`. */
export const renderApp = ({
  path = '/',
  apiBaseUrl = 'http://127.0.0.1:9',
  routes,
}: RenderAppOptions = {}) => {
  const { router, wrap } = memoryRouterAt(path);
  // No retries: a test that fails a request wants to see the failure at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    wrap(<App routes={routes} apiClient={createApiClient(apiBaseUrl)} queryClient={queryClient} />),
  );
  return { ...view, router, queryClient };
};

/**
 * Pages load lazily: waits until the page's chunk has replaced the Suspense fallback. A spec's first page compiles its
 * chunk cold (recharts, the player: a second or more on a busy machine), so the wait is longer than waitFor's 1 s.
 */
export const PAGE_LOAD_TIMEOUT_MS = 10_000;
export const waitForPage = () =>
  waitFor(() => expect(screen.queryByRole('status', { name: pageStrings.loading })).toBeNull(), {
    timeout: PAGE_LOAD_TIMEOUT_MS,
  });
