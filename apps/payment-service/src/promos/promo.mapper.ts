import type { Promo, PromoRedemption } from '@app/contracts';
import type { StoredOrder } from '../orders/orders.repository';
import { PLAN_CATALOGUE } from '../plans/plan-catalogue';
import type { StoredSubscription } from '../subscriptions/subscriptions.repository';
import type { StoredPromo } from './promos.repository';

export const toPromo = (promo: StoredPromo): Promo => ({
  id: promo._id.toHexString(),
  code: promo.code,
  description: promo.description,
  discount: promo.discount,
  // Codes stored before plans were offered have no `plans`: no plan.
  appliesTo: { ...promo.appliesTo, plans: promo.appliesTo.plans ?? [] },
  validFrom: promo.validFrom.toISOString(),
  validTo: promo.validTo.toISOString(),
  totalLimit: promo.totalLimit,
  perAccountLimit: promo.perAccountLimit,
  status: promo.status,
  claimed: promo.claimed,
  redeemed: promo.redeemed,
  createdAt: promo.createdAt.toISOString(),
});

/** A paid order that used a code (only orders with a promo reach here). */
export const toRedemption = (order: StoredOrder): PromoRedemption => ({
  orderId: order.razorpayOrderId ?? order.receipt,
  paymentId: order.paymentId,
  userId: order.userId,
  email: order.email,
  kind: order.kind,
  item: order.title,
  listPricePaise: order.promo?.listPricePaise ?? order.amountPaise,
  discountPaise: order.promo?.discountPaise ?? 0,
  amountPaise: order.amountPaise,
  at: (order.paidAt ?? order.createdAt).toISOString(),
});

/** A plan whose upfront first period used a code (only redeemed ones reach here). */
export const toSubscriptionRedemption = (sub: StoredSubscription): PromoRedemption => {
  const listPricePaise = sub.promo?.listPricePaise ?? 0;
  const discountPaise = sub.promo?.discountPaise ?? 0;
  const plan = PLAN_CATALOGUE.find((known) => known.id === sub.planId);
  return {
    orderId: sub.razorpayId ?? sub._id.toHexString(),
    paymentId: sub.prepaid?.paymentId ?? null,
    userId: sub.userId,
    email: sub.email,
    kind: 'subscription',
    item: `${plan?.name ?? sub.planId} plan`,
    listPricePaise,
    discountPaise,
    amountPaise: listPricePaise - discountPaise,
    at: (sub.prepaid?.paidAt ?? sub.createdAt).toISOString(),
  };
};
