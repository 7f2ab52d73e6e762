import { AuthMessages, UserIdParamsSchema } from '../auth';
import { MovieIdSchema } from '../movies';
import {
  AdminPaymentsQuerySchema,
  ChangePlanRequestSchema,
  CreatePlanOrderRequestSchema,
  CreateTitleOrderRequestSchema,
  ENTITLEMENTS_MAX_IDS,
  EntitlementsRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeadersSchema,
  PaymentMessages,
  RefundRequestSchema,
  VerifyPaymentRequestSchema,
} from '../payments';
import { SeriesMessages } from '../series-rules';
import {
  AdminOrderPageReply,
  AdminPaymentPageReply,
  AdminPaymentReply,
  AdminSubscriptionPageReply,
  AdminWebhookEventPageReply,
  CheckoutConfigReply,
  CheckoutReply,
  EntitlementListReply,
  EntitlementReply,
  MismatchReportReply,
  OwnedTitlesReply,
  PlanListReply,
  SubscriptionCancelledReply,
  SubscriptionReply,
  VerifyPaymentReply,
  WebhookAckReply,
} from './replies';
import { json, kidsRefused, route } from './route';

const movieNotFound = 'No published title with this id (drafts: admins only)';
const unverifiedEmail = `${AuthMessages.emailNotVerified} (DECISIONS 33: an unverified account cannot pay)`;
const idempotencyKeyErrors = `Invalid input, or the ${IDEMPOTENCY_KEY_HEADER} header and the body's idempotencyKey differ`;
const noSubscription = 'No active subscription.';

/** Plans, Checkout (purchase, rental), its verification, Razorpay's webhook and the entitlement answer (issue 9). */
export const PaymentRoutes = {
  plans: route({
    method: 'get',
    path: '/api/plans',
    tag: 'payments',
    access: 'public',
    summary: 'The plan catalogue (DECISIONS 1, 26) → { data }',
    ok: json(200, PlanListReply),
  }),
  config: route({
    method: 'get',
    path: '/api/payments/config',
    tag: 'payments',
    access: 'public',
    summary: 'Where Checkout loads from, the public key id and whether this is test mode',
    ok: json(200, CheckoutConfigReply),
  }),
  createOrder: route({
    method: 'post',
    path: '/api/payments/create-order',
    notForKids: 'payments',
    tag: 'payments',
    access: 'own',
    verifiedEmail: true,
    summary:
      "Watch Now (purchase) or Rent Now (rental): a Razorpay order at the title's price; the same idempotency key returns the same order",
    headers: IdempotencyKeyHeadersSchema,
    body: CreateTitleOrderRequestSchema,
    ok: json(201, CheckoutReply, 'Created'),
    errors: {
      400: `${idempotencyKeyErrors}, or a series or episode id: ${SeriesMessages.noTitleOrder}`,
      403: `${unverifiedEmail}, a userId that is not the caller's, or ${kidsRefused('payments')}`,
      404: movieNotFound,
      409: 'The title is free, already owned, or already rented',
    },
  }),
  verify: route({
    method: 'post',
    path: '/api/payments/verify',
    notForKids: 'payments',
    tag: 'payments',
    access: 'own',
    summary:
      "Checkout's signed response: verified against our order, then access is granted → { outcome: 'paid', message: 'Payment successful!' }",
    body: VerifyPaymentRequestSchema,
    ok: json(
      200,
      VerifyPaymentReply,
      "Verified. `outcome` says what happened (branch on it, not on `message`): 'paid', or 'refunded-duplicate' when it was a second payment for what the caller already has, refunded by itself",
    ),
    errors: {
      400: `Invalid input; ${PaymentMessages.verificationFailed}; or ${PaymentMessages.otherTitle} (a movieId that is not the order's)`,
      403: `Another user's order, a userId that is not the caller's, or ${kidsRefused('payments')}`,
      404: 'No such order or subscription',
    },
  }),
  /**
   * Razorpay signs the raw bytes, so the handler forwards them as received. Not rate-limited: the signature is the
   * gate, and Razorpay retries what is refused.
   */
  webhook: route({
    method: 'post',
    path: '/api/payments/webhook',
    tag: 'payments',
    access: 'public',
    summary: "Razorpay's webhook: raw-body HMAC (x-razorpay-signature), deduplicated on x-razorpay-event-id",
    ok: json(200, WebhookAckReply),
    errors: { 400: 'Unsigned, wrongly signed or malformed' },
    validated: false,
    rateLimit: false,
  }),
  entitlements: route({
    method: 'post',
    path: '/api/entitlements',
    tag: 'payments',
    access: 'user',
    summary: `The entitlement answer for each of up to ${ENTITLEMENTS_MAX_IDS} titles (a screen's cards), in the order asked; unknown ids skipped`,
    body: EntitlementsRequestSchema,
    ok: json(200, EntitlementListReply),
  }),
  /** Anyone may ask (a visitor learns the ways in); the answer is for the caller's own account. */
  entitlement: route({
    method: 'get',
    path: '/api/entitlements/{id}',
    tag: 'payments',
    access: 'public',
    summary:
      'Can the caller watch this title, why, at what quality, on how many screens, and the ways in (a series or episode id: the whole series, plans only)',
    params: MovieIdSchema,
    ok: json(200, EntitlementReply),
    errors: { 404: movieNotFound },
  }),
} as const;

/** A viewer's plan (SPEC 7: `POST /create-order`, `GET/PUT/DELETE /api/users/{id}/subscription`) and My titles. */
export const SubscriptionRoutes = {
  createPlanOrder: route({
    method: 'post',
    path: '/create-order',
    notForKids: 'payments',
    tag: 'payments',
    access: 'user',
    verifiedEmail: true,
    summary:
      'Subscribe to a plan: a Razorpay subscription for Checkout (amount from the plan, never the client); the same idempotency key returns the same one',
    headers: IdempotencyKeyHeadersSchema,
    body: CreatePlanOrderRequestSchema,
    ok: json(201, CheckoutReply, 'Created'),
    errors: {
      400: idempotencyKeyErrors,
      403: `${unverifiedEmail}, or ${kidsRefused('payments')}`,
      409: 'Already subscribed to a plan (change it from the profile instead)',
    },
  }),
  subscription: route({
    method: 'get',
    path: '/api/users/{id}/subscription',
    tag: 'payments',
    access: 'own-or-admin',
    summary:
      "The caller's plan now → { data } (null without one); the path id must be the caller's (or an admin)",
    params: UserIdParamsSchema,
    ok: json(200, SubscriptionReply),
  }),
  changePlan: route({
    method: 'put',
    path: '/api/users/{id}/subscription',
    notForKids: 'payments',
    tag: 'payments',
    access: 'own',
    verifiedEmail: true,
    summary:
      'Change plan: Checkout for the new plan, which starts when the current period ends (DECISIONS 28)',
    params: UserIdParamsSchema,
    body: ChangePlanRequestSchema,
    ok: json(200, CheckoutReply),
    errors: {
      403: `${unverifiedEmail}, another account's subscription, or ${kidsRefused('payments')}`,
      404: noSubscription,
      409: 'Already on this plan',
    },
  }),
  cancel: route({
    method: 'delete',
    path: '/api/users/{id}/subscription',
    notForKids: 'payments',
    tag: 'payments',
    access: 'own',
    summary: 'Cancel at the end of the paid period → { data, message }; access stays until then',
    params: UserIdParamsSchema,
    ok: json(200, SubscriptionCancelledReply),
    errors: { 403: kidsRefused('payments'), 404: noSubscription },
  }),
  ownedTitles: route({
    method: 'get',
    path: '/api/users/{id}/titles',
    tag: 'payments',
    access: 'own-or-admin',
    summary:
      "My titles: the caller's purchases and rentals with both rental clocks → { data } (a profile's: none above its ceiling)",
    params: UserIdParamsSchema,
    ok: json(200, OwnedTitlesReply),
  }),
} as const;

/** The admin payments console: what was ordered, paid, subscribed and delivered, what does not add up, refunds. */
export const AdminPaymentRoutes = {
  orders: route({
    method: 'get',
    path: '/api/admin/payments/orders',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: purchase and rental orders with payer emails, newest first (filter by email, title, userId, status)',
    query: AdminPaymentsQuerySchema,
    ok: json(200, AdminOrderPageReply),
  }),
  payments: route({
    method: 'get',
    path: '/api/admin/payments/payments',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: payments with payer emails and titles, newest first (filter by email, title or plan, userId, status)',
    query: AdminPaymentsQuerySchema,
    ok: json(200, AdminPaymentPageReply),
  }),
  subscriptions: route({
    method: 'get',
    path: '/api/admin/payments/subscriptions',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: subscriptions with payer emails (filter by email, plan name as title, userId, status)',
    query: AdminPaymentsQuerySchema,
    ok: json(200, AdminSubscriptionPageReply),
  }),
  webhookEvents: route({
    method: 'get',
    path: '/api/admin/payments/webhook-events',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: Razorpay webhook events as received and what became of them',
    query: AdminPaymentsQuerySchema,
    ok: json(200, AdminWebhookEventPageReply),
  }),
  mismatches: route({
    method: 'get',
    path: '/api/admin/payments/mismatches',
    tag: 'admin',
    access: 'admin',
    summary:
      "Admin: paid without entitlement, entitlement without payment, payments made twice, and the reconciler's last run",
    ok: json(200, MismatchReportReply),
  }),
  refund: route({
    method: 'post',
    path: '/api/admin/payments/refunds',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: refund a purchase or rental payment (its entitlement is revoked when Razorpay confirms), or a duplicate plan charge (that subscription is cancelled now)',
    body: RefundRequestSchema,
    ok: json(200, AdminPaymentReply),
    errors: {
      400: 'A plan charge that is no duplicate (cancel the plan instead)',
      404: 'No such payment',
      409: 'Not refundable (failed, or already refunded)',
    },
  }),
} as const;
