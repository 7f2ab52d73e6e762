import type { Redis } from 'ioredis';
import type { EventEnvelope, EventPayload } from '@app/contracts';
import { EVENT_STREAM, PaymentRpc } from '@app/contracts';
import { REDIS_CLIENT } from '@app/server-core';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

/** Issue 28: a processed refund is announced (`payment.refunded`) for revenue insights, and counted once by payment id. */
describe('payment.refunded', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-refund-events');
    ctx = paymentContext(suite);
  });
  afterAll(() => suite?.close());

  const refundedEvents = async (paymentId: string) =>
    (await suite.service.app.get<Redis>(REDIS_CLIENT).xrange(EVENT_STREAM, '-', '+'))
      .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<EventPayload<'payment.refunded'>>)
      .filter((event) => event.type === 'payment.refunded' && event.payload.paymentId === paymentId);

  it('announces a purchase’s refund with its amount, dated when it was refunded', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const { confirmation } = await ctx.acquire(payer, title);
    const paymentId = confirmation.razorpay_payment_id;
    await suite.service.call(PaymentRpc.refund, { paymentId });
    await suite.razorpay.flushWebhooks();
    const events = await refundedEvents(paymentId);
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0].payload).toEqual({
      paymentId,
      userId: payer.userId,
      kind: 'purchase',
      movieId: title.movieId,
      planId: null,
      amountPaise: 120_000,
    });
    // Every announcement (the refund's own, a replayed refund.processed) is the same news, dated alike.
    expect(new Set(events.map((event) => event.occurredAt)).size).toBe(1);
  });
});
