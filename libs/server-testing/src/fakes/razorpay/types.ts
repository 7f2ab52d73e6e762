/** Entity shapes as Razorpay's v1 API documents them (only the fields our code and tests can observe). */
export type Notes = Record<string, string | number>;

export type RazorpayOrderEntity = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes | [];
  created_at: number;
};

export type RazorpayPaymentEntity = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  invoice_id: string | null;
  international: boolean;
  method: 'upi' | 'card';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card?: {
    id: string;
    entity: 'card';
    name: string;
    last4: string;
    network: string;
    type: 'credit';
    issuer: null;
    international: boolean;
    emi: boolean;
    sub_type: 'consumer';
  };
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  customer_id: string | null;
  token_id: string | null;
  notes: Notes | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
};

/** A subscription's invoice (its charges, the upfront amount's included), paid by `payment_id`. */
export type RazorpayInvoiceEntity = {
  id: string;
  entity: 'invoice';
  type: 'invoice';
  subscription_id: string;
  customer_id: string | null;
  order_id: string;
  payment_id: string;
  status: 'paid';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  billing_start: number | null;
  billing_end: number | null;
  paid_at: number;
  created_at: number;
};

export type RazorpayRefundEntity = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
};

export type PlanPeriod = 'daily' | 'weekly' | 'monthly' | 'yearly';

export type RazorpayPlanEntity = {
  id: string;
  entity: 'plan';
  interval: number;
  period: PlanPeriod;
  item: {
    id: string;
    active: boolean;
    name: string;
    description: string | null;
    amount: number;
    unit_amount: number;
    currency: string;
    type: 'plan';
    unit: null;
    tax_inclusive: boolean;
    hsn_code: null;
    sac_code: null;
    tax_rate: null;
    tax_id: null;
    tax_group_id: null;
    created_at: number;
    updated_at: number;
  };
  notes: Notes | [];
  created_at: number;
};

export type SubscriptionStatus =
  'created' | 'authenticated' | 'active' | 'pending' | 'halted' | 'cancelled' | 'completed' | 'expired';

export type RazorpaySubscriptionEntity = {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: SubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Notes | [];
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: 'api';
  offer_id: string | null;
  remaining_count: number;
};

export type RazorpayErrorBody = {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR';
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
    field?: string;
  };
};

export type WebhookEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.processed'
  | 'refund.failed'
  | 'subscription.authenticated'
  | 'subscription.activated'
  | 'subscription.charged'
  | 'subscription.pending'
  | 'subscription.halted'
  | 'subscription.cancelled'
  | 'subscription.completed';

export type WebhookPayload = {
  payment?: { entity: RazorpayPaymentEntity };
  order?: { entity: RazorpayOrderEntity };
  subscription?: { entity: RazorpaySubscriptionEntity };
  refund?: { entity: RazorpayRefundEntity };
};

/** One signed event as it goes on the wire; duplicates and retries reuse `id` and `body`. */
export type WebhookEvent = { id: string; event: WebhookEventName; body: string };

export type WebhookDelivery = {
  eventId: string;
  event: WebhookEventName;
  /** HTTP status of the receiver, or null on a network error / no webhook URL. */
  status: number | null;
  attempt: number;
  duplicate: boolean;
  at: number;
};

export type DeliverySwitches = {
  /** Deliver each event this many extra times (same event id and body). */
  duplicates?: number;
  /** Wait this long before each delivery. */
  delayMs?: number;
  /** Deliver the events of one action (a payment, a renewal) in reverse order. */
  reorder?: boolean;
  /** Queue events until `flushWebhooks()` (or unpausing). */
  paused?: boolean;
  /** Refunds answer `pending` and then fail with `refund.failed`. */
  failRefunds?: boolean;
  /**
   * A Pay on an order already paid goes through too (a second captured payment), as when two Checkout windows on
   * one order are paid within the same second; off by default (Checkout then answers "Order has already been paid").
   */
  doublePayments?: boolean;
};

export type PayTarget = { orderId: string } | { subscriptionId: string };
export type PayMethod = 'upi' | 'card';
export type SubscriptionOutcome = 'charged' | 'pending' | 'halted';

/** Signed Checkout handler response (`razorpay_payment_id`, `razorpay_order_id` | `razorpay_subscription_id`, `razorpay_signature`). */
export type CheckoutResponse = Record<string, string>;

export type RazorpayFakeOptions = {
  /** Default 'rzp_test_local'. */
  keyId?: string;
  /** Default random. */
  keySecret?: string;
  /** Default random. */
  webhookSecret?: string;
  /** Where signed webhooks are POSTed (settable later). */
  webhookUrl?: string;
  /** Default: a free port on 127.0.0.1. */
  port?: number;
  /** Retries of a failed delivery before it waits for `flushWebhooks()`; default 3. */
  webhookRetries?: number;
  /**
   * A JSON file holding the account's state (orders, payments, refunds, plans, subscriptions) and its secrets, read
   * at start and rewritten after every change, so a restart (of `npm start`) forgets nothing, as Razorpay does not.
   * Keys given as options win over the stored ones. Webhooks still queued are not kept.
   */
  stateFile?: string;
};

export type RazorpayFake = {
  /** Origin; the REST API is under `${url}/v1`. */
  url: string;
  /** `${url}/v1`: set the SDK's `api.rq.defaults.baseURL` to `url` (the SDK adds `/v1`). */
  apiUrl: string;
  /** `http://localhost:<port>/v1/checkout.js` (browsers); the script calls back to its own origin. */
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  setWebhookUrl(url: string | null): void;
  setDelivery(options: DeliverySwitches): void;
  /** Delivers everything queued (also while paused), retries failed deliveries once more, and waits until idle. */
  flushWebhooks(): Promise<void>;
  deliveries: WebhookDelivery[];
  /** Every event emitted, in emission order (bodies are exactly what was signed). */
  events: WebhookEvent[];
  /** Delivers an already emitted event again `times` times (same id and body): replays as Razorpay's retries do. */
  redeliver(eventId: string, times?: number): Promise<void>;
  /** HMAC-SHA256 hex of `body` with the webhook secret (the `x-razorpay-signature` value). */
  signWebhook(body: string): string;
  pay(target: PayTarget, method?: PayMethod): Promise<CheckoutResponse>;
  fail(target: PayTarget): Promise<{ paymentId: string }>;
  advanceSubscription(id: string, outcome: SubscriptionOutcome): Promise<void>;
  /**
   * Test-only: forgets every plan (as a restart without its state did, or an account that lost or archived them);
   * a subscription on a forgotten plan id is then refused with "The id provided does not exist". Answers how many.
   */
  forgetPlans(): Promise<number>;
  stop(): Promise<void>;
};
