import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';

/** The plan catalogue (DECISIONS 1, 26), as the server sends it. It changes rarely. */
export const usePlans = () => {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.plans(),
    queryFn: ({ signal }) => paymentsApi.plans(client, signal),
    staleTime: 10 * 60_000,
  });
};
