import type { z } from 'zod';
import type {
  AdminOrderSchema,
  AdminPaymentSchema,
  AdminSubscriptionSchema,
  AdminWebhookEventSchema,
} from '@app/contracts';
import { PaymentStatus } from '@app/contracts';
import { GrantKind } from '../entitlements/grant.schema';
import type { StoredOrder } from '../orders/orders.repository';
import type { StoredPayment } from '../payments/payments.repository';
import type { StoredSubscription } from '../subscriptions/subscriptions.repository';
import type { StoredWebhookEvent } from '../webhooks/webhook-events.repository';

const inr = (paise: number) => paise / 100;

export const toAdminOrder = (order: StoredOrder): z.infer<typeof AdminOrderSchema> => ({
  id: order.razorpayOrderId ?? order._id.toHexString(),
  receipt: order.receipt,
  userId: order.userId,
  email: order.email,
  kind: order.kind,
  movieId: order.movieId,
  title: order.title,
  amountInr: inr(order.amountPaise),
  status: order.status,
  createdAt: order.createdAt.toISOString(),
});

/** A payment carries no email of its own: the console hands it the payer's (from their orders and plans). */
export const toAdminPayment = (
  payment: StoredPayment,
  email: string | null = null,
): z.infer<typeof AdminPaymentSchema> => ({
  id: payment._id,
  orderId: payment.orderId,
  subscriptionId: payment.subscriptionId,
  userId: payment.userId,
  email,
  kind: payment.kind,
  movieId: payment.movieId,
  title: payment.title,
  planId: payment.planId,
  amountInr: inr(payment.amountPaise),
  status: payment.status,
  method: payment.method,
  createdAt: payment.createdAt.toISOString(),
  refundable:
    payment.status === PaymentStatus.Captured && payment.kind !== GrantKind.Subscription && !payment.refundId,
});

export const toAdminSubscription = (sub: StoredSubscription): z.infer<typeof AdminSubscriptionSchema> => ({
  id: sub.razorpayId ?? sub._id.toHexString(),
  userId: sub.userId,
  email: sub.email,
  planId: sub.planId,
  status: sub.status,
  currentStart: sub.currentStart?.toISOString() ?? null,
  currentEnd: sub.currentEnd?.toISOString() ?? null,
  cancelAtCycleEnd: sub.cancelAtCycleEnd,
  createdAt: sub.createdAt.toISOString(),
});

export const toAdminWebhookEvent = (event: StoredWebhookEvent): z.infer<typeof AdminWebhookEventSchema> => ({
  id: event._id,
  event: event.event,
  entityId: event.entityId,
  outcome: event.outcome,
  receivedAt: event.receivedAt.toISOString(),
});
