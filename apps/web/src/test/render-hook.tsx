import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '@web/modules/auth/components/AuthProvider';
import { createApiClient } from '@web/shared/api/api-client';
import { ApiClientProvider } from '@web/shared/api/ApiClientProvider';

/** The app's providers (query client, the session-aware API client, a router) over the API at `apiBaseUrl`. */
const withApi = (apiBaseUrl: string) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={createApiClient(apiBaseUrl)}>
        <AuthProvider>
          <MemoryRouter>{children}</MemoryRouter>
        </AuthProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
};

/**
 * A feature hook under the app's providers, talking to the API at `apiBaseUrl`. A session stored beforehand
 * (signInAs, storeSession) is the signed-in user.
 */
export const renderHookWithApi = <Result,>(hook: () => Result, { apiBaseUrl }: { apiBaseUrl: string }) => {
  const { queryClient, wrapper } = withApi(apiBaseUrl);
  return { ...renderHook(hook, { wrapper }), queryClient };
};

/** A feature component under the same providers, for a component that reaches data through its hooks. */
export const renderWithApi = (ui: ReactElement, { apiBaseUrl }: { apiBaseUrl: string }) => {
  const { queryClient, wrapper } = withApi(apiBaseUrl);
  return { ...render(ui, { wrapper }), queryClient };
};
