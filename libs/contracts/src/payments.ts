import { z } from 'zod';
import { IdempotencyKeySchema, objectId } from './common';
import { MovieAccess } from './movies';
import { pageSchemaOf, PageQuerySchema } from './pagination';
import { UiLanguage } from './profiles';
import { AppliedPromoSchema, PromoCodeSchema } from './promo-code';
import { query, rpc } from './rpc';

// The money side (issue 9): plans, checkout orders, verification, webhooks, subscriptions, entitlements and the
// admin console. Amounts on the wire to the browser are whole rupees (`…Inr`); Razorpay's are paise (`…Paise`).
// Every amount is computed by payment-service (DECISIONS 2): SPEC 7's bodies send one, which is read and ignored.

const MovieIdSchema = objectId('Invalid movie ID');
const UserIdSchema = objectId('must be a user id');
const isoDate = z.iso.datetime({ offset: true });

// ── Plans (DECISIONS 1, 26) ──────────────────────────────────────────────────────────────────────────────────

export const PlanId = { Basic: 'basic', Standard: 'standard', Premium: 'premium' } as const;
export type PlanId = (typeof PlanId)[keyof typeof PlanId];
export const PlanIdSchema = z.enum(PlanId);

/** The highest rendition a viewer may stream (DECISIONS 26); `best` is every rendition the title has. */
export const Quality = { SD: '480p', HD: '720p', FullHD: '1080p', Best: 'best' } as const;
export type Quality = (typeof Quality)[keyof typeof Quality];
export const QualitySchema = z.enum(Quality);
/** Lowest first: the better of two caps is the one with the higher index. */
export const QUALITY_ORDER: readonly Quality[] = [Quality.SD, Quality.HD, Quality.FullHD, Quality.Best];
export const betterQuality = (a: Quality, b: Quality): Quality =>
  QUALITY_ORDER.indexOf(a) >= QUALITY_ORDER.indexOf(b) ? a : b;

export const PlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  priceInr: z.number().int().positive(),
  months: z.number().int().positive(),
  /** price / months, to the rupee (DECISIONS 1). */
  amountPerMonthInr: z.number().int().positive(),
  quality: QualitySchema,
  screens: z.number().int().positive(),
  premiumContent: z.boolean(),
  earlyAccess: z.boolean(),
  /** The card's lines, exactly what the plan does (DECISIONS 26). */
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof PlanSchema>;
export const PlanListSchema = z.array(PlanSchema);

/** Without a plan (DECISIONS 26 "no plan" column; purchases and rentals lift it, DECISIONS 27). */
export const NO_PLAN_QUALITY: Quality = Quality.SD;
export const NO_PLAN_SCREENS = 1;
/** A purchase or rental plays up to 1080p (DECISIONS 27). */
export const OWNED_TITLE_QUALITY: Quality = Quality.FullHD;
/** Rentals (DECISIONS 7): 30 days to start, 48 hours from the first play. */
export const RENTAL_START_WINDOW_DAYS = 30;
export const RENTAL_WATCH_HOURS = 48;
/** A `pending` subscription (Razorpay retrying a renewal) keeps access this long past its period. */
export const PENDING_GRACE_DAYS = 3;

// ── Checkout ─────────────────────────────────────────────────────────────────────────────────────────────────

export const TitleOrderKind = { Purchase: 'purchase', Rental: 'rental' } as const;
export type TitleOrderKind = (typeof TitleOrderKind)[keyof typeof TitleOrderKind];
export const TitleOrderKindSchema = z.enum(TitleOrderKind);

/**
 * Where payment APIs usually take a button press's key; the body's `idempotencyKey` is the same key (both may be
 * sent when they agree). Without one, the one-unpaid-order-per-title and one-open-subscription-per-account rules
 * still make one order of a double click.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IdempotencyKeyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional().meta({
    description:
      "A key per button press: sent again, the same order is answered (also the body's idempotencyKey)",
  }),
});
const PressKeySchema = IdempotencyKeySchema.optional().meta({
  description: `A key per button press: sent again, the same order is answered (or the ${IDEMPOTENCY_KEY_HEADER} header)`,
});
/** SPEC 7's bodies name the payer: the caller's own id only. */
const PayerIdSchema = UserIdSchema.optional().meta({
  description: "The caller's own id (403 for anyone else's)",
});
/** SPEC 7 sends the amount it shows; the server's price stands (DECISIONS 2). */
const IgnoredAmountSchema = z
  .number()
  .nonnegative()
  .optional()
  .meta({ description: "Read and ignored: the server's price stands (DECISIONS 2)" });
/** Issue 27: a promo code, applied by the server at order creation (the answer's amount is the discounted one). */
const PromoCodeFieldSchema = PromoCodeSchema.optional().meta({
  description: "A promo code: the answer's amount is the price after its discount",
});

/**
 * `POST /api/payments/create-order`: Watch Now (purchase) or Rent Now (rental), with SPEC 7's body (`amount`,
 * `movieId`, `userId`). `userId`, when sent, must be the caller's own.
 */
export const CreateTitleOrderRequestSchema = z
  .object({
    movieId: MovieIdSchema,
    kind: TitleOrderKindSchema.default(TitleOrderKind.Purchase),
    idempotencyKey: PressKeySchema,
    amount: IgnoredAmountSchema,
    userId: PayerIdSchema,
    promoCode: PromoCodeFieldSchema,
  })
  .strict();
export type CreateTitleOrderRequest = z.infer<typeof CreateTitleOrderRequestSchema>;

/**
 * `POST /create-order`: a plan, with SPEC 7's `amount` and `currency` (both ignored); the reply is the subscription
 * Checkout authorises.
 */
export const CreatePlanOrderRequestSchema = z
  .object({
    planId: PlanIdSchema,
    idempotencyKey: PressKeySchema,
    amount: IgnoredAmountSchema,
    currency: z.literal('INR').optional().meta({ description: 'Read and ignored: every price is in rupees' }),
    promoCode: PromoCodeFieldSchema,
  })
  .strict();
export type CreatePlanOrderRequest = z.infer<typeof CreatePlanOrderRequestSchema>;

/** What Razorpay Checkout is opened with: an order (purchase, rental) or a subscription (plan). */
export const CheckoutSchema = z.object({
  /** Razorpay's order id (`order_…`) or subscription id (`sub_…`). */
  id: z.string(),
  mode: z.enum(['order', 'subscription']),
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  keyId: z.string(),
  /** Brand and line shown in Checkout. */
  name: z.string(),
  description: z.string(),
  prefill: z.object({ email: z.string(), name: z.string() }),
  movieId: z.string().nullable(),
  planId: PlanIdSchema.nullable(),
  message: z.string().optional(),
  /** The promo code applied (issue 27): `amount` is already the discounted price. */
  promo: AppliedPromoSchema.optional(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/** `GET /api/payments/config`: where the web app loads Checkout from, and whether this is test mode. */
export const CheckoutConfigSchema = z.object({
  keyId: z.string(),
  checkoutUrl: z.string(),
  testMode: z.boolean(),
  themeColor: z.string(),
});
export type CheckoutConfig = z.infer<typeof CheckoutConfigSchema>;

const RazorpayIdSchema = z.string().regex(/^[A-Za-z0-9_]{6,64}$/);
/**
 * `POST /api/payments/verify`: Checkout's handler response, wire names as Razorpay sends them, with SPEC 7's `userId`
 * (the caller's own) and, for an order, `movieId` (the order's own title: 400 for another).
 */
export const VerifyPaymentRequestSchema = z.union([
  z
    .object({
      razorpay_payment_id: RazorpayIdSchema,
      razorpay_order_id: RazorpayIdSchema,
      razorpay_signature: z.string().regex(/^[a-f0-9]{64}$/),
      userId: PayerIdSchema,
      movieId: MovieIdSchema.optional().meta({ description: "The order's title (400 for another)" }),
    })
    .strict(),
  z
    .object({
      razorpay_payment_id: RazorpayIdSchema,
      razorpay_subscription_id: RazorpayIdSchema,
      razorpay_signature: z.string().regex(/^[a-f0-9]{64}$/),
      userId: PayerIdSchema,
    })
    .strict(),
]);
export type VerifyPaymentRequest = z.infer<typeof VerifyPaymentRequestSchema>;

/**
 * What verify found, for clients to branch on (never on `message`, which is only the text to show): the payment
 * paid for what was bought, or it was a second payment for what the payer already had and is refunded by itself.
 */
export const VerifyOutcome = { Paid: 'paid', RefundedDuplicate: 'refunded-duplicate' } as const;
export type VerifyOutcome = (typeof VerifyOutcome)[keyof typeof VerifyOutcome];

export const VerifyPaymentResultSchema = z.object({
  outcome: z.enum(VerifyOutcome),
  message: z.string(),
  movieId: z.string().nullable(),
  planId: PlanIdSchema.nullable(),
  kind: z.enum(['purchase', 'rental', 'subscription']),
});
export type VerifyPaymentResult = z.infer<typeof VerifyPaymentResultSchema>;

// ── Subscriptions (DECISIONS 4, 28) ───────────────────────────────────────────────────────────────────────────

export const SubscriptionStatus = {
  Created: 'created',
  Authenticated: 'authenticated',
  Active: 'active',
  Pending: 'pending',
  Halted: 'halted',
  Cancelled: 'cancelled',
  Completed: 'completed',
} as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];
export const SubscriptionStatusSchema = z.enum(SubscriptionStatus);

/** `GET /api/users/{id}/subscription` → `{ data }`: the plan that gives access now, or null. */
export const SubscriptionViewSchema = z.object({
  planId: PlanIdSchema,
  planName: z.string(),
  amountInr: z.number().int(),
  amountPerMonthInr: z.number().int(),
  status: SubscriptionStatusSchema,
  currentStart: isoDate.nullable(),
  currentEnd: isoDate.nullable(),
  /** The next charge; null once cancelled. */
  nextBilling: isoDate.nullable(),
  /** Set when renewal is off: "Active until {date}". */
  activeUntil: isoDate.nullable(),
  /** "Changes to {plan} on {date}" (DECISIONS 28). */
  scheduledChange: z.object({ planId: PlanIdSchema, planName: z.string(), startsAt: isoDate }).nullable(),
  /** Issue 27: a free trial's end (its first charge, unless cancelled); absent or null otherwise. */
  trialEndsAt: isoDate.nullable().optional(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

/** `PUT /api/users/{id}/subscription`: change plan; the reply is the Checkout that authorises the new plan. */
export const ChangePlanRequestSchema = z
  .object({ planId: PlanIdSchema, idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) })
  .strict();
export type ChangePlanRequest = z.infer<typeof ChangePlanRequestSchema>;

// ── Entitlements (DECISIONS 6, 7, 26, 27) ─────────────────────────────────────────────────────────────────────

export const AccessReason = {
  Admin: 'admin',
  Free: 'free',
  Plan: 'plan',
  Purchase: 'purchase',
  Rental: 'rental',
  SignInRequired: 'sign-in-required',
  PremiumRequired: 'premium-required',
  RentalExpired: 'rental-expired',
  /** The licence ended (issue 28): only buyers and running rentals still play it. */
  LicenceEnded: 'licence-ended',
} as const;
export type AccessReason = (typeof AccessReason)[keyof typeof AccessReason];
export const AccessReasonSchema = z.enum(AccessReason);

/** Both rental clocks (DECISIONS 7): start by `startBy`; once started, watch until `expiresAt`. */
export const RentalClockSchema = z.object({
  rentedAt: isoDate,
  startBy: isoDate,
  startedAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
});
export type RentalClock = z.infer<typeof RentalClockSchema>;

/** The one answer "can this viewer watch this title, why, how well, on how many screens, and how to get in". */
export const EntitlementSchema = z.object({
  movieId: z.string(),
  access: z.enum(MovieAccess),
  canWatch: z.boolean(),
  reason: AccessReasonSchema,
  quality: QualitySchema,
  screens: z.number().int().nonnegative(),
  /** The viewer's plan now, whether or not it is what lets them in. */
  plan: z.object({ id: PlanIdSchema, name: z.string() }).nullable(),
  purchasedAt: isoDate.nullable(),
  rental: RentalClockSchema.nullable(),
  /**
   * When this answer may next change by the clock alone (a rental's or a plan's end, a title's early access or
   * licence ending); null when only a write could change it (a payment, a refund, an admin's edit). Until then a
   * caller may reuse it, as long as it hears of writes (ACCESS_CHANGES_CHANNEL).
   */
  changesAt: isoDate.nullable(),
  waysIn: z.object({
    /** Plans that include this title (empty when the viewer already can watch). */
    plans: z.array(z.object({ id: PlanIdSchema, name: z.string(), priceInr: z.number().int() })),
    purchaseInr: z.number().int().nullable(),
    rentalInr: z.number().int().nullable(),
  }),
});
export type Entitlement = z.infer<typeof EntitlementSchema>;

/**
 * Redis pub/sub channel payment-service announces on after any write to a subscription or a title grant (on every
 * replica): whoever holds entitlement answers (payment-service's records, the gateway's heartbeat answers) drops them.
 */
export const ACCESS_CHANGES_CHANNEL = 'payment:access:changed';

/**
 * `POST /api/entitlements`: the entitlement answer for each of a screen's titles (movies, series or episodes), so
 * cards say what the viewer has without one call per card. Answers come in the order asked; unknown ids are left out.
 */
export const ENTITLEMENTS_MAX_IDS = 50;
export const EntitlementsRequestSchema = z
  .object({ movieIds: z.array(MovieIdSchema).min(1).max(ENTITLEMENTS_MAX_IDS) })
  .strict();
export type EntitlementsRequest = z.infer<typeof EntitlementsRequestSchema>;

/** What payment-service needs to know of a title; the gateway reads it from catalogue-service. */
export const TitleFactsSchema = z.object({
  movieId: MovieIdSchema,
  title: z.string().max(500),
  access: z.enum(MovieAccess),
  purchasePriceInr: z.number().int().positive(),
  rentalPriceInr: z.number().int().positive(),
  /** An early-access window (DECISIONS 26): until then only Premium subscribers (and admins) stream the title. */
  earlyAccessUntil: isoDate.nullable().optional(),
  /** Issue 28: the licence end; after it only a purchase or a rental still running plays the title (DECISIONS 41). */
  availableUntil: isoDate.nullable().optional(),
  /**
   * 'series' (issue 13): a series is free or premium as a whole and comes with a plan only; its entitlement offers
   * no purchase or rental, and orders for it are refused. Absent means a movie.
   */
  kind: z.enum(['movie', 'series']).optional(),
});
export type TitleFacts = z.infer<typeof TitleFactsSchema>;

/** My titles (DECISIONS 22): purchases and rentals with their clocks. */
export const OwnedTitleSchema = z.object({
  movieId: z.string(),
  title: z.string(),
  kind: TitleOrderKindSchema,
  acquiredAt: isoDate,
  rental: RentalClockSchema.nullable(),
  /** False once a rental has run out or a payment was refunded. */
  active: z.boolean(),
});
export type OwnedTitle = z.infer<typeof OwnedTitleSchema>;

// ── Admin console ─────────────────────────────────────────────────────────────────────────────────────────────

export const PaymentStatus = {
  Created: 'created',
  Authorized: 'authorized',
  Captured: 'captured',
  Failed: 'failed',
  Refunded: 'refunded',
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export const PaymentStatusSchema = z.enum(PaymentStatus);

export const OrderStatus = { Created: 'created', Attempted: 'attempted', Paid: 'paid' } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const OrderStatusSchema = z.enum(OrderStatus);

/** A console filter's text: what an admin types, matched case-insensitively as a part of the email or title. */
const FilterTextSchema = z.string().trim().min(1).max(120);

export const AdminPaymentsQuerySchema = PageQuerySchema.extend({
  userId: UserIdSchema.optional(),
  /** Part of the payer's email (the one on their orders and plans, kept current by `user.updated`). */
  email: FilterTextSchema.optional(),
  /** Part of the title bought or rented; for subscriptions, of the plan's name. Not a filter of webhook events. */
  title: FilterTextSchema.optional(),
  status: z
    .string()
    .regex(/^[a-z_]{1,20}$/)
    .optional(),
}).strict();
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;

export const AdminOrderSchema = z.object({
  id: z.string(),
  receipt: z.string(),
  userId: z.string(),
  /** The payer's email; null once the account is deleted (DECISIONS 32). */
  email: z.string().nullable(),
  kind: z.enum(['purchase', 'rental']),
  movieId: z.string(),
  title: z.string(),
  amountInr: z.number(),
  status: OrderStatusSchema,
  createdAt: isoDate,
});
export const AdminPaymentSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  userId: z.string(),
  email: z.string().nullable(),
  kind: z.enum(['purchase', 'rental', 'subscription']),
  movieId: z.string().nullable(),
  /** The title bought or rented (null for a plan's charge). */
  title: z.string().nullable(),
  planId: PlanIdSchema.nullable(),
  amountInr: z.number(),
  status: PaymentStatusSchema,
  method: z.string().nullable(),
  createdAt: isoDate,
  refundable: z.boolean(),
});
export const AdminSubscriptionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  planId: PlanIdSchema,
  status: SubscriptionStatusSchema,
  currentStart: isoDate.nullable(),
  currentEnd: isoDate.nullable(),
  cancelAtCycleEnd: z.boolean(),
  createdAt: isoDate,
});
export const AdminWebhookEventSchema = z.object({
  id: z.string(),
  event: z.string(),
  entityId: z.string().nullable(),
  outcome: z.string(),
  receivedAt: isoDate,
});
/**
 * The same user paid twice for one title (a second purchase, a rental of an owned or running rental) or for two
 * plans at once (overlapping periods of two subscriptions): `paymentId` is the extra payment, refundable from the
 * report; `keptPaymentId` the one that stays.
 */
export const DuplicatePaymentSchema = z.object({
  paymentId: z.string(),
  keptPaymentId: z.string().nullable(),
  userId: z.string(),
  email: z.string().nullable(),
  kind: z.enum(['purchase', 'rental', 'subscription']),
  movieId: z.string().nullable(),
  planId: PlanIdSchema.nullable(),
  /** The title's or the plan's name. */
  item: z.string(),
  amountInr: z.number(),
  capturedAt: isoDate.nullable(),
});
export type DuplicatePayment = z.infer<typeof DuplicatePaymentSchema>;

export const MismatchReportSchema = z.object({
  paidWithoutEntitlement: z.array(
    z.object({
      paymentId: z.string(),
      userId: z.string(),
      email: z.string().nullable(),
      kind: z.string(),
    }),
  ),
  entitlementWithoutPayment: z.array(
    z.object({
      entitlementId: z.string(),
      userId: z.string(),
      email: z.string().nullable(),
      kind: z.string(),
    }),
  ),
  /** Paid twice (issue 22): each extra payment not yet refunded, with its Refund action in the console. */
  duplicates: z.array(DuplicatePaymentSchema),
  reconciler: z
    .object({ lastRunAt: isoDate, settled: z.number().int(), checked: z.number().int() })
    .nullable(),
});
export type MismatchReport = z.infer<typeof MismatchReportSchema>;
export const RefundRequestSchema = z.object({ paymentId: RazorpayIdSchema }).strict();
export type RefundRequest = z.infer<typeof RefundRequestSchema>;
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>;
export type AdminWebhookEvent = z.infer<typeof AdminWebhookEventSchema>;

// ── RPC (gateway → payment-service) ──────────────────────────────────────────────────────────────────────────

/** The acting viewer as the gateway knows them from the session (receipts and Checkout's prefill). */
export const PayerSchema = z.object({
  userId: UserIdSchema,
  email: z.string().max(320),
  name: z.string().max(200),
  isAdmin: z.boolean(),
  /** Issue 26: the account's language, which receipts and renewal reminders are written in. */
  language: z.enum(UiLanguage),
});
export type Payer = z.infer<typeof PayerSchema>;

export const PaymentPatterns = {
  plans: 'payments.plans',
  checkoutConfig: 'payments.checkout-config',
  createTitleOrder: 'payments.orders.create-title',
  createPlanOrder: 'payments.orders.create-plan',
  verify: 'payments.verify',
  webhook: 'payments.webhook',
  subscription: 'payments.subscription.get',
  changePlan: 'payments.subscription.change',
  cancelSubscription: 'payments.subscription.cancel',
  entitlement: 'payments.entitlement',
  entitlements: 'payments.entitlements',
  ownedTitles: 'payments.owned-titles',
  startRental: 'payments.rentals.start',
  adminOrders: 'payments.admin.orders',
  adminPayments: 'payments.admin.payments',
  adminSubscriptions: 'payments.admin.subscriptions',
  adminWebhookEvents: 'payments.admin.webhook-events',
  adminMismatches: 'payments.admin.mismatches',
  refund: 'payments.admin.refund',
  /** DECISIONS 32: the viewer's subscriptions, orders, payments and entitlements, for "Download my data". */
  exportOf: 'payments.users.export',
} as const;

const ViewerSchema = z.object({ userId: UserIdSchema }).strict();

/** DECISIONS 32: everything payment-service holds of one viewer (the admin console's shapes, their own rows only). */
export const PaymentsExportSchema = z.object({
  subscriptions: z.array(AdminSubscriptionSchema),
  orders: z.array(AdminOrderSchema),
  payments: z.array(AdminPaymentSchema),
  titles: z.array(OwnedTitleSchema),
});
export type PaymentsExport = z.infer<typeof PaymentsExportSchema>;

export const PaymentRpc = {
  plans: query(PaymentPatterns.plans, z.object({}).strict(), PlanListSchema),
  checkoutConfig: query(PaymentPatterns.checkoutConfig, z.object({}).strict(), CheckoutConfigSchema),
  createTitleOrder: rpc(
    PaymentPatterns.createTitleOrder,
    z
      .object({
        payer: PayerSchema,
        title: TitleFactsSchema,
        kind: TitleOrderKindSchema,
        /** Absent when the client sent none: payment-service then makes one of its own. */
        idempotencyKey: z.string().optional(),
        promoCode: PromoCodeSchema.optional(),
      })
      .strict(),
    CheckoutSchema,
  ),
  createPlanOrder: rpc(
    PaymentPatterns.createPlanOrder,
    z
      .object({
        payer: PayerSchema,
        planId: PlanIdSchema,
        idempotencyKey: z.string().optional(),
        promoCode: PromoCodeSchema.optional(),
      })
      .strict(),
    CheckoutSchema,
  ),
  verify: rpc(
    PaymentPatterns.verify,
    z.object({ payer: PayerSchema, confirmation: VerifyPaymentRequestSchema }).strict(),
    VerifyPaymentResultSchema,
  ),
  /** Razorpay's webhook, forwarded untouched: the raw body is what the signature covers. */
  webhook: rpc(
    PaymentPatterns.webhook,
    z
      .object({
        rawBody: z.string().max(1_000_000),
        signature: z.string().max(256),
        eventId: z.string().max(128),
      })
      .strict(),
    z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) }),
  ),
  subscription: query(PaymentPatterns.subscription, ViewerSchema, SubscriptionViewSchema.nullable()),
  changePlan: rpc(
    PaymentPatterns.changePlan,
    z.object({ payer: PayerSchema, planId: PlanIdSchema, idempotencyKey: z.string() }).strict(),
    CheckoutSchema,
  ),
  cancelSubscription: rpc(PaymentPatterns.cancelSubscription, ViewerSchema, SubscriptionViewSchema),
  /** `viewer` null is a visitor. The streaming side calls this before it leases a stream. */
  entitlement: query(
    PaymentPatterns.entitlement,
    z
      .object({
        viewer: z.object({ userId: UserIdSchema, isAdmin: z.boolean() }).strict().nullable(),
        title: TitleFactsSchema,
      })
      .strict(),
    EntitlementSchema,
  ),
  /** The same answer for each of several titles (a screen's cards), in their order: one plan and grant look-up. */
  entitlements: query(
    PaymentPatterns.entitlements,
    z
      .object({
        viewer: z.object({ userId: UserIdSchema, isAdmin: z.boolean() }).strict().nullable(),
        titles: z.array(TitleFactsSchema).max(ENTITLEMENTS_MAX_IDS),
      })
      .strict(),
    z.array(EntitlementSchema),
  ),
  ownedTitles: query(PaymentPatterns.ownedTitles, ViewerSchema, z.array(OwnedTitleSchema)),
  /** The first playback of a rental starts its 48 hours; the first call wins, later calls return the same clock. */
  startRental: rpc(
    PaymentPatterns.startRental,
    z.object({ userId: UserIdSchema, movieId: MovieIdSchema }).strict(),
    RentalClockSchema,
  ),
  adminOrders: query(PaymentPatterns.adminOrders, AdminPaymentsQuerySchema, pageSchemaOf(AdminOrderSchema)),
  adminPayments: query(
    PaymentPatterns.adminPayments,
    AdminPaymentsQuerySchema,
    pageSchemaOf(AdminPaymentSchema),
  ),
  adminSubscriptions: query(
    PaymentPatterns.adminSubscriptions,
    AdminPaymentsQuerySchema,
    pageSchemaOf(AdminSubscriptionSchema),
  ),
  adminWebhookEvents: query(
    PaymentPatterns.adminWebhookEvents,
    AdminPaymentsQuerySchema,
    pageSchemaOf(AdminWebhookEventSchema),
  ),
  adminMismatches: query(PaymentPatterns.adminMismatches, z.object({}).strict(), MismatchReportSchema),
  refund: rpc(PaymentPatterns.refund, RefundRequestSchema, AdminPaymentSchema),
  exportOf: query(PaymentPatterns.exportOf, ViewerSchema, PaymentsExportSchema),
} as const;

// ── Texts the server answers with (SPEC 8 where it has one) ───────────────────────────────────────────────────

export const PaymentMessages = {
  signedWebhookExpected: 'A signed Razorpay webhook is expected',
  success: 'Payment successful!',
  verificationFailed: 'Payment verification failed. Please contact support.',
  createOrderFailed: 'Failed to create order',
  processFailed: 'Failed to process payment. Please try again.',
  invalidMovieId: 'Invalid movie ID',
  alreadyOwned: 'You already own this title.',
  rentOwned: 'You own this title, so there is nothing to rent.',
  alreadyRented: 'You are already renting this title.',
  freeTitle: 'This title is free to watch; there is nothing to buy.',
  samePlan: 'You are already on this plan.',
  /** Verify's `movieId` (SPEC 7) is not the title the order was made for. */
  otherTitle: 'This payment is for another title.',
  /** Verify's `userId` (SPEC 7) is not the caller's. */
  otherAccount: 'This payment belongs to another account.',
  /** The `Idempotency-Key` header and the body's `idempotencyKey` were both sent, and differ. */
  idempotencyKeysDiffer:
    'The Idempotency-Key header and the idempotencyKey in the body differ: send one key.',
  noSubscription: 'No active subscription.',
  rentalExpired: 'This rental has expired.',
  notRented: 'You have not rented this title.',
  orderCreated: 'Order created',
  alreadySubscribed: 'You already have a plan. Change it from your profile.',
  /** Verify's answer when the payment was a second one for what the viewer already has: it is refunded by itself. */
  duplicateRefunded:
    'You had already paid for this, so this second payment is being refunded in full. Nothing more to do.',
  /** An admin refund of a plan's charge that is not a duplicate. */
  subscriptionNotRefundable:
    'Only purchases, rentals and duplicate plan charges are refunded here; cancel a plan instead.',
  notRefundable: 'This payment is not refundable (not captured, or already refunded).',
  /** An admin list's `status` filter that is not one of that list's states. */
  statusNotOneOf: (allowed: readonly string[]) =>
    `Invalid request: status must be one of ${allowed.join(', ')}`,
  webhookEventsHaveNoTitle: 'Invalid request: webhook events have no title to filter by',
  invalidIdempotencyKey: 'Invalid request: idempotencyKey must be 8-64 letters, digits, _ or -',
} as const;
