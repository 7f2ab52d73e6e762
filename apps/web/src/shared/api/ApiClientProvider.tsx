import { createContext, type ReactNode, useContext } from 'react';
import { config } from '@web/shared/config/config';
import { type ApiClient, createApiClient } from './api-client';

const ApiClientContext = createContext<ApiClient>(createApiClient(config.apiBaseUrl));

type ApiClientProviderProps = { client: ApiClient; children: ReactNode };

/** Lets tests (and any future host) point the app at another API origin. */
export const ApiClientProvider = ({ client, children }: ApiClientProviderProps) => (
  <ApiClientContext value={client}>{children}</ApiClientContext>
);

export const useApiClient = (): ApiClient => useContext(ApiClientContext);
