import { z } from 'zod';
import { objectId } from './common';
import { pageSchemaOf, PageQuerySchema } from './pagination';
import { CheckoutSchema, PayerSchema, PlanId, PlanIdSchema, TitleOrderKindSchema } from './payments';
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

/** `all`, or some by id; none: `[]`. */
const PromoPlansSchema = z.union([z.literal('all'), z.array(PlanIdSchema).max(3)]);

/**
 * What a code applies to: titles (`all`, some by id, or none) for purchases and/or rentals, and plans (`all`, some,
 * or none). A plan bought with a code pays its first period at the discount upfront (Razorpay's upfront add-on with
 * `start_at` one period away) and renews at the list price. Codes stored before plans were offered have no `plans`:
 * they apply to no plan.
 */
export const PromoAppliesToSchema = z
  .object({
    titles: z.union([z.literal('all'), z.array(objectId('must be a title id')).max(200)]),
    titleKinds: z.array(TitleOrderKindSchema).min(1).max(2).default(['purchase', 'rental']),
    plans: PromoPlansSchema.default([]),
  })
  .strict()
  .refine(
    ({ titles, plans }) => titles === 'all' || titles.length > 0 || plans === 'all' || plans.length > 0,
    {
      message: PromoMessages.appliesToNothing,
      path: ['titles'],
    },
  );
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
    // Absent from a payment-service older than plan codes: no plan.
    plans: PromoPlansSchema.default([]),
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

// ── Free trial (issue 27, DECISIONS 40) ────────────────────────────────────────────────────────────────────────

/** 7 days of Standard, once per account: verified email, never subscribed; the first charge comes at its end. */
export const TRIAL_DAYS = 7;
export const TRIAL_PLAN: PlanId = PlanId.Standard;

export const TrialMessages = {
  notEligible: 'The free trial is for accounts that have never had a plan.',
  used: "You've already had your free trial.",
} as const;

/** `GET /api/users/{id}/trial`: whether the plans page offers the trial, and why not. */
export const TrialOfferSchema = z.object({
  eligible: z.boolean(),
  planId: PlanIdSchema,
  days: z.number().int(),
  /** Why not, in the viewer's words; null when eligible. */
  reason: z.string().nullable(),
});
export type TrialOffer = z.infer<typeof TrialOfferSchema>;

/** `POST /api/users/{id}/trial`: a button press's key, as plan orders take one. */
export const StartTrialRequestSchema = z
  .object({
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/)
      .optional(),
    /** Read only to refuse it in the viewer's words: a trial and a promo code do not combine. */
    promoCode: PromoCodeSchema.optional(),
  })
  .strict();

export const TrialPatterns = {
  offer: 'payments.trial.offer',
  start: 'payments.trial.start',
} as const;

export const TrialRpc = {
  offer: query(
    TrialPatterns.offer,
    z.object({ userId: objectId(), emailVerified: z.boolean() }).strict(),
    TrialOfferSchema,
  ),
  start: rpc(
    TrialPatterns.start,
    z
      .object({
        payer: PayerSchema,
        idempotencyKey: z.string().optional(),
        promoCode: PromoCodeSchema.optional(),
      })
      .strict(),
    CheckoutSchema,
  ),
} as const;
