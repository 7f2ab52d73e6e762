import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { type RouteObject, useRoutes } from 'react-router-dom';
import type { ApiClient } from '@web/shared/api/api-client';
import { AuthProvider } from '@web/modules/auth/components/AuthProvider';
import { ApiClientProvider } from '@web/shared/api/ApiClientProvider';
import { createQueryClient } from '@web/shared/api/query-client';
import { ThemeProvider } from '@web/shared/theme/ThemeProvider';
import { routes as appRoutes } from './router';

type AppProps = {
  /** Defaults to the app's routes; tests add routes of their own. */
  routes?: RouteObject[];
  /** Defaults to the same-origin API of config.ts; tests point it at their own server. */
  apiClient?: ApiClient;
  queryClient?: QueryClient;
};

const Routed = ({ routes }: { routes: RouteObject[] }) => useRoutes(routes);

/** The app inside a router: `<BrowserRouter>` in main.tsx, a memory router in tests. */
export const App = ({ routes = appRoutes, apiClient, queryClient }: AppProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // A language's texts load on first use (issue 26): until a namespace has come, its screen waits here.
  const routed = (
    <AuthProvider>
      <Suspense fallback={null}>
        <Routed routes={routes} />
      </Suspense>
    </AuthProvider>
  );
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        {apiClient ? <ApiClientProvider client={apiClient}>{routed}</ApiClientProvider> : routed}
      </QueryClientProvider>
    </ThemeProvider>
  );
};
