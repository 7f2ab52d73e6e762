import { z } from 'zod';
import { objectId } from './common';
import { pageSchemaOf, PageQuerySchema } from './pagination';
import { TitleOrderKindSchema } from './payments';
import { PromoCodeSchema, PromoMessages } from './promo-code';
import { query, rpc } from './rpc';

export * from './promo-code';

// Promo codes (issue 27, DECISIONS 40): made by admins, applied only by payment-service when it creates an order.
// Amounts in paise, as Razorpay's.

const isoDate = z.iso.datetime({ offset: true });

export const PromoKind = { Percent: 'percent', Flat: 'flat' } as const;
export type PromoKind = (typeof PromoKind)[keyof typeof PromoKind];

export const PromoStatus = { Active: 'active', Paused: 'paused' } as const;
export type PromoStatus = (typeof PromoStatus)[keyof typeof PromoStatus];

/** What a code takes off: a percentage (1-99), or a flat amount in paise (at least ₹1). */
export const PromoDiscountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(PromoKind.Percent), percentOff: z.number().int().min(1).max(99) }).strict(),
  z
    .object({ kind: z.literal(PromoKind.Flat), amountOffPaise: z.number().int().min(100).max(10_000_000) })
    .strict(),
]);
export type PromoDiscount = z.infer<typeof PromoDiscountSchema>;

/**
 * What a code applies to: titles (`all`, or some by id) for purchases and/or rentals. Plans are not offered yet: a
 * plan's first charge at a discount needs Razorpay's upfront add-on with a future `start_at`, which is not built, so
 * every code answers "can't be used for this purchase" at `POST /create-order`.
 */
export const PromoAppliesToSchema = z
  .object({
    titles: z.union([z.literal('all'), z.array(objectId('must be a title id')).min(1).max(200)]),
    titleKinds: z.array(TitleOrderKindSchema).min(1).max(2).default(['purchase', 'rental']),
  })
  .strict();
export type PromoAppliesTo = z.infer<typeof PromoAppliesToSchema>;

/** `POST /api/admin/promos`. */
export const CreatePromoRequestSchema = z
  .object({
    code: PromoCodeSchema,
    description: z.string().trim().max(200).default(''),
    discount: PromoDiscountSchema,
    appliesTo: PromoAppliesToSchema,
    validFrom: isoDate,
    validTo: isoDate,
    /** Paid orders across every account; null: no limit. */
    totalLimit: z.number().int().min(1).max(10_000_000).nullable().default(null),
    perAccountLimit: z.number().int().min(1).max(100).default(1),
  })
  .strict()
  .refine((body) => Date.parse(body.validFrom) < Date.parse(body.validTo), {
    message: PromoMessages.badWindow,
    path: ['validTo'],
  });
export type CreatePromoRequest = z.infer<typeof CreatePromoRequestSchema>;

export const PromoSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  discount: PromoDiscountSchema,
  appliesTo: z.object({
    titles: z.union([z.literal('all'), z.array(z.string())]),
    titleKinds: z.array(TitleOrderKindSchema),
  }),
  validFrom: isoDate,
  validTo: isoDate,
  totalLimit: z.number().int().nullable(),
  perAccountLimit: z.number().int(),
  status: z.enum(PromoStatus),
  /** Orders holding the code (unpaid ones included): what the limits count. */
  claimed: z.number().int(),
  /** Paid orders: counted once each. */
  redeemed: z.number().int(),
  createdAt: isoDate,
});
export type Promo = z.infer<typeof PromoSchema>;

/** One paid order that used a code. */
export const PromoRedemptionSchema = z.object({
  orderId: z.string(),
  paymentId: z.string().nullable(),
  userId: z.string(),
  email: z.string().nullable(),
  kind: z.enum(['purchase', 'rental', 'subscription']),
  item: z.string(),
  listPricePaise: z.number().int(),
  discountPaise: z.number().int(),
  amountPaise: z.number().int(),
  at: isoDate,
});
export type PromoRedemption = z.infer<typeof PromoRedemptionSchema>;

export const PromoIdParamsSchema = z.object({ promoId: objectId('must be a promo code id') }).strict();
export const PausePromoRequestSchema = z.object({ paused: z.boolean() }).strict();

export const PromoPatterns = {
  create: 'payments.promos.create',
  list: 'payments.promos.list',
  setPaused: 'payments.promos.pause',
  redemptions: 'payments.promos.redemptions',
} as const;

export const PromoRpc = {
  create: rpc(PromoPatterns.create, CreatePromoRequestSchema, PromoSchema),
  list: query(PromoPatterns.list, PageQuerySchema, pageSchemaOf(PromoSchema)),
  setPaused: rpc(
    PromoPatterns.setPaused,
    z.object({ promoId: objectId(), paused: z.boolean() }).strict(),
    PromoSchema,
  ),
  redemptions: query(
    PromoPatterns.redemptions,
    z.object({ promoId: objectId() }).extend(PageQuerySchema.shape).strict(),
    pageSchemaOf(PromoRedemptionSchema),
  ),
} as const;
