import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import { PaymentRpc, type Checkout } from '@app/contracts';
import {
  startOutboxKillSuite,
  startRazorpayFake,
  uniqueSuffix,
  type RazorpayFake,
} from '@app/server-testing';

// Issue 29 §1: payment-service, run as its own process, dies between settling a captured title payment (the payment
// recorded, the purchase granted) and publishing `payment.captured` (the outbox's test hook kills it right after the
// change). Restarted, it announces the capture: the event reaches the stream exactly once, under the id stored
// before the change, and a consumer applies it once; the viewer holds one grant.
describe('payment-service killed between the write and the publish (issue 29 §1)', () => {
  let razorpay: RazorpayFake;
  const suite = startOutboxKillSuite({
    service: 'payment-service',
    eventType: 'payment.captured',
    keyOf: ({ paymentId }) => paymentId,
    // No webhook URL: only the verify this test sends settles the payment.
    setUp: async () => {
      razorpay = await startRazorpayFake();
    },
    tearDown: () => razorpay?.stop(),
    env: () => ({
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
      RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
      RECONCILE_EVERY_MS: '0',
      OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'payments-outbox-kill-')),
    }),
  });

  it('announces the captured payment once after the restart, and the purchase is granted once', async () => {
    const dying = await suite.start({ crashAfter: 'payment.captured' });
    const suffix = uniqueSuffix();
    const payer = {
      userId: new Types.ObjectId().toHexString(),
      email: `buyer-${suffix}@example.in`,
      name: `Buyer ${suffix}`,
      isAdmin: false,
      language: 'en',
    };
    const movieId = new Types.ObjectId().toHexString();
    const checkout = (await suite.client.request(PaymentRpc.createTitleOrder.pattern, {
      payer,
      title: {
        movieId,
        title: `Lagaan ${suffix}`,
        access: 'premium',
        purchasePriceInr: 1200,
        rentalPriceInr: 500,
      },
      kind: 'purchase',
      idempotencyKey: `key_${suffix}`,
    })) as Checkout;
    const confirmation = await razorpay.pay({ orderId: checkout.id });
    const paymentId = confirmation.razorpay_payment_id;

    // The capture is recorded and the purchase granted, then the process is killed before `payment.captured` is
    // marked or published: no answer comes.
    await suite.diesDuring(dying, suite.client.request(PaymentRpc.verify.pattern, { payer, confirmation }));
    expect(await suite.db.collection('payments').findOne({ _id: paymentId as never })).toMatchObject({
      status: 'captured',
      capturedAt: expect.any(Date),
    });
    expect(await suite.db.collection('entitlements').countDocuments({ source: paymentId })).toBe(1);
    expect(await suite.eventsOf('payment.captured', (payload) => payload.paymentId === paymentId)).toEqual(
      [],
    );
    const left = await suite.outboxEntries();
    expect(left.map(({ type, state }) => ({ type, state }))).toEqual([
      { type: 'payment.captured', state: 'pending' },
    ]);
    const storedId = left[0]._id;

    // Restarted (no hook): its relay finds the payment captured, so the settlement was made, and announces it.
    const restarted = await suite.restartAndSettle(paymentId);
    const captures = await suite.eventsOf('payment.captured', (payload) => payload.paymentId === paymentId);
    expect(captures.map(({ id, payload }) => ({ id, payload }))).toEqual([
      {
        id: storedId,
        payload: {
          paymentId,
          userId: payer.userId,
          kind: 'purchase',
          movieId,
          planId: null,
          amountPaise: 120_000,
        },
      },
    ]);
    expect(suite.applied.get(paymentId)).toBe(1);
    // The grant was announced before the crash, once; the viewer owns the title through one grant.
    expect(
      await suite.eventsOf('entitlement.granted', (payload) => payload.source === paymentId),
    ).toHaveLength(1);
    expect(await suite.db.collection('entitlements').countDocuments({ source: paymentId })).toBe(1);
    const metrics = await suite.metrics(restarted);
    expect(metrics).toContain('outbox_published_total{by="relay"} 1');
    expect(metrics).toContain('outbox_waiting{state="pending"} 0');
  });
});
