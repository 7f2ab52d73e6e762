import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@web/shared/api/api-client';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';

const configQuery = (client: ApiClient) => ({
  queryKey: paymentKeys.config(),
  queryFn: ({ signal }: { signal?: AbortSignal }) => paymentsApi.config(client, signal),
  staleTime: Infinity,
});

/** Where Checkout loads from and whether this is test mode (`GET /api/payments/config`). */
export const useCheckoutConfig = () => {
  const client = useApiClient();
  return useQuery(configQuery(client));
};

/** The same answer, for code that needs it now (opening Checkout). */
export const fetchCheckoutConfig = (queryClient: QueryClient, client: ApiClient) =>
  queryClient.fetchQuery(configQuery(client));
