import {
  AuthMessages,
  type Checkout,
  PaymentMessages,
  PromoMessages,
  type VerifyPaymentResult,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { formatInr } from '@web/shared/i18n/format';
import { errorText } from '@web/shared/api/error-text';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import {
  loadRazorpayCheckout,
  type RazorpayHandlerResponse,
  toVerifyRequest,
} from '../api/razorpay-checkout';
import { newIdempotencyKey } from '../idempotency-key';
import { fetchCheckoutConfig } from './useCheckoutConfig';

export type CheckoutStage = 'idle' | 'creating' | 'paying' | 'verifying';
export type CheckoutOutcome = {
  tone: 'success' | 'error' | 'info';
  message: string;
  /** What the viewer can do about it here: an unverified account can have its verification mail sent again. */
  action?: 'resend-verification';
} | null;

/** Creates the order or subscription Checkout opens; the key is this press's, sent again if the call is retried. */
export type CreateOrder = (idempotencyKey: string) => Promise<Checkout>;

export type CheckoutOptions = {
  /** After the server verified the payment: refresh what it changed, move on. */
  onPaid?: (result: VerifyPaymentResult) => void | Promise<void>;
  /** The text when the order cannot be made (SPEC 8: 'Failed to create order'; a plan change has its own). */
  createFailed?: string;
  /** Issue 27: the words for a code the server applied, when the default (list price → amount) is not it. */
  promoText?: (checkout: Checkout) => string | null;
};

/** A network failure or a 5xx may not have reached the server: the same press tries once more with its key. */
const retryable = (error: unknown) => !(error instanceof ApiRequestError) || error.status >= 500;

const withOneRetry = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (!retryable(error)) throw error;
    return call();
  }
};

/** The server's own words when it refuses for a reason the viewer can act on (already owned, invalid title). */
const PROMO_REFUSALS: readonly string[] = Object.values(PromoMessages);
const actionable = (error: ApiRequestError) =>
  error.status === 409 ||
  error.message === PaymentMessages.invalidMovieId ||
  PROMO_REFUSALS.includes(error.message);

/** DECISIONS 33: an account whose email is not verified cannot pay; the gateway refuses it in these words. */
const isUnverifiedEmail = (error: unknown) =>
  error instanceof ApiRequestError &&
  error.status === 403 &&
  error.body.message === AuthMessages.emailNotVerified;

/**
 * One Razorpay payment, press to verified: create the order (one per press: busy presses are ignored and the
 * idempotency key is reused on retry), load Checkout once, open it with the server's order, then verify its
 * signed answer on the server. Each stage fails with its own SPEC 8 text; an unverified account is told to verify
 * its email first (DECISIONS 33), with the way to get the mail again.
 */
export const useCheckout = ({ onPaid, createFailed, promoText }: CheckoutOptions = {}) => {
  const { t } = useTranslation('payments');
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<CheckoutStage>('idle');
  const [outcome, setOutcome] = useState<CheckoutOutcome>(null);
  // A ref, not state: two clicks in one frame both see the first one's claim.
  const busy = useRef(false);

  const release = useCallback(() => {
    busy.current = false;
    setStage('idle');
  }, []);

  const fail = useCallback(
    (message: string) => {
      setOutcome({ tone: 'error', message });
      release();
    },
    [release],
  );

  const verify = useCallback(
    async (response: RazorpayHandlerResponse) => {
      busy.current = true;
      setStage('verifying');
      setOutcome(null);
      try {
        const result = await paymentsApi.verify(client, toVerifyRequest(response));
        setOutcome({ tone: 'success', message: result.message || t('success') });
        release();
        await onPaid?.(result);
      } catch {
        fail(t('verificationFailed'));
      }
    },
    [client, fail, onPaid, release, t],
  );

  const start = useCallback(
    async (createOrder: CreateOrder) => {
      if (busy.current) return;
      busy.current = true;
      setStage('creating');
      setOutcome(null);
      const idempotencyKey = newIdempotencyKey();

      let checkout: Checkout;
      try {
        checkout = await withOneRetry(() => createOrder(idempotencyKey));
      } catch (error) {
        if (isUnverifiedEmail(error)) {
          setOutcome({ tone: 'error', message: t('verifyEmailFirst'), action: 'resend-verification' });
          release();
          return;
        }
        fail(
          errorText(error, { fallback: createFailed ?? t('createOrderFailed'), showServerText: actionable }),
        );
        return;
      }

      let Razorpay;
      let themeColor: string;
      try {
        const config = await fetchCheckoutConfig(queryClient, client);
        themeColor = config.themeColor;
        Razorpay = await loadRazorpayCheckout(config.checkoutUrl);
      } catch {
        fail(t('processFailed'));
        return;
      }

      setStage('paying');
      // Issue 27: the server's price after the code, said beside Checkout (which shows the same amount).
      if (checkout.promo)
        setOutcome({
          tone: 'info',
          message:
            promoText?.(checkout) ??
            t('promoApplied', {
              code: checkout.promo.code,
              listPrice: formatInr(checkout.promo.listPricePaise / 100),
              amount: formatInr(checkout.amount / 100),
            }),
        });
      let answered = false;
      let failed = false;
      const target =
        checkout.mode === 'subscription' ? { subscription_id: checkout.id } : { order_id: checkout.id };
      try {
        const razorpay = new Razorpay({
          key: checkout.keyId,
          amount: checkout.amount,
          currency: checkout.currency,
          name: checkout.name,
          description: checkout.description,
          ...target,
          prefill: { email: checkout.prefill.email, name: checkout.prefill.name },
          theme: { color: themeColor },
          handler: (response) => {
            answered = true;
            void verify(response);
          },
          modal: {
            ondismiss: () => {
              if (answered) return;
              if (!failed) setOutcome({ tone: 'info', message: t('dismissed') });
              release();
            },
          },
        });
        // Checkout stays open after a failed attempt so the viewer can try another way; the text says what happened.
        razorpay.on('payment.failed', () => {
          failed = true;
          fail(t('processFailed'));
        });
        razorpay.open();
      } catch {
        fail(t('processFailed'));
      }
    },
    [client, createFailed, fail, promoText, queryClient, release, t, verify],
  );

  /** For a check made before any call (SPEC 5: a payment needs a movie id). */
  const refuse = useCallback((message: string) => setOutcome({ tone: 'error', message }), []);

  return { start, refuse, stage, busy: stage !== 'idle', outcome };
};
