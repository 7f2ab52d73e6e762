import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import type { RazorpayFake } from '../src';
import { startRazorpayFake } from '../src';
import { signedByFake } from './razorpay-checks';

type Received = {
  headers: IncomingHttpHeaders;
  raw: string;
  event: string;
  payload: Record<string, { entity: Record<string, unknown> }>;
};

/** A webhook endpoint that records raw bodies and can answer 500 to the first `failNext` requests. */
const startReceiver = async () => {
  const state = { received: [] as Received[], failNext: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (state.failNext > 0) {
        state.failNext -= 1;
        res.writeHead(500).end();
        return;
      }
      const parsed = JSON.parse(raw) as Pick<Received, 'event' | 'payload'>;
      state.received.push({ headers: req.headers, raw, event: parsed.event, payload: parsed.payload });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`,
    state,
    events: () => state.received.map((item) => item.event),
    reset: () => {
      state.received.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The real SDK pointed at the fake, as payment-service does it (RAZORPAY_API_URL = fake.apiUrl). */
const sdkFor = (fake: RazorpayFake, secret = fake.keySecret) => {
  const instance = new Razorpay({ key_id: fake.keyId, key_secret: secret });
  (instance.api as unknown as { rq: { defaults: { baseURL?: string } } }).rq.defaults.baseURL = fake.apiUrl;
  return instance;
};

const MONTH = { period: 'monthly' as const, interval: 1 };

describe('Razorpay fake driven by the razorpay SDK', () => {
  let fake: RazorpayFake;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sdk: Razorpay;

  beforeAll(async () => {
    receiver = await startReceiver();
    fake = await startRazorpayFake({
      webhookUrl: receiver.url,
      keySecret: 'key-secret',
      webhookSecret: 'hook-secret',
    });
    sdk = sdkFor(fake);
  });

  afterAll(async () => {
    await fake.stop();
    await receiver.stop();
  });

  beforeEach(async () => {
    fake.setDelivery({
      duplicates: 0,
      delayMs: 0,
      reorder: false,
      paused: false,
      failRefunds: false,
      doublePayments: false,
    });
    await fake.flushWebhooks();
    receiver.reset();
    receiver.state.failNext = 0;
  });

  it('refuses a wrong key secret with 401 and Razorpay error shape', async () => {
    await expect(
      sdkFor(fake, 'wrong').orders.create({ amount: 50000, currency: 'INR' }),
    ).rejects.toMatchObject({
      statusCode: 401,
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
  });

  it('validates input and unknown ids as Razorpay does (400, field named)', async () => {
    await expect(sdk.orders.create({ amount: 50, currency: 'INR' })).rejects.toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', field: 'amount' },
    });
    await expect(sdk.orders.fetch('order_doesnotexist00')).rejects.toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
  });

  it('accepts the SDK with its base URL at the origin as well (it adds /v1 itself)', async () => {
    const instance = new Razorpay({ key_id: fake.keyId, key_secret: fake.keySecret });
    (instance.api as unknown as { rq: { defaults: { baseURL?: string } } }).rq.defaults.baseURL = fake.url;
    const order = await instance.orders.create({ amount: 10000, currency: 'INR', receipt: 'r-origin' });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
  });

  it('pays an order: signed handler response, captured payment, order paid, three signed webhooks', async () => {
    const order = await sdk.orders.create({
      amount: 120000,
      currency: 'INR',
      receipt: 'rcpt-1',
      notes: { movieId: 'm1' },
    });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 120000,
      amount_due: 120000,
      status: 'created',
      receipt: 'rcpt-1',
      notes: { movieId: 'm1' },
    });
    // Razorpay does not enforce receipt uniqueness.
    await expect(
      sdk.orders.create({ amount: 120000, currency: 'INR', receipt: 'rcpt-1' }),
    ).resolves.toMatchObject({ status: 'created' });

    const response = await fake.pay({ orderId: order.id }, 'card');
    expect(Object.keys(response).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    expect(signedByFake(fake, { order_id: order.id }, response)).toBe(true);

    expect(await sdk.orders.fetch(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 120000,
      amount_due: 0,
      attempts: 1,
    });
    const payments = await sdk.orders.fetchPayments(order.id);
    expect(payments).toMatchObject({ entity: 'collection', count: 1 });
    expect(payments.items[0]).toMatchObject({
      id: response.razorpay_payment_id,
      status: 'captured',
      captured: true,
      method: 'card',
      order_id: order.id,
    });
    expect(await sdk.payments.fetch(response.razorpay_payment_id)).toMatchObject({
      amount: 120000,
      currency: 'INR',
      status: 'captured',
    });

    await fake.flushWebhooks();
    expect(receiver.events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    const ids = new Set<string>();
    for (const { headers, raw, payload } of receiver.state.received) {
      expect(validateWebhookSignature(raw, String(headers['x-razorpay-signature']), fake.webhookSecret)).toBe(
        true,
      );
      ids.add(String(headers['x-razorpay-event-id']));
      expect(JSON.parse(raw)).toMatchObject({
        entity: 'event',
        account_id: expect.stringMatching(/^acc_/),
        contains: Object.keys(payload),
      });
      expect(payload.payment.entity.id).toBe(response.razorpay_payment_id);
    }
    expect(ids.size).toBe(3);
    expect(receiver.state.received[0].payload.payment.entity.status).toBe('authorized');
    expect(receiver.state.received[2].payload.order.entity).toMatchObject({ id: order.id, status: 'paid' });
    expect(fake.deliveries.slice(-3).map((d) => d.status)).toEqual([200, 200, 200]);
    await expect(fake.pay({ orderId: order.id })).rejects.toThrow('Order has already been paid');
  });

  it('takes a second payment of a paid order only with doublePayments (two Checkout windows paid at once)', async () => {
    const order = await sdk.orders.create({ amount: 120_000, currency: 'INR', receipt: 'rcpt_twice' });
    const first = await fake.pay({ orderId: order.id });
    fake.setDelivery({ doublePayments: true });
    try {
      const second = await fake.pay({ orderId: order.id });
      expect(second.razorpay_payment_id).not.toBe(first.razorpay_payment_id);
      const payments = await sdk.orders.fetchPayments(order.id);
      expect(payments.items.map((payment) => payment.status)).toEqual(['captured', 'captured']);
    } finally {
      fake.setDelivery({ doublePayments: false });
    }
    await expect(fake.pay({ orderId: order.id })).rejects.toThrow('Order has already been paid');
  });

  it('fails a payment: failed payment with error fields, order attempted, payment.failed webhook', async () => {
    const order = await sdk.orders.create({ amount: 50000, currency: 'INR' });
    const { paymentId } = await fake.fail({ orderId: order.id });
    expect(await sdk.payments.fetch(paymentId)).toMatchObject({
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: expect.any(String),
      error_reason: 'payment_failed',
    });
    expect(await sdk.orders.fetch(order.id)).toMatchObject({ status: 'attempted', attempts: 1 });
    await fake.flushWebhooks();
    expect(receiver.events()).toEqual(['payment.failed']);
    // A retry after a failure can still pay the order.
    await fake.pay({ orderId: order.id });
    expect(await sdk.orders.fetch(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('refunds partially then fully, with refund.processed webhooks; a failing refund is pending then refund.failed', async () => {
    const order = await sdk.orders.create({ amount: 50000, currency: 'INR' });
    const { razorpay_payment_id: paymentId } = await fake.pay({ orderId: order.id });
    await fake.flushWebhooks();
    receiver.reset();

    const partial = await sdk.payments.refund(paymentId, { amount: 20000 });
    expect(partial).toMatchObject({
      entity: 'refund',
      amount: 20000,
      payment_id: paymentId,
      status: 'processed',
    });
    expect(await sdk.payments.fetch(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 20000,
      refund_status: 'partial',
    });
    await expect(sdk.payments.refund(paymentId, { amount: 40000 })).rejects.toMatchObject({
      statusCode: 400,
      error: { field: 'amount' },
    });
    const rest = await sdk.payments.refund(paymentId, {});
    expect(rest.amount).toBe(30000);
    expect(await sdk.payments.fetch(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 50000,
      refund_status: 'full',
    });
    await fake.flushWebhooks();
    expect(receiver.events()).toEqual(['refund.processed', 'refund.processed']);
    expect(receiver.state.received[1].payload.refund.entity).toMatchObject({
      id: rest.id,
      status: 'processed',
    });
    expect(receiver.state.received[1].payload.payment.entity).toMatchObject({ status: 'refunded' });

    const other = await sdk.orders.create({ amount: 50000, currency: 'INR' });
    const paid = await fake.pay({ orderId: other.id });
    fake.setDelivery({ failRefunds: true });
    receiver.reset();
    const pending = await sdk.payments.refund(paid.razorpay_payment_id, {});
    expect(pending.status).toBe('pending');
    await fake.flushWebhooks();
    expect(receiver.events()).toEqual([
      'payment.authorized',
      'payment.captured',
      'order.paid',
      'refund.failed',
    ]);
    expect(await sdk.payments.fetch(paid.razorpay_payment_id)).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
    });
  });

  describe('plans and subscriptions', () => {
    const newPlan = (amount = 14900) =>
      sdk.plans.create({
        ...MONTH,
        item: { name: 'Basic', amount, currency: 'INR', description: 'Basic plan' },
      });

    it('creates, fetches and lists plans', async () => {
      const plan = await newPlan();
      expect(plan).toMatchObject({
        entity: 'plan',
        period: 'monthly',
        interval: 1,
        item: { name: 'Basic', amount: 14900, currency: 'INR' },
      });
      expect(await sdk.plans.fetch(plan.id)).toEqual(plan);
      const list = await sdk.plans.all({ count: 100 });
      expect(list.items.map((item) => item.id)).toContain(plan.id);
    });

    it('subscribes now: charged and active for one period, signed (payment|subscription), four webhooks', async () => {
      const plan = await newPlan(49900);
      const created = await sdk.subscriptions.create({
        plan_id: plan.id,
        total_count: 12,
        customer_notify: 1,
        notes: { userId: 'u1' },
      });
      expect(created).toMatchObject({
        entity: 'subscription',
        status: 'created',
        plan_id: plan.id,
        paid_count: 0,
        total_count: 12,
      });

      const response = await fake.pay({ subscriptionId: created.id });
      expect(Object.keys(response).sort()).toEqual([
        'razorpay_payment_id',
        'razorpay_signature',
        'razorpay_subscription_id',
      ]);
      expect(signedByFake(fake, { subscription_id: created.id }, response)).toBe(true);

      const sub = await sdk.subscriptions.fetch(created.id);
      expect(sub).toMatchObject({ status: 'active', paid_count: 1, remaining_count: 11 });
      const start = new Date(Number(sub.current_start) * 1000);
      const end = new Date(Number(sub.current_end) * 1000);
      expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
      expect(sub.charge_at).toBe(sub.current_end);
      const charge = await sdk.payments.fetch(response.razorpay_payment_id);
      expect(charge).toMatchObject({ amount: 49900, status: 'captured' });
      // The cycle's invoice, for the period it pays, paid through its own order.
      expect((await sdk.invoices.all({ subscription_id: created.id })).items).toEqual([
        expect.objectContaining({
          id: charge.invoice_id,
          order_id: charge.order_id,
          payment_id: charge.id,
          status: 'paid',
          amount: 49900,
          billing_start: sub.current_start,
          billing_end: sub.current_end,
        }),
      ]);
      expect(await sdk.orders.fetch(String(charge.order_id))).toMatchObject({
        status: 'paid',
        amount: 49900,
        amount_paid: 49900,
        amount_due: 0,
      });

      await fake.flushWebhooks();
      expect(receiver.events()).toEqual([
        'subscription.authenticated',
        'subscription.activated',
        'subscription.charged',
        'payment.captured',
      ]);
      expect(receiver.state.received[2].payload.payment.entity.id).toBe(response.razorpay_payment_id);
      expect(receiver.state.received[2].payload.subscription.entity).toMatchObject({
        status: 'active',
        paid_count: 1,
      });

      // Renewal, retry, halt, recovery through the test clock.
      receiver.reset();
      await fake.advanceSubscription(created.id, 'charged');
      const renewed = await sdk.subscriptions.fetch(created.id);
      expect(renewed).toMatchObject({ status: 'active', paid_count: 2, current_start: sub.current_end });
      expect(Number(renewed.current_end)).toBeGreaterThan(Number(sub.current_end));
      await fake.advanceSubscription(created.id, 'pending');
      expect((await sdk.subscriptions.fetch(created.id)).status).toBe('pending');
      await fake.advanceSubscription(created.id, 'halted');
      expect((await sdk.subscriptions.fetch(created.id)).status).toBe('halted');
      await fake.advanceSubscription(created.id, 'charged');
      expect(await sdk.subscriptions.fetch(created.id)).toMatchObject({ status: 'active', paid_count: 3 });
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual([
        'subscription.charged',
        'payment.captured',
        'subscription.pending',
        'subscription.halted',
        'subscription.activated',
        'subscription.charged',
        'payment.captured',
      ]);
    });

    it('cancels at cycle end (the SDK sends cancel_at_cycle_end: 1): active until the next advance, then cancelled', async () => {
      const plan = await newPlan();
      const created = await sdk.subscriptions.create({ plan_id: plan.id, total_count: 6 });
      await fake.pay({ subscriptionId: created.id }, 'card');
      const cancelled = await sdk.subscriptions.cancel(created.id, true);
      expect(cancelled.status).toBe('active');
      await fake.flushWebhooks();
      receiver.reset();
      await fake.advanceSubscription(created.id, 'charged');
      const ended = await sdk.subscriptions.fetch(created.id);
      expect(ended).toMatchObject({ status: 'cancelled', paid_count: 1, ended_at: cancelled.current_end });
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual(['subscription.cancelled']);
      await expect(sdk.subscriptions.cancel(created.id)).rejects.toMatchObject({
        statusCode: 400,
        error: { field: 'status' },
      });
    });

    it('cancels immediately without cancel_at_cycle_end', async () => {
      const plan = await newPlan();
      const created = await sdk.subscriptions.create({ plan_id: plan.id, total_count: 6 });
      await fake.pay({ subscriptionId: created.id });
      await fake.flushWebhooks();
      receiver.reset();
      expect((await sdk.subscriptions.cancel(created.id, false)).status).toBe('cancelled');
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual(['subscription.cancelled']);
    });

    it('with a future start_at: authenticated only, activates and charges on advance', async () => {
      const plan = await newPlan(89900);
      const startAt = Math.floor(Date.now() / 1000) + 30 * 86400;
      const created = await sdk.subscriptions.create({ plan_id: plan.id, total_count: 2, start_at: startAt });
      // Checkout shows the authorisation payment, and when the plan's amount is first charged.
      const described = await fetch(
        `${fake.url}/_checkout/describe?key=${fake.keyId}&subscription_id=${created.id}`,
      );
      expect(await described.json()).toEqual({
        amount: 100,
        currency: 'INR',
        recurringAmount: 89900,
        startAt,
      });
      const response = await fake.pay({ subscriptionId: created.id });
      expect(await sdk.subscriptions.fetch(created.id)).toMatchObject({
        status: 'authenticated',
        paid_count: 0,
        charge_at: startAt,
      });
      expect(await sdk.payments.fetch(response.razorpay_payment_id)).toMatchObject({ status: 'refunded' });
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual(['subscription.authenticated']);
      receiver.reset();

      await fake.advanceSubscription(created.id, 'charged');
      expect(await sdk.subscriptions.fetch(created.id)).toMatchObject({
        status: 'active',
        paid_count: 1,
        current_start: startAt,
      });
      await fake.advanceSubscription(created.id, 'charged');
      expect(await sdk.subscriptions.fetch(created.id)).toMatchObject({
        status: 'completed',
        paid_count: 2,
        remaining_count: 0,
      });
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual([
        'subscription.activated',
        'subscription.charged',
        'payment.captured',
        'subscription.charged',
        'payment.captured',
        'subscription.completed',
      ]);
    });

    it('with a future start_at and an upfront add-on: authentication charges the add-on and keeps it', async () => {
      const plan = await newPlan(14900);
      const startAt = Math.floor(Date.now() / 1000) + 30 * 86400;
      const created = await sdk.subscriptions.create({
        plan_id: plan.id,
        total_count: 12,
        start_at: startAt,
        addons: [{ item: { name: 'First month (promo code)', amount: 9900, currency: 'INR' } }],
      });
      const described = await fetch(
        `${fake.url}/_checkout/describe?key=${fake.keyId}&subscription_id=${created.id}`,
      );
      expect(await described.json()).toEqual({
        amount: 9900,
        currency: 'INR',
        recurringAmount: 14900,
        startAt,
        upfront: true,
      });
      const response = await fake.pay({ subscriptionId: created.id });
      expect(await sdk.subscriptions.fetch(created.id)).toMatchObject({
        status: 'authenticated',
        paid_count: 0,
        current_start: null,
        charge_at: startAt,
      });
      const payment = await sdk.payments.fetch(response.razorpay_payment_id);
      expect(payment).toMatchObject({ amount: 9900, status: 'captured', amount_refunded: 0 });
      expect(payment.invoice_id).toMatch(/^inv_/);
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual(['subscription.authenticated', 'payment.captured']);
      // Razorpay sends the payment made before an event with it.
      expect(receiver.state.received[0]?.payload.payment?.entity).toMatchObject({
        id: payment.id,
        amount: 9900,
      });
      receiver.reset();
      // The upfront amount's invoice, found by its subscription as Razorpay lists them.
      const invoices = await sdk.invoices.all({ subscription_id: created.id });
      expect(invoices.items).toEqual([
        expect.objectContaining({
          id: payment.invoice_id,
          order_id: payment.order_id,
          payment_id: payment.id,
          status: 'paid',
          amount: 9900,
          billing_start: null,
          billing_end: null,
        }),
      ]);
      expect(await sdk.orders.fetch(String(payment.order_id))).toMatchObject({
        status: 'paid',
        amount: 9900,
        amount_paid: 9900,
      });

      // The plan's amount from start_at, without the add-on again.
      await fake.advanceSubscription(created.id, 'charged');
      await fake.flushWebhooks();
      const charged = receiver.state.received.find((item) => item.event === 'subscription.charged');
      expect(charged?.payload.payment?.entity).toMatchObject({ amount: 14900, status: 'captured' });
      expect(await sdk.subscriptions.fetch(created.id)).toMatchObject({
        paid_count: 1,
        current_start: startAt,
      });
    });

    it('refuses an add-on under ₹1', async () => {
      const plan = await newPlan();
      await expect(
        sdk.subscriptions.create({
          plan_id: plan.id,
          total_count: 6,
          addons: [{ item: { name: 'Too small', amount: 50, currency: 'INR' } }],
        }),
      ).rejects.toMatchObject({ statusCode: 400 });
    });

    it('fails a subscription payment: payment.failed, subscription still created', async () => {
      const plan = await newPlan();
      const created = await sdk.subscriptions.create({ plan_id: plan.id, total_count: 6 });
      await fake.fail({ subscriptionId: created.id });
      expect((await sdk.subscriptions.fetch(created.id)).status).toBe('created');
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual(['payment.failed']);
    });
  });

  describe('webhook delivery switches', () => {
    const payNewOrder = async () => {
      const order = await sdk.orders.create({ amount: 10000, currency: 'INR' });
      return fake.pay({ orderId: order.id });
    };

    it('duplicates: the same event id and body, several times', async () => {
      fake.setDelivery({ duplicates: 2 });
      await payNewOrder();
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual([
        ...Array<string>(3).fill('payment.authorized'),
        ...Array<string>(3).fill('payment.captured'),
        ...Array<string>(3).fill('order.paid'),
      ]);
      const first = receiver.state.received.slice(0, 3);
      expect(new Set(first.map((item) => item.headers['x-razorpay-event-id'])).size).toBe(1);
      expect(new Set(first.map((item) => item.raw)).size).toBe(1);
    });

    it('reorder: a payment’s events arrive in reverse', async () => {
      fake.setDelivery({ reorder: true });
      await payNewOrder();
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual(['order.paid', 'payment.captured', 'payment.authorized']);
    });

    it('retries after a 500 with the same event id', async () => {
      receiver.state.failNext = 1;
      await payNewOrder();
      await fake.flushWebhooks();
      expect(receiver.events()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
      const log = fake.deliveries.slice(-4);
      expect(log.map((delivery) => [delivery.event, delivery.status, delivery.attempt])).toEqual([
        ['payment.authorized', 500, 1],
        ['payment.authorized', 200, 2],
        ['payment.captured', 200, 1],
        ['order.paid', 200, 1],
      ]);
      expect(log[0].eventId).toBe(log[1].eventId);
    });

    it('paused: nothing until flushWebhooks; delay; redeliver replays an event', async () => {
      fake.setDelivery({ paused: true });
      await payNewOrder();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.events()).toEqual([]);
      fake.setDelivery({ delayMs: 20 });
      await fake.flushWebhooks();
      expect(receiver.events()).toHaveLength(3);
      const last = fake.events[fake.events.length - 1];
      await fake.redeliver(last.id, 2);
      expect(receiver.state.received.slice(-2).map((item) => item.headers['x-razorpay-event-id'])).toEqual([
        last.id,
        last.id,
      ]);
      expect(fake.signWebhook(last.body)).toBe(receiver.state.received[2].headers['x-razorpay-signature']);
    });
  });

  describe('HTTP controls and Checkout endpoints', () => {
    const call = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${fake.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        headers: response.headers,
        json: (await response.json()) as Record<string, unknown>,
      };
    };

    it('pays, fails, advances and flushes through /_control', async () => {
      const plan = await sdk.plans.create({
        ...MONTH,
        item: { name: 'Standard', amount: 49900, currency: 'INR' },
      });
      const sub = await sdk.subscriptions.create({ plan_id: plan.id, total_count: 12 });
      const paid = await call('/_control/pay', { subscriptionId: sub.id, method: 'upi' });
      expect(paid.json.razorpay_subscription_id).toBe(sub.id);
      expect((await call('/_control/advance', { subscriptionId: sub.id, outcome: 'charged' })).status).toBe(
        200,
      );
      expect((await sdk.subscriptions.fetch(sub.id)).paid_count).toBe(2);
      expect((await call('/_control/advance', { subscriptionId: sub.id, outcome: 'bogus' })).status).toBe(
        400,
      );
      const order = await sdk.orders.create({ amount: 50000, currency: 'INR' });
      expect((await call('/_control/fail', { orderId: order.id })).json.paymentId).toMatch(/^pay_/);
      expect((await call('/_control/delivery', { paused: true })).status).toBe(200);
      await call('/_control/pay', { orderId: order.id });
      expect((await call('/_control/flush', {})).status).toBe(200);
      const log = await call('/_control/deliveries');
      expect(log.json.deliveries).toEqual(
        expect.arrayContaining([expect.objectContaining({ event: 'order.paid', status: 200 })]),
      );
    });

    it('forgets its plans through /_control/forget-plans: a subscription on one is then refused as Razorpay does', async () => {
      const plan = await sdk.plans.create({
        ...MONTH,
        item: { name: 'Premium', amount: 89900, currency: 'INR' },
      });
      const forgot = await call('/_control/forget-plans', {});
      expect(forgot.status).toBe(200);
      expect(forgot.json.forgotten).toBeGreaterThanOrEqual(1);
      await expect(sdk.plans.fetch(plan.id)).rejects.toMatchObject({
        statusCode: 400,
        error: { description: 'The id provided does not exist' },
      });
      await expect(sdk.subscriptions.create({ plan_id: plan.id, total_count: 12 })).rejects.toMatchObject({
        error: { description: 'The id provided does not exist' },
      });
      // A plan made again is known as before.
      const again = await sdk.plans.create({
        ...MONTH,
        item: { name: 'Premium', amount: 89900, currency: 'INR' },
      });
      expect((await sdk.subscriptions.create({ plan_id: again.id, total_count: 12 })).status).toBe('created');
      expect(await fake.forgetPlans()).toBe(1);
    });

    it('serves checkout.js and answers Checkout calls with CORS; a wrong key is refused', async () => {
      const script = await fetch(fake.checkoutUrl);
      expect(script.headers.get('content-type')).toContain('javascript');
      expect(await script.text()).toContain('window.Razorpay = Razorpay');
      const order = await sdk.orders.create({ amount: 120000, currency: 'INR' });
      const describe = await call(`/_checkout/describe?key=${fake.keyId}&order_id=${order.id}`);
      expect(describe.json).toEqual({ amount: 120000, currency: 'INR' });
      expect(describe.headers.get('access-control-allow-origin')).toBe('*');
      const preflight = await fetch(`${fake.url}/_checkout/pay`, { method: 'OPTIONS' });
      expect(preflight.status).toBe(204);
      expect((await call('/_checkout/pay', { key: 'rzp_test_other', order_id: order.id })).status).toBe(400);
      const failed = await call('/_checkout/fail', { key: fake.keyId, order_id: order.id, method: 'upi' });
      expect(failed.json.error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        source: expect.any(String),
        step: expect.any(String),
        reason: expect.any(String),
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
      });
    });
  });
});
