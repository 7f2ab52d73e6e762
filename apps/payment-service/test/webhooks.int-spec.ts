import type { Redis } from 'ioredis';
import type { EventEnvelope } from '@app/contracts';
import { ErrorCode, EVENT_STREAM, OrderStatus, PaymentRpc, PaymentStatus } from '@app/contracts';
import { AppError, EventBus, REDIS_CLIENT, REDIS_UNAVAILABLE_MESSAGE } from '@app/server-core';
import { mailsIn } from '@app/server-testing';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { failure, paymentContext, startPaymentSuite } from './payment-context';

describe('payment-service webhooks: signed, deduplicated, order-free', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-webhooks');
    ctx = paymentContext(suite);
  });

  afterEach(() => suite.razorpay.setDelivery({ duplicates: 0, reorder: false, paused: false, delayMs: 0 }));
  afterAll(() => suite?.close());

  /** Pays an order in the fake without calling verify (the browser closed): only webhooks tell the service. */
  const payWithoutVerify = async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const checkout = await ctx.order(payer, title);
    const confirmation = await ctx.pay(checkout);
    return { payer, title, checkout, paymentId: confirmation.razorpay_payment_id };
  };
  const eventsOf = (paymentId: string) => suite.razorpay.events.filter((e) => e.body.includes(paymentId));
  const send = (rawBody: string, eventId: string, signature = suite.razorpay.signWebhook(rawBody)) =>
    suite.service.call(PaymentRpc.webhook, { rawBody, signature, eventId });

  it('grants from webhooks alone (no verify): order paid, payment captured, one grant, one receipt', async () => {
    const { payer, checkout, paymentId } = await payWithoutVerify();
    await suite.razorpay.flushWebhooks();
    expect(await ctx.orders.findByRazorpayId(checkout.id)).toMatchObject({
      status: OrderStatus.Paid,
      paymentId,
    });
    expect(await ctx.payments.findById(paymentId)).toMatchObject({ status: PaymentStatus.Captured });
    expect(await ctx.grantsOf(payer)).toHaveLength(1);
    expect(mailsIn(suite.outboxDir, payer.email)).toHaveLength(1);
    expect(
      suite.razorpay.deliveries
        .filter((d) => eventsOf(paymentId).some((e) => e.id === d.eventId))
        .every((d) => d.status === 200),
    ).toBe(true);
  });

  it('answers duplicate to a webhook replayed 10 times and still grants once', async () => {
    const { payer, paymentId } = await payWithoutVerify();
    await suite.razorpay.flushWebhooks();
    const captured = eventsOf(paymentId).find((e) => e.event === 'payment.captured');
    if (!captured) throw new Error('no payment.captured emitted');
    await suite.razorpay.redeliver(captured.id, 10);
    const outcomes = await Promise.all(Array.from({ length: 3 }, () => send(captured.body, captured.id)));
    expect(outcomes).toEqual(Array(3).fill({ outcome: 'duplicate' }));
    expect(await ctx.grantsOf(payer)).toHaveLength(1);
    expect(mailsIn(suite.outboxDir, payer.email)).toHaveLength(1);
  });

  it("fails a webhook whose events could not be published (503), and Razorpay's retry publishes them", async () => {
    suite.razorpay.setDelivery({ paused: true });
    const { payer, paymentId } = await payWithoutVerify();
    const captured = eventsOf(paymentId).find((e) => e.event === 'payment.captured');
    if (!captured) throw new Error('no payment.captured emitted');
    const bus = suite.service.app.get(EventBus);
    const publish = jest
      .spyOn(bus, 'publish')
      .mockRejectedValueOnce(new AppError(ErrorCode.ServiceUnavailable, REDIS_UNAVAILABLE_MESSAGE));
    try {
      expect(await failure(send(captured.body, captured.id))).toMatchObject({
        code: ErrorCode.ServiceUnavailable,
      });
      // The grant is stored; its announcement is not. Razorpay retries the same event id.
      expect(await ctx.grantsOf(payer)).toHaveLength(1);
      await send(captured.body, captured.id);
    } finally {
      publish.mockRestore();
    }
    const redis = suite.service.app.get<Redis>(REDIS_CLIENT);
    const announced = (await redis.xrange(EVENT_STREAM, '-', '+'))
      .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<Record<string, unknown>>)
      .filter(({ payload }) => payload.paymentId === paymentId || payload.source === paymentId)
      .map(({ type }) => type);
    expect(announced).toEqual(['entitlement.granted', 'payment.captured']);
    await suite.razorpay.flushWebhooks();
  });

  it('ends captured and paid when events arrive reversed, each twice (order.paid before payment.authorized)', async () => {
    suite.razorpay.setDelivery({ reorder: true, duplicates: 1 });
    const { payer, checkout, paymentId } = await payWithoutVerify();
    await suite.razorpay.flushWebhooks();
    expect(await ctx.payments.findById(paymentId)).toMatchObject({ status: PaymentStatus.Captured });
    expect(await ctx.orders.findByRazorpayId(checkout.id)).toMatchObject({ status: OrderStatus.Paid });
    expect(await ctx.grantsOf(payer)).toHaveLength(1);
  });

  it('never moves a paid order or a captured payment back when a late payment.authorized comes', async () => {
    const { checkout, paymentId } = await payWithoutVerify();
    await suite.razorpay.flushWebhooks();
    const authorized = eventsOf(paymentId).find((e) => e.event === 'payment.authorized');
    if (!authorized) throw new Error('no payment.authorized emitted');
    // The same content under a new event id: a late event, not a duplicate.
    await expect(send(authorized.body, `${authorized.id}_late`)).resolves.toEqual({ outcome: 'applied' });
    expect(await ctx.payments.findById(paymentId)).toMatchObject({ status: PaymentStatus.Captured });
    expect(await ctx.orders.findByRazorpayId(checkout.id)).toMatchObject({ status: OrderStatus.Paid });
  });

  it('records and ignores a signed event for an order it does not know', async () => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_unknown0001',
            amount: 100,
            currency: 'INR',
            status: 'captured',
            order_id: 'order_unknown001',
            method: 'upi',
            created_at: 1,
          },
        },
      },
    });
    await expect(send(body, 'evt_unknown_order_1')).resolves.toEqual({ outcome: 'ignored' });
    expect(await ctx.webhookEvents.findById('evt_unknown_order_1')).toMatchObject({ outcome: 'ignored' });
    await expect(send(body, 'evt_unknown_order_1')).resolves.toEqual({ outcome: 'duplicate' });
    expect(await ctx.payments.findById('pay_unknown0001')).toBeNull();
  });

  it('rejects a tampered body or a wrong signature (400) and records nothing', async () => {
    const { paymentId } = await payWithoutVerify();
    suite.razorpay.setDelivery({ paused: true });
    const captured = eventsOf(paymentId).find((e) => e.event === 'payment.captured');
    if (!captured) throw new Error('no payment.captured emitted');
    const forged = captured.body.replace(/"amount":\d+/, '"amount":100');
    expect(
      await failure(send(forged, 'evt_forged_1', suite.razorpay.signWebhook(captured.body))),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await failure(send(captured.body, 'evt_forged_2', 'f'.repeat(64)))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await failure(send(captured.body, 'evt_forged_3', ''))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await ctx.webhookEvents.findById('evt_forged_1')).toBeNull();
    expect(await ctx.webhookEvents.findById('evt_forged_2')).toBeNull();
  });

  it('refuses hostile webhook payloads (wrong types, extra fields, oversized) without storing anything', async () => {
    for (const data of [
      { rawBody: { $gt: '' }, signature: 'x', eventId: 'evt_h1' },
      { rawBody: 'x', signature: 'x', eventId: { $ne: null } },
      { rawBody: 'x', signature: 'x', eventId: 'evt_h2', extra: true },
      { rawBody: 'x'.repeat(1_000_001), signature: 'x', eventId: 'evt_h3' },
    ]) {
      // Sent raw: the payload breaks the contract on purpose.
      expect(await failure(suite.service.send(PaymentRpc.webhook.pattern, data))).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await ctx.webhookEvents.findById('evt_h2')).toBeNull();
    expect(await ctx.webhookEvents.findById('evt_h3')).toBeNull();
  });

  it('applies a verify and the webhooks of the same payment in any interleaving with one grant', async () => {
    suite.razorpay.setDelivery({ paused: true });
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const checkout = await ctx.order(payer, title, 'rental');
    const confirmation = await ctx.pay(checkout);
    await Promise.all([ctx.verify(payer, confirmation), suite.razorpay.flushWebhooks()]);
    const grants = await ctx.grantsOf(payer);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ kind: 'rental', source: confirmation.razorpay_payment_id });
    expect(mailsIn(suite.outboxDir, payer.email)).toHaveLength(1);
  });
});
