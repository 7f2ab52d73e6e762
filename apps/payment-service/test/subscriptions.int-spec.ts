import {
  AccessReason,
  ErrorCode,
  EVENT_STREAM,
  PaymentMessages,
  PaymentRpc,
  SubscriptionStatus,
} from '@app/contracts';
import type { Redis } from 'ioredis';
import { EventBus, REDIS_CLIENT } from '@app/server-core';
import { mailsIn } from '@app/server-testing';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { failure, paymentContext, startPaymentSuite } from './payment-context';

const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('payment-service subscriptions through the fake clock', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-subscriptions');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  const view = (userId: string) => suite.service.call(PaymentRpc.subscription, { userId });
  const settle = () => suite.razorpay.flushWebhooks();

  it('subscribes to Standard: active, renews on its period end, premium titles included, one receipt', async () => {
    const payer = ctx.newPayer();
    const { checkout } = await ctx.subscribe(payer, 'standard');
    expect(checkout).toMatchObject({ mode: 'subscription', amount: 49_900, planId: 'standard' });
    await settle();
    const current = await view(payer.userId);
    expect(current).toMatchObject({
      planId: 'standard',
      planName: 'Standard',
      amountInr: 499,
      amountPerMonthInr: 166,
      status: SubscriptionStatus.Active,
      activeUntil: null,
      scheduledChange: null,
    });
    expect(current?.nextBilling).toBe(current?.currentEnd);
    expect(await ctx.entitlement(payer, ctx.newTitle())).toMatchObject({
      canWatch: true,
      reason: AccessReason.Plan,
      quality: '1080p',
      screens: 2,
      plan: { id: 'standard', name: 'Standard' },
    });
    expect(mailsIn(suite.outboxDir, payer.email).map((m) => m.subject)).toEqual([
      'Your Streamly receipt: ₹499.00',
    ]);
    expect(await failure(ctx.subscribe(payer, 'standard'))).toMatchObject({
      code: ErrorCode.Conflict,
      message: PaymentMessages.samePlan,
    });
    expect(await failure(ctx.subscribe(payer, 'basic'))).toMatchObject({
      code: ErrorCode.Conflict,
      message: PaymentMessages.alreadySubscribed,
    });
  });

  it('renews on subscription.charged: the period moves on, a renewal receipt, one grant per cycle', async () => {
    const payer = ctx.newPayer();
    const { checkout } = await ctx.subscribe(payer, 'basic');
    await settle();
    const first = await view(payer.userId);
    await suite.razorpay.advanceSubscription(checkout.id, 'charged');
    await settle();
    const renewed = await view(payer.userId);
    expect(renewed?.currentStart).toBe(first?.currentEnd);
    expect(new Date(renewed?.currentEnd ?? 0).getTime()).toBeGreaterThan(
      new Date(first?.currentEnd ?? 0).getTime(),
    );
    const mails = mailsIn(suite.outboxDir, payer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Renewal: Basic plan');
    const cycles = await suite.service.call(PaymentRpc.adminPayments, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(cycles.data.map((p) => [p.kind, p.amountInr, p.status])).toEqual([
      ['subscription', 149, 'captured'],
      ['subscription', 149, 'captured'],
    ]);
    // Each charge has its cycle's grant: nothing paid is left without an entitlement.
    const report = await suite.service.call(PaymentRpc.adminMismatches, {});
    expect(report.paidWithoutEntitlement.filter((m) => m.userId === payer.userId)).toEqual([]);
  });

  it('keeps access while pending (grace), then halted ends renewal at the period end', async () => {
    const payer = ctx.newPayer();
    const { checkout } = await ctx.subscribe(payer, 'premium');
    await settle();
    await suite.razorpay.advanceSubscription(checkout.id, 'pending');
    await settle();
    expect(await view(payer.userId)).toMatchObject({ status: SubscriptionStatus.Pending, activeUntil: null });
    expect((await ctx.entitlement(payer, ctx.newTitle())).canWatch).toBe(true);
    await suite.razorpay.advanceSubscription(checkout.id, 'halted');
    await settle();
    const halted = await view(payer.userId);
    expect(halted).toMatchObject({ status: SubscriptionStatus.Halted, nextBilling: null });
    expect(halted?.activeUntil).toBe(halted?.currentEnd);
  });

  it('cancels at cycle end: "Active until", access kept, Razorpay ends it when the period does', async () => {
    const payer = ctx.newPayer();
    const { checkout } = await ctx.subscribe(payer, 'standard');
    await settle();
    const cancelled = await suite.service.call(PaymentRpc.cancelSubscription, { userId: payer.userId });
    expect(cancelled).toMatchObject({ status: SubscriptionStatus.Active, nextBilling: null });
    expect(cancelled.activeUntil).toBe(cancelled.currentEnd);
    // Idempotent: a second cancel changes nothing.
    await expect(
      suite.service.call(PaymentRpc.cancelSubscription, { userId: payer.userId }),
    ).resolves.toEqual(cancelled);
    await suite.razorpay.advanceSubscription(checkout.id, 'charged');
    await settle();
    expect(await view(payer.userId)).toMatchObject({
      status: SubscriptionStatus.Cancelled,
      activeUntil: cancelled.activeUntil,
    });
    expect(mailsIn(suite.outboxDir, payer.email)).toHaveLength(1);
  });

  it('changes plan at the period end (DECISIONS 28): authorised now, old cancelled at cycle end, new takes over', async () => {
    const payer = ctx.newPayer();
    const { checkout: old } = await ctx.subscribe(payer, 'standard');
    await settle();
    const before = await view(payer.userId);
    expect(
      await failure(
        suite.service.call(PaymentRpc.changePlan, { payer, planId: 'standard', idempotencyKey: ctx.key() }),
      ),
    ).toMatchObject({
      code: ErrorCode.Conflict,
      message: PaymentMessages.samePlan,
    });
    const change = await suite.service.call(PaymentRpc.changePlan, {
      payer,
      planId: 'premium',
      idempotencyKey: ctx.key(),
    });
    expect(change).toMatchObject({ mode: 'subscription', planId: 'premium', amount: 89_900 });
    await ctx.verify(payer, await ctx.pay(change));
    await settle();
    const scheduled = await view(payer.userId);
    expect(scheduled).toMatchObject({
      planId: 'standard',
      nextBilling: null,
      scheduledChange: { planId: 'premium', planName: 'Premium', startsAt: before?.currentEnd },
    });
    expect((await ctx.subscriptions.findByRazorpayId(old.id))?.cancelAtCycleEnd).toBe(true);

    await suite.razorpay.advanceSubscription(old.id, 'charged');
    await suite.razorpay.advanceSubscription(change.id, 'charged');
    await settle();
    expect(await view(payer.userId)).toMatchObject({
      planId: 'premium',
      status: SubscriptionStatus.Active,
      currentStart: before?.currentEnd,
      scheduledChange: null,
    });
    expect(await ctx.entitlement(payer, ctx.newTitle())).toMatchObject({ quality: 'best', screens: 4 });
  });

  it('refuses a tampered subscription signature and someone else verifying my subscription', async () => {
    const payer = ctx.newPayer();
    const checkout = await suite.service.call(PaymentRpc.createPlanOrder, {
      payer,
      planId: 'basic',
      idempotencyKey: ctx.key(),
    });
    const confirmation = await ctx.pay(checkout);
    expect(await failure(ctx.verify(ctx.newPayer(), confirmation))).toMatchObject({
      code: ErrorCode.Forbidden,
    });
    const swapped = { ...confirmation, razorpay_signature: 'a'.repeat(64) };
    expect(await failure(ctx.verify(payer, swapped))).toMatchObject({ code: ErrorCode.ValidationFailed });
  });

  it('says "No active subscription." to a cancel without a plan, and null to the view', async () => {
    const payer = ctx.newPayer();
    await expect(view(payer.userId)).resolves.toBeNull();
    expect(
      await failure(suite.service.call(PaymentRpc.cancelSubscription, { userId: payer.userId })),
    ).toMatchObject({
      code: ErrorCode.NotFound,
      message: PaymentMessages.noSubscription,
    });
  });

  it('on user.deleted stops renewal at cycle end and drops personal fields, keeping the records', async () => {
    const payer = ctx.newPayer();
    const { checkout } = await ctx.subscribe(payer, 'standard');
    await ctx.acquire(payer, ctx.newTitle());
    await settle();
    await suite.service.app.get(EventBus).publish('user.deleted', { userId: payer.userId });
    await until(
      async () => (await ctx.subscriptions.findByRazorpayId(checkout.id))?.cancelAtCycleEnd === true,
      'renewal off',
    );
    await until(
      async () => (await ctx.payments.page({ userId: payer.userId }, 0, 10)).total === 0,
      'the records anonymised',
    );
    // The records stay under the marker that replaced the user id (test/user-data.int-spec.ts has the rest).
    const marker = (await ctx.subscriptions.findByRazorpayId(checkout.id))?.userId ?? '';
    expect(marker).not.toBe(payer.userId);
    const orders = await ctx.orders.page({ userId: marker }, 0, 10);
    expect(orders.items.map((o) => [o.email, o.name])).toEqual([[null, null]]);
    const payments = await ctx.payments.page({ userId: marker }, 0, 10);
    expect(payments.total).toBe(2);
    const redis = suite.service.app.get<Redis>(REDIS_CLIENT);
    const types = (await redis.xrange(EVENT_STREAM, '-', '+')).map(
      ([, fields]) => (JSON.parse(fields[1]) as { type: string }).type,
    );
    expect(types).toEqual(
      expect.arrayContaining(['payment.captured', 'entitlement.granted', 'subscription.changed']),
    );
  });
});
