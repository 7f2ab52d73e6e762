import { type Plan, type VerifyPaymentResult, VerifyOutcome } from '@app/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { formatInr } from '@web/shared/i18n/format';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';
import { useCheckout } from './useCheckout';

/**
 * Subscribe to a plan (SPEC's `POST /create-order`): Checkout authorises the Razorpay subscription, the server
 * verifies it, and every access answer and the profile's subscription refresh before `onPaid` moves on. A second
 * plan's charge refunded by itself (outcome 'refunded-duplicate') is said here and never moves on to a celebration.
 */
export const usePlanCheckout = ({ onPaid }: { onPaid?: (result: VerifyPaymentResult) => void } = {}) => {
  const { t } = useTranslation('payments');
  const client = useApiClient();
  const queryClient = useQueryClient();
  // The plan asked for, so a code's words can name its period and list price.
  const asked = useRef<Plan | null>(null);
  const checkout = useCheckout({
    onPaid: async (result) => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all, refetchType: 'active' });
      if (result.outcome === VerifyOutcome.Paid) onPaid?.(result);
    },
    // Issue 27: a code takes money off the first period only; renewals are at the list price.
    promoText: (created) =>
      created.promo && asked.current
        ? t('promoAppliedPlan', {
            code: created.promo.code,
            amount: formatInr(created.amount / 100),
            price: formatInr(asked.current.priceInr),
            count: asked.current.months,
          })
        : null,
  });
  /** `promoCode`: what the viewer typed (blank: none); the server applies it, or says why not. */
  const subscribe = (plan: Plan, promoCode?: string) => {
    asked.current = plan;
    const code = promoCode?.trim() || undefined;
    void checkout.start((idempotencyKey) =>
      paymentsApi.createPlanOrder(client, { planId: plan.id, idempotencyKey, promoCode: code }),
    );
  };
  return { ...checkout, subscribe };
};
