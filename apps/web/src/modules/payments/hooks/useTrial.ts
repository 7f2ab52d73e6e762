import { type VerifyPaymentResult, VerifyOutcome } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';
import { useCheckout } from './useCheckout';

/** Whether the signed-in account may start the free trial (issue 27); nothing is asked for a visitor. */
export const useTrialOffer = () => {
  const client = useApiClient();
  const { user } = useAuth();
  return useQuery({
    queryKey: paymentKeys.trial(user?.id ?? ''),
    queryFn: ({ signal }) => paymentsApi.trialOffer(client, user?.id ?? '', signal),
    enabled: Boolean(user),
    retry: false,
  });
};

/** Start the free trial: Checkout authorises the mandate; on success every payment answer is read again. */
export const useTrialCheckout = ({ onPaid }: { onPaid?: (result: VerifyPaymentResult) => void } = {}) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const checkout = useCheckout({
    onPaid: async (result) => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all, refetchType: 'active' });
      if (result.outcome === VerifyOutcome.Paid) onPaid?.(result);
    },
  });
  const start = () => {
    if (!user) return;
    void checkout.start((idempotencyKey) => paymentsApi.startTrial(client, user.id, idempotencyKey));
  };
  return { ...checkout, start };
};
