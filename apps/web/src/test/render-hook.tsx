import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '@web/modules/auth/components/AuthProvider';
import { createApiClient } from '@web/shared/api/api-client';
import { ApiClientProvider } from '@web/shared/api/ApiClientProvider';

/**
 * A feature hook under the app's providers (query client, the session-aware API client, a router), talking to
 * the API at `apiBaseUrl`. A session stored beforehand (signInAs, storeSession) is the signed-in user.
 */
export const renderHookWithApi = <Result,>(hook: () => Result, { apiBaseUrl }: { apiBaseUrl: string }) => {
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
  return { ...renderHook(hook, { wrapper }), queryClient };
};
