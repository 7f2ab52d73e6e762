import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';

/** My titles (DECISIONS 22): the user's purchases and rentals with their clocks. */
export const useOwnedTitles = (userId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.ownedTitles(userId),
    queryFn: ({ signal }) => paymentsApi.ownedTitles(client, userId, signal),
  });
};
