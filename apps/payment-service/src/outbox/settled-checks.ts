import type { SettledChecks } from '@app/server-core';
import type { GrantsRepository } from '../entitlements/grants.repository';
import type { PaymentsRepository } from '../payments/payments.repository';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';

/**
 * "Is the fact stored?" for each event payment-service announces, asked by the outbox's relay about an entry whose
 * process died after storing it, before saying whether its change was made (issue 29 §1). Read-only. Every money
 * event is a fact keyed by Razorpay's id or the grant's source, so announcing one again is the same news to
 * consumers (they apply each once by that key).
 */
export const settledChecks = (
  payments: PaymentsRepository,
  grants: GrantsRepository,
  subscriptions: SubscriptionsRepository,
): SettledChecks => ({
  // Captured (a refund since leaves it captured once), and not a second payment (refunded, granting nothing).
  'payment.captured': async ({ paymentId }) => {
    const payment = await payments.findById(paymentId);
    return Boolean(payment?.capturedAt) && !payment?.duplicateOf;
  },
  // The grant stands (one revoked since was announced by its revocation).
  'entitlement.granted': async ({ source }) => {
    const grant = await grants.findBySource(source);
    return grant !== null && grant.revokedAt === null;
  },
  // Refunded (issue 28).
  'payment.refunded': async ({ paymentId }) => Boolean((await payments.findById(paymentId))?.refundedAt),
  'entitlement.revoked': async ({ source }) => Boolean((await grants.findBySource(source))?.revokedAt),
  // The subscription is in the state announced (one moved on since is announced by that move).
  'subscription.changed': async ({ subscriptionId, status, currentEnd }) => {
    const sub = await subscriptions.findByRazorpayId(subscriptionId);
    return sub !== null && sub.status === status && (sub.currentEnd?.toISOString() ?? null) === currentEnd;
  },
});
