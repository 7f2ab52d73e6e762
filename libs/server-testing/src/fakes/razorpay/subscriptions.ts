import type { JsonObject } from './http';
import { badRequest } from './http';
import type { EmittedEvent, PayerDetails, RazorpayStore, SubscriptionRecord } from './state';
import { newId, snapshot, unixNow } from './state';
import type {
  CheckoutResponse,
  PlanPeriod,
  RazorpayPaymentEntity,
  RazorpayPlanEntity,
  RazorpaySubscriptionEntity,
  SubscriptionOutcome,
} from './types';
import { addonsField, booleanField, integerField, notesField, objectField, stringField } from './validate';

const PERIODS: readonly PlanPeriod[] = ['daily', 'weekly', 'monthly', 'yearly'];

export const createPlan = (store: RazorpayStore, body: JsonObject): RazorpayPlanEntity => {
  const period = stringField(body, 'period', { required: true }) as PlanPeriod;
  if (!PERIODS.includes(period)) throw badRequest('Not a valid period', 'period');
  const interval = integerField(body, 'interval', { min: 1 }) as number;
  if (period === 'daily' && interval < 7)
    throw badRequest('The interval for daily plans should be at least 7.', 'interval');
  const item = objectField(body, 'item');
  const amount = integerField(item, 'amount') as number;
  if (amount < 100) throw badRequest('The amount must be atleast INR 1.00', 'amount');
  const now = unixNow();
  const plan: RazorpayPlanEntity = {
    id: newId('plan'),
    entity: 'plan',
    interval,
    period,
    item: {
      id: newId('item'),
      active: true,
      name: stringField(item, 'name', { required: true }) as string,
      description: stringField(item, 'description', { max: 2048 }) ?? null,
      amount,
      unit_amount: amount,
      currency: stringField(item, 'currency', { max: 3 }) ?? 'INR',
      type: 'plan',
      unit: null,
      tax_inclusive: false,
      hsn_code: null,
      sac_code: null,
      tax_rate: null,
      tax_id: null,
      tax_group_id: null,
      created_at: now,
      updated_at: now,
    },
    notes: notesField(body),
    created_at: now,
  };
  store.plans.set(plan.id, plan);
  return plan;
};

/** Calendar arithmetic in UTC, as billing cycles are: one month from 31 Jan is 3 Mar, as Date does it. */
export const addPeriod = (unix: number, plan: RazorpayPlanEntity, cycles = 1) => {
  const date = new Date(unix * 1000);
  const n = plan.interval * cycles;
  if (plan.period === 'monthly') date.setUTCMonth(date.getUTCMonth() + n);
  else if (plan.period === 'yearly') date.setUTCFullYear(date.getUTCFullYear() + n);
  else date.setUTCDate(date.getUTCDate() + (plan.period === 'weekly' ? 7 * n : n));
  return Math.floor(date.getTime() / 1000);
};

export const createSubscription = (
  store: RazorpayStore,
  body: JsonObject,
  shortUrl: (id: string) => string,
): RazorpaySubscriptionEntity => {
  const planId = stringField(body, 'plan_id', { required: true }) as string;
  if (!store.plans.has(planId)) throw badRequest('The id provided does not exist', 'plan_id');
  const totalCount = integerField(body, 'total_count', { min: 1 }) as number;
  const startAt = integerField(body, 'start_at', { required: false }) ?? null;
  const now = unixNow();
  if (startAt !== null && startAt < now)
    throw badRequest('start_at cannot be lesser than the current time', 'start_at');
  const addons = addonsField(body);
  const id = newId('sub');
  const entity: RazorpaySubscriptionEntity = {
    id,
    entity: 'subscription',
    plan_id: planId,
    customer_id: null,
    status: 'created',
    current_start: null,
    current_end: null,
    ended_at: null,
    quantity: integerField(body, 'quantity', { min: 1, required: false }) ?? 1,
    notes: notesField(body),
    charge_at: startAt,
    start_at: startAt,
    end_at: null,
    auth_attempts: 0,
    total_count: totalCount,
    paid_count: 0,
    customer_notify: booleanField(body, 'customer_notify', true),
    created_at: now,
    expire_by: integerField(body, 'expire_by', { required: false }) ?? null,
    short_url: shortUrl(id),
    has_scheduled_changes: false,
    change_scheduled_at: null,
    source: 'api',
    offer_id: stringField(body, 'offer_id') ?? null,
    remaining_count: totalCount,
  };
  store.subscriptions.set(id, { entity, cancelAtCycleEnd: false, addons });
  return entity;
};

const planOf = (store: RazorpayStore, sub: RazorpaySubscriptionEntity) =>
  store.find(store.plans, sub.plan_id);

/** One billing cycle's charge: Razorpay raises an invoice (with an order) and captures its payment. */
const chargeCycle = (
  store: RazorpayStore,
  record: SubscriptionRecord,
  cycleStart: number,
  payer: PayerDetails,
): { payment: RazorpayPaymentEntity; events: EmittedEvent[] } => {
  const sub = record.entity;
  const plan = planOf(store, sub);
  // Add-ons not charged yet go on this invoice (with an immediate start: the upfront amount + the plan amount).
  const amount = plan.item.amount * sub.quantity + takeAddons(record);
  const cycleEnd = addPeriod(cycleStart, plan);
  const payment = payInvoice(store, sub, payer, {
    amount,
    currency: plan.item.currency,
    description: plan.item.name,
    billing: { start: cycleStart, end: cycleEnd },
  });
  sub.status = 'active';
  sub.current_start = cycleStart;
  sub.current_end = cycleEnd;
  sub.charge_at = sub.current_end;
  sub.paid_count += 1;
  sub.remaining_count = Math.max(0, sub.total_count - sub.paid_count);
  sub.auth_attempts = 0;
  sub.end_at = addPeriod(sub.start_at ?? cycleStart, plan, sub.total_count);
  const events: EmittedEvent[] = [
    { event: 'subscription.charged', payload: { subscription: snapshot(sub), payment: snapshot(payment) } },
    { event: 'payment.captured', payload: { payment: snapshot(payment) } },
  ];
  if (sub.remaining_count === 0) {
    sub.status = 'completed';
    sub.ended_at = sub.current_end;
    sub.charge_at = null;
    events.push({ event: 'subscription.completed', payload: { subscription: snapshot(sub) } });
  }
  return { payment, events };
};

/** The add-ons waiting for the next invoice, now on it: their total. */
const takeAddons = (record: SubscriptionRecord): number => {
  const total = (record.addons ?? []).reduce((sum, addon) => sum + addon.amount, 0);
  record.addons = [];
  return total;
};

/**
 * The upfront amount of a subscription starting later (Razorpay's "authentication transaction" with add-ons): an
 * invoice (with its order) for the add-ons, paid by the authentication payment, captured and kept.
 */
const chargeUpfront = (
  store: RazorpayStore,
  record: SubscriptionRecord,
  payer: PayerDetails,
): RazorpayPaymentEntity => {
  const sub = record.entity;
  const currency = record.addons?.[0]?.currency ?? 'INR';
  const names = (record.addons ?? []).map((addon) => addon.name).join(', ');
  const amount = takeAddons(record);
  return payInvoice(store, sub, payer, {
    amount,
    currency,
    description: names,
    billing: { start: null, end: null },
  });
};

/**
 * One paid invoice of a subscription, as Razorpay raises it: an order for the amount, paid by a captured payment, and
 * the invoice naming both (`GET /invoices?subscription_id=` lists them); `billing` is the cycle it pays for (none
 * for an upfront amount).
 */
const payInvoice = (
  store: RazorpayStore,
  sub: RazorpaySubscriptionEntity,
  payer: PayerDetails,
  charge: {
    amount: number;
    currency: string;
    description: string;
    billing: { start: number | null; end: number | null };
  },
): RazorpayPaymentEntity => {
  const { amount, currency, billing } = charge;
  const orderId = newId('order');
  store.orders.set(orderId, {
    id: orderId,
    entity: 'order',
    amount,
    amount_paid: amount,
    amount_due: 0,
    currency,
    receipt: null,
    offer_id: null,
    status: 'paid',
    attempts: 1,
    notes: [],
    created_at: unixNow(),
  });
  const invoiceId = newId('inv');
  const payment = store.newPayment(amount, currency, payer, {
    orderId,
    invoiceId,
    customerId: sub.customer_id,
    description: charge.description,
  });
  store.authorize(payment);
  store.capture(payment);
  const now = unixNow();
  store.invoices.set(invoiceId, {
    id: invoiceId,
    entity: 'invoice',
    type: 'invoice',
    subscription_id: sub.id,
    customer_id: sub.customer_id,
    order_id: orderId,
    payment_id: payment.id,
    status: 'paid',
    amount: payment.amount,
    amount_paid: payment.amount,
    amount_due: 0,
    currency: payment.currency,
    billing_start: billing.start,
    billing_end: billing.end,
    paid_at: now,
    created_at: now,
  });
  return payment;
};

/**
 * Checkout's Pay on a subscription: the authorisation payment. Without `start_at` it is the first charge (with any
 * add-ons) and the subscription is active at once; with a future `start_at` it charges the add-ons (the upfront
 * amount, kept, and sent with `subscription.authenticated` as Razorpay sends the payment made before an event),
 * or without add-ons only sets up the mandate (a small refunded payment).
 */
export const paySubscription = (store: RazorpayStore, id: string, payer: PayerDetails): CheckoutResponse => {
  const record = store.find(store.subscriptions, id);
  const sub = record.entity;
  if (sub.status !== 'created')
    throw badRequest(`Subscription is not payable in ${sub.status} status.`, 'status');
  const now = unixNow();
  sub.customer_id = sub.customer_id ?? newId('cust');
  sub.status = 'authenticated';
  const authenticated = {
    event: 'subscription.authenticated' as const,
    payload: { subscription: snapshot(sub) },
  };
  let payment: RazorpayPaymentEntity;
  if (sub.start_at !== null && sub.start_at > now && record.addons?.length) {
    payment = chargeUpfront(store, record, payer);
    sub.charge_at = sub.start_at;
    store.emit([
      { ...authenticated, payload: { subscription: snapshot(sub), payment: snapshot(payment) } },
      { event: 'payment.captured', payload: { payment: snapshot(payment) } },
    ]);
  } else if (sub.start_at !== null && sub.start_at > now) {
    const plan = planOf(store, sub);
    payment = store.newPayment(payer.method === 'card' ? 500 : 100, plan.item.currency, payer, {
      orderId: null,
      customerId: sub.customer_id,
      description: 'Authorisation payment (refunded)',
    });
    store.authorize(payment);
    store.capture(payment);
    payment.amount_refunded = payment.amount;
    payment.refund_status = 'full';
    payment.status = 'refunded';
    sub.charge_at = sub.start_at;
    store.emit([{ ...authenticated, payload: { subscription: snapshot(sub) } }]);
  } else {
    sub.start_at = now;
    const charged = chargeCycle(store, record, now, payer);
    payment = charged.payment;
    store.emit([
      authenticated,
      { event: 'subscription.activated', payload: { subscription: snapshot(sub) } },
      ...charged.events,
    ]);
  }
  return {
    razorpay_payment_id: payment.id,
    razorpay_subscription_id: sub.id,
    razorpay_signature: store.sign(`${payment.id}|${sub.id}`),
  };
};

export const failSubscription = (store: RazorpayStore, id: string, payer: PayerDetails) => {
  const sub = store.find(store.subscriptions, id).entity;
  if (sub.status !== 'created')
    throw badRequest(`Subscription is not payable in ${sub.status} status.`, 'status');
  const plan = planOf(store, sub);
  const payment = store.newPayment(plan.item.amount * sub.quantity, plan.item.currency, payer, {
    orderId: null,
  });
  store.failPayment(payment);
  store.emit([{ event: 'payment.failed', payload: { payment: snapshot(payment) } }]);
  return payment;
};

const ENDED = new Set(['cancelled', 'completed', 'expired']);

export const cancelSubscription = (store: RazorpayStore, id: string, body: JsonObject) => {
  const record = store.find(store.subscriptions, id);
  const sub = record.entity;
  if (ENDED.has(sub.status))
    throw badRequest(`Subscription is not cancellable in ${sub.status} status.`, 'status');
  const atCycleEnd = booleanField(body, 'cancel_at_cycle_end', false);
  // Only a running cycle has an end to wait for; otherwise Razorpay cancels at once.
  if (atCycleEnd && sub.current_end !== null) {
    record.cancelAtCycleEnd = true;
    return sub;
  }
  endSubscription(store, record, unixNow());
  return sub;
};

const endSubscription = (store: RazorpayStore, record: SubscriptionRecord, endedAt: number) => {
  record.entity.status = 'cancelled';
  record.entity.ended_at = endedAt;
  record.entity.charge_at = null;
  record.cancelAtCycleEnd = false;
  store.emit([{ event: 'subscription.cancelled', payload: { subscription: snapshot(record.entity) } }]);
};

/** The test clock: what Razorpay does when the subscription's `charge_at` comes. */
export const advanceSubscription = (store: RazorpayStore, id: string, outcome: SubscriptionOutcome) => {
  const record = store.find(store.subscriptions, id);
  const sub = record.entity;
  if (ENDED.has(sub.status) || sub.status === 'created')
    throw badRequest(`Subscription cannot be advanced in ${sub.status} status.`, 'status');
  if (record.cancelAtCycleEnd) return endSubscription(store, record, sub.current_end ?? unixNow());
  const payer: PayerDetails = { method: 'upi' };
  switch (outcome) {
    case 'charged': {
      const activating = sub.status === 'authenticated' || sub.status === 'halted';
      const cycleStart = sub.current_end ?? sub.start_at ?? unixNow();
      const { events } = chargeCycle(store, record, cycleStart, payer);
      store.emit([
        ...(activating
          ? [{ event: 'subscription.activated' as const, payload: { subscription: snapshot(sub) } }]
          : []),
        ...events,
      ]);
      return;
    }
    case 'pending':
    case 'halted': {
      const plan = planOf(store, sub);
      const payment = store.newPayment(plan.item.amount * sub.quantity, plan.item.currency, payer, {
        orderId: null,
        customerId: sub.customer_id,
      });
      store.failPayment(payment);
      sub.auth_attempts += 1;
      sub.status = outcome;
      store.emit([{ event: `subscription.${outcome}`, payload: { subscription: snapshot(sub) } }]);
      return;
    }
  }
};

/**
 * Test-only: forgets every plan, as the stand-in did when restarted without its state (and as a real account can lose
 * or archive one), so a journey can show that payment-service makes its plans again. Answers how many it forgot.
 */
export const forgetPlans = (store: RazorpayStore): number => {
  const forgotten = store.plans.size;
  store.plans.clear();
  return forgotten;
};
