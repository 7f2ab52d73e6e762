import type { Redis } from 'ioredis';
import type { EventEnvelope, EventPayload, Payer } from '@app/contracts';
import { ErrorCode, EVENT_STREAM, PaymentRpc, TRIAL_DAYS, TrialMessages, TrialRpc } from '@app/contracts';
import { REDIS_CLIENT } from '@app/server-core';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { failure, paymentContext, startPaymentSuite } from './payment-context';

// Issue 27: 7 days of Standard once per account (verified email, never subscribed): Checkout authorises the mandate,
// the first charge comes at the trial's end, cancelling during it costs nothing and access ends with it.

const DAY_MS = 24 * 3_600_000;

describe('payment-service free trial', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-trial');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  const offer = (payer: Payer, emailVerified = true) =>
    suite.service.call(TrialRpc.offer, { userId: payer.userId, emailVerified });
  const start = (payer: Payer, idempotencyKey = ctx.key()) =>
    suite.service.call(TrialRpc.start, { payer, idempotencyKey });
  const standardTitle = () => ctx.newTitle({ access: 'premium' });
  const canWatchAt = async (payer: Payer, at: Date) => {
    jest.useFakeTimers({
      now: at,
      doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
    });
    try {
      return (await ctx.entitlement(payer, standardTitle())).canWatch;
    } finally {
      jest.useRealTimers();
    }
  };

  /** Starts the trial and completes Checkout (the mandate): answers the subscription's id. */
  const startAndAuthorise = async (payer: Payer) => {
    const checkout = await start(payer);
    const confirmation = await ctx.pay(checkout);
    expect(await ctx.verify(payer, confirmation)).toMatchObject({ outcome: 'paid', planId: 'standard' });
    await suite.razorpay.flushWebhooks();
    return { checkout, confirmation };
  };

  it('authorises the mandate without charging, gives Standard for 7 days and charges ₹499 at the end', async () => {
    const payer = ctx.newPayer();
    expect(await offer(payer)).toEqual({
      eligible: true,
      planId: 'standard',
      days: TRIAL_DAYS,
      reason: null,
    });
    const startedAt = Date.now();
    const { checkout, confirmation } = await startAndAuthorise(payer);
    expect(checkout).toMatchObject({ mode: 'subscription', planId: 'standard' });
    expect(checkout.description).toMatch(
      /^Standard plan: free until \d{4}-\d{2}-\d{2}, then ₹499 every 3 months$/,
    );

    // The authorisation payment was refunded; nothing else was charged.
    const authorisation = await ctx.payments.findById(confirmation.razorpay_payment_id);
    expect(authorisation?.status ?? 'not recorded').not.toBe('captured');
    const stored = await ctx.subscriptions.findByRazorpayId(checkout.id);
    expect(stored?.trialEndsAt?.getTime()).toBeGreaterThanOrEqual(startedAt + TRIAL_DAYS * DAY_MS - 1000);
    expect(stored?.chargeAt?.getTime()).toBe(stored?.trialEndsAt?.getTime());
    const view = await suite.service.call(PaymentRpc.subscription, { userId: payer.userId });
    expect(view).toMatchObject({
      planId: 'standard',
      status: 'authenticated',
      trialEndsAt: stored?.trialEndsAt?.toISOString(),
      nextBilling: stored?.trialEndsAt?.toISOString(),
    });
    expect((await ctx.entitlement(payer, standardTitle())).canWatch).toBe(true);

    // The trial's end: Razorpay charges the first period from then.
    await suite.razorpay.advanceSubscription(checkout.id, 'charged');
    await suite.razorpay.flushWebhooks();
    const charged = await suite.service.call(PaymentRpc.adminPayments, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(charged.data.map((p) => [p.kind, p.amountInr, p.status])).toEqual([
      ['subscription', 499, 'captured'],
    ]);
    const after = await ctx.subscriptions.findByRazorpayId(checkout.id);
    expect(after?.currentStart?.getTime()).toBe(stored?.trialEndsAt?.getTime());
    expect(after?.status).toBe('active');

    // Its news names the trial's end, so Insights counts the trial and its conversion (issue 28).
    const changes = (await suite.service.app.get<Redis>(REDIS_CLIENT).xrange(EVENT_STREAM, '-', '+'))
      .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<EventPayload<'subscription.changed'>>)
      .filter(
        (event) => event.type === 'subscription.changed' && event.payload.subscriptionId === checkout.id,
      );
    expect(changes.map((event) => [event.payload.status, event.payload.trialEndsAt])).toEqual(
      expect.arrayContaining([
        ['authenticated', stored?.trialEndsAt?.toISOString()],
        ['active', stored?.trialEndsAt?.toISOString()],
      ]),
    );
  });

  it('cancelled during the trial: nothing is ever charged and access ends at the trial end', async () => {
    const payer = ctx.newPayer();
    const { checkout } = await startAndAuthorise(payer);
    const trialEndsAt = (await ctx.subscriptions.findByRazorpayId(checkout.id))?.trialEndsAt;
    if (!trialEndsAt) throw new Error('no trial end');

    const cancelled = await suite.service.call(PaymentRpc.cancelSubscription, { userId: payer.userId });
    await suite.razorpay.flushWebhooks();
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      nextBilling: null,
      activeUntil: trialEndsAt.toISOString(),
    });
    // Razorpay has it cancelled: its clock cannot charge it any more.
    await expect(suite.razorpay.advanceSubscription(checkout.id, 'charged')).rejects.toThrow();
    const payments = await suite.service.call(PaymentRpc.adminPayments, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(payments.data.filter((p) => p.status === 'captured')).toEqual([]);

    expect(await canWatchAt(payer, new Date(trialEndsAt.getTime() - DAY_MS))).toBe(true);
    expect(await canWatchAt(payer, new Date(trialEndsAt.getTime() + 60_000))).toBe(false);
  });

  it('is once per account, for accounts that never subscribed and have a verified email', async () => {
    const trialled = ctx.newPayer();
    await startAndAuthorise(trialled);
    expect(await offer(trialled)).toMatchObject({ eligible: false, reason: TrialMessages.used });
    expect(await failure(start(trialled))).toMatchObject({
      code: ErrorCode.Conflict,
      message: TrialMessages.used,
    });

    const subscriber = ctx.newPayer();
    await ctx.subscribe(subscriber, 'basic');
    expect(await offer(subscriber)).toMatchObject({ eligible: false, reason: TrialMessages.notEligible });
    expect(await failure(start(subscriber))).toMatchObject({
      code: ErrorCode.Conflict,
      message: TrialMessages.notEligible,
    });

    expect(await offer(ctx.newPayer(), false)).toMatchObject({ eligible: false });
  });

  it('makes one trial of parallel presses with different keys, and a second press before Checkout gets the same', async () => {
    const payer = ctx.newPayer();
    const checkouts = await Promise.allSettled(Array.from({ length: 5 }, () => start(payer)));
    const ids = new Set(
      checkouts.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : [])),
    );
    expect(ids.size).toBe(1);
    expect((await ctx.subscriptions.ofUser(payer.userId)).filter((sub) => sub.trialFor)).toHaveLength(1);
    expect((await start(payer)).id).toEqual([...ids][0]);
  });
});
