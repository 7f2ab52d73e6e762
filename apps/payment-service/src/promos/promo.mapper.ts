import type { Promo, PromoRedemption } from '@app/contracts';
import type { StoredOrder } from '../orders/orders.repository';
import type { StoredPromo } from './promos.repository';

export const toPromo = (promo: StoredPromo): Promo => ({
  id: promo._id.toHexString(),
  code: promo.code,
  description: promo.description,
  discount: promo.discount,
  appliesTo: promo.appliesTo,
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
