import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';

/**
 * The entitlement answer on demand (a Play button asks before it leads anywhere), through the same cache entry
 * as `useEntitlement`, so the panel that may open next already has it.
 */
export const useEntitlementCheck = () => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const viewerId = user?.id ?? null;
  return useCallback(
    (movieId: string) =>
      queryClient.fetchQuery({
        queryKey: paymentKeys.entitlement(movieId, viewerId),
        queryFn: ({ signal }) => paymentsApi.entitlement(client, movieId, signal),
        staleTime: 30_000,
      }),
    [client, queryClient, viewerId],
  );
};
