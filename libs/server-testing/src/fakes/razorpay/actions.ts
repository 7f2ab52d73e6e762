import { badRequest } from './http';
import type { JsonObject } from './http';
import { failOrder, payOrder } from './orders';
import type { PayerDetails, RazorpayStore } from './state';
import { failSubscription, paySubscription } from './subscriptions';
import type { CheckoutResponse, PayMethod, PayTarget } from './types';

/** Checkout's error object for `payment.failed` handlers. */
export type CheckoutFailure = {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id?: string; subscription_id?: string; payment_id: string };
  };
};

export const payTarget = (store: RazorpayStore, target: PayTarget, payer: PayerDetails): CheckoutResponse =>
  'orderId' in target
    ? payOrder(store, target.orderId, payer)
    : paySubscription(store, target.subscriptionId, payer);

export const failTarget = (store: RazorpayStore, target: PayTarget, payer: PayerDetails): CheckoutFailure => {
  const payment =
    'orderId' in target
      ? failOrder(store, target.orderId, payer)
      : failSubscription(store, target.subscriptionId, payer);
  return {
    error: {
      code: payment.error_code ?? 'BAD_REQUEST_ERROR',
      description: payment.error_description ?? 'Payment failed',
      source: payment.error_source ?? 'customer',
      step: payment.error_step ?? 'payment_authorization',
      reason: payment.error_reason ?? 'payment_failed',
      metadata: {
        ...('orderId' in target ? { order_id: target.orderId } : { subscription_id: target.subscriptionId }),
        payment_id: payment.id,
      },
    },
  };
};

/** Reads `{orderId | subscriptionId}` (controls) or `{order_id | subscription_id}` (Checkout). */
export const targetFrom = (body: JsonObject): PayTarget => {
  const orderId = body.orderId ?? body.order_id;
  const subscriptionId = body.subscriptionId ?? body.subscription_id;
  if (typeof orderId === 'string' && orderId) return { orderId };
  if (typeof subscriptionId === 'string' && subscriptionId) return { subscriptionId };
  throw badRequest('order_id or subscription_id is required', 'order_id');
};

export const payerFrom = (body: JsonObject): PayerDetails => ({
  method: methodFrom(body.method),
  ...(typeof body.email === 'string' && body.email ? { email: body.email } : {}),
  ...(typeof body.vpa === 'string' && body.vpa ? { vpa: body.vpa } : {}),
});

export const methodFrom = (value: unknown): PayMethod => (value === 'card' ? 'card' : 'upi');
