import type { Plan, PlanId, SubscriptionView } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';
import { useCheckout } from './useCheckout';

/** The plan that gives the user access now, or null (`GET /api/users/{id}/subscription`). */
export const useSubscription = (userId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.subscription(userId),
    queryFn: ({ signal }) => paymentsApi.subscription(client, userId, signal),
  });
};

/**
 * Cancel at the end of the paid period, shown at once: the profile reads "Active until {date}" before the
 * server answers, and goes back to what it was if the server refuses (DECISIONS 15).
 */
export const useCancelSubscription = (userId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = paymentKeys.subscription(userId);
  return useMutation({
    mutationFn: () => paymentsApi.cancelSubscription(client, userId),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SubscriptionView | null>(key);
      if (previous) {
        const cancelled: SubscriptionView = {
          ...previous,
          status: 'cancelled',
          nextBilling: null,
          activeUntil: previous.currentEnd,
          scheduledChange: null,
        };
        queryClient.setQueryData(key, cancelled);
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (view) => queryClient.setQueryData(key, view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};

/**
 * Change plan (DECISIONS 4, 28): the new plan is authorised through Checkout now and starts when the current
 * period ends. Once verified, the profile shows "Changes to {plan} on {date}" at once and then the server's view.
 */
export const useChangePlan = (userId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = paymentKeys.subscription(userId);
  const { t } = useTranslation('payments');
  const checkout = useCheckout({
    createFailed: t('changeFailed'),
    onPaid: async (result) => {
      const current = queryClient.getQueryData<SubscriptionView | null>(key);
      const startsAt = current?.currentEnd;
      if (current && result.planId && startsAt) {
        const scheduled: SubscriptionView = {
          ...current,
          scheduledChange: { planId: result.planId, planName: planNameOf(result.planId), startsAt },
        };
        queryClient.setQueryData(key, scheduled);
      }
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all, refetchType: 'active' });
    },
  });
  const planNameOf = (planId: PlanId) =>
    queryClient.getQueryData<Plan[]>(paymentKeys.plans())?.find((plan) => plan.id === planId)?.name ?? planId;
  const change = (planId: PlanId) =>
    void checkout.start((idempotencyKey) =>
      paymentsApi.changePlan(client, userId, { planId, idempotencyKey }),
    );
  return { ...checkout, change };
};
