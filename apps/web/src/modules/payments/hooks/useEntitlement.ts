import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';

/** The one answer "can I watch this, why, and how do I get in" for the viewer (a visitor too). */
export const useEntitlement = (movieId: string) => {
  const client = useApiClient();
  const { user } = useAuth();
  const query = useQuery({
    queryKey: paymentKeys.entitlement(movieId, user?.id ?? null),
    queryFn: ({ signal }) => paymentsApi.entitlement(client, movieId, signal),
    enabled: movieId !== '',
    staleTime: 30_000,
  });
  return { ...query, signedIn: user !== null };
};
