import { type PlanId, type VerifyPaymentResult, VerifyOutcome } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';
import { useCheckout } from './useCheckout';

/**
 * Subscribe to a plan (SPEC's `POST /create-order`): Checkout authorises the Razorpay subscription, the server
 * verifies it, and every access answer and the profile's subscription refresh before `onPaid` moves on. A second
 * plan's charge refunded by itself (outcome 'refunded-duplicate') is said here and never moves on to a celebration.
 */
export const usePlanCheckout = ({ onPaid }: { onPaid?: (result: VerifyPaymentResult) => void } = {}) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const checkout = useCheckout({
    onPaid: async (result) => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all, refetchType: 'active' });
      if (result.outcome === VerifyOutcome.Paid) onPaid?.(result);
    },
  });
  const subscribe = (planId: PlanId) =>
    void checkout.start((idempotencyKey) => paymentsApi.createPlanOrder(client, { planId, idempotencyKey }));
  return { ...checkout, subscribe };
};
