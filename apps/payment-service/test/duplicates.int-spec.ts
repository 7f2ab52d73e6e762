import type { Payer, PlanId } from '@app/contracts';
import { AccessReason, PaymentMessages, PaymentRpc, SubscriptionStatus, VerifyOutcome } from '@app/contracts';
import { mailsIn } from '@app/server-testing';
import { PlansService } from '../src/plans/plans.service';
import { fromUnix } from '../src/razorpay/razorpay-entities';
import { RazorpayClient } from '../src/razorpay/razorpay.client';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

// Issue 22, finding 2: one purchase per title and one live subscription per account, whatever the idempotency
// key (two tabs make two keys); a second payment that settles anyway is refunded by itself; Cancel stops every
// plan; the mismatch report lists what was paid twice, with its refund.

describe('payment-service: paid twice (two tabs, two Checkout windows)', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-duplicates');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  const settle = () => suite.razorpay.flushWebhooks();
  const paymentsOf = async (payer: Payer) =>
    (await suite.service.call(PaymentRpc.adminPayments, { userId: payer.userId, page: 1, pageSize: 20 }))
      .data;
  const planOrder = (payer: Payer, planId: PlanId) =>
    suite.service.call(PaymentRpc.createPlanOrder, { payer, planId, idempotencyKey: ctx.key() });
  const duplicatesOf = async (payer: Payer) =>
    (await suite.service.call(PaymentRpc.adminMismatches, {})).duplicates.filter(
      (item) => item.userId === payer.userId,
    );

  /** Pays each Checkout as its own window would, with Razorpay taking a second payment of one order. */
  const payBothWindows = async (first: Parameters<PaymentContext['pay']>[0], second: typeof first) => {
    suite.razorpay.setDelivery({ doublePayments: true });
    try {
      return [await ctx.pay(first), await ctx.pay(second)];
    } finally {
      suite.razorpay.setDelivery({ doublePayments: false });
    }
  };

  /**
   * A second live subscription as the code before issue 22 could leave one (two Checkouts of two plans): made and
   * paid at Razorpay, its state and charge stored without the one-plan rule. Its webhooks wait (paused) until the
   * test lets them through.
   */
  const legacySecondSubscription = async (payer: Payer, planId: PlanId) => {
    const client = suite.service.app.get(RazorpayClient);
    const plans = suite.service.app.get(PlansService);
    const created = await client.createSubscription({
      planId: await plans.razorpayPlanId(plans.findOrFail(planId)),
      totalCount: 10,
      notes: { userId: payer.userId, planId },
    });
    const record = await ctx.subscriptions.create({
      userId: payer.userId,
      idempotencyKey: ctx.key(),
      planId,
      startAt: null,
      replaces: null,
      email: payer.email,
      name: payer.name,
    });
    if (!record) throw new Error('legacy subscription not stored');
    await ctx.subscriptions.attachRazorpayId(record._id, created.id);
    suite.razorpay.setDelivery({ paused: true });
    const paid = await suite.razorpay.pay({ subscriptionId: created.id });
    const entity = await client.fetchSubscription(created.id);
    const payment = await client.fetchPayment(paid.razorpay_payment_id);
    await ctx.subscriptions.updateIfUnchanged(record, {
      status: SubscriptionStatus.Active,
      currentStart: fromUnix(entity.current_start),
      currentEnd: fromUnix(entity.current_end),
      chargeAt: fromUnix(entity.charge_at),
    });
    await ctx.subscriptions.setFlags(created.id, { authorised: true });
    await ctx.payments.record(
      {
        _id: payment.id,
        orderId: payment.order_id ?? null,
        subscriptionId: created.id,
        userId: payer.userId,
        kind: 'subscription',
        movieId: null,
        title: null,
        planId,
        amountPaise: payment.amount,
        status: 'captured',
        method: payment.method ?? null,
        periodStart: fromUnix(entity.current_start),
        periodEnd: fromUnix(entity.current_end),
        cycle: 1,
      },
      new Date(),
    );
    return { subscriptionId: created.id, paymentId: payment.id };
  };

  const letWebhooksThrough = async () => {
    suite.razorpay.setDelivery({ paused: false });
    await settle();
  };

  it('makes one order of parallel orders with different keys for one title (two tabs)', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const tabs = await Promise.all([1, 2, 3].map(() => ctx.order(payer, title)));
    expect(new Set(tabs.map((checkout) => checkout.id)).size).toBe(1);
    // A later tab, one at a time, gets the same unpaid order too.
    expect((await ctx.order(payer, title)).id).toBe(tabs[0].id);
    const { total } = await suite.service.call(PaymentRpc.adminOrders, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(total).toBe(1);
    // Rent Now in another tab is another order (another amount); Buy again then makes a fresh purchase order.
    const rental = await ctx.order(payer, title, 'rental');
    expect(rental).toMatchObject({ amount: 50_000 });
    expect(rental.id).not.toBe(tabs[0].id);
  });

  it("makes one order of a title and one subscription of parallel requests without any key (SPEC 7's bodies)", async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const orderWithoutKey = () =>
      suite.service.call(PaymentRpc.createTitleOrder, { payer, title, kind: 'purchase' });
    const orders = await Promise.all([orderWithoutKey(), orderWithoutKey(), orderWithoutKey()]);
    expect(new Set(orders.map((checkout) => checkout.id)).size).toBe(1);
    expect((await orderWithoutKey()).id).toBe(orders[0].id);
    const { total } = await suite.service.call(PaymentRpc.adminOrders, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(total).toBe(1);

    const planWithoutKey = () =>
      suite.service.call(PaymentRpc.createPlanOrder, { payer, planId: 'standard' });
    const plans = await Promise.all([planWithoutKey(), planWithoutKey()]);
    expect(plans[0].id).toBe(plans[1].id);
    // Paid, the account has its plan: a later plan order without a key is refused, not a second subscription.
    await ctx.verify(payer, await ctx.pay(plans[0]));
    await expect(planWithoutKey()).rejects.toMatchObject({ message: PaymentMessages.samePlan });
    const subscriptions = await suite.service.call(PaymentRpc.adminSubscriptions, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(subscriptions.total).toBe(1);
  });

  it('grants once and refunds the second of two paid Checkouts by itself; its receipt says so', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const [tab1, tab2] = await Promise.all([ctx.order(payer, title), ctx.order(payer, title)]);
    const [first, second] = await payBothWindows(tab1, tab2);

    expect(await ctx.verify(payer, first)).toMatchObject({
      outcome: VerifyOutcome.Paid,
      message: PaymentMessages.success,
    });
    expect(await ctx.verify(payer, second)).toMatchObject({
      outcome: VerifyOutcome.RefundedDuplicate,
      message: PaymentMessages.duplicateRefunded,
    });
    await settle();

    expect((await ctx.grantsOf(payer)).map((grant) => [grant.kind, grant.paymentId])).toEqual([
      ['purchase', first.razorpay_payment_id],
    ]);
    expect(await ctx.entitlement(payer, title)).toMatchObject({
      canWatch: true,
      reason: AccessReason.Purchase,
    });
    const payments = await paymentsOf(payer);
    expect(payments.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [first.razorpay_payment_id, 'captured'],
        [second.razorpay_payment_id, 'refunded'],
      ].sort(),
    );
    // Razorpay was asked for the refund (the fake processed it and said so by webhook).
    expect(
      suite.razorpay.events.filter(
        (event) => event.event === 'refund.processed' && event.body.includes(second.razorpay_payment_id),
      ),
    ).toHaveLength(1);
    const mails = mailsIn(suite.outboxDir, payer.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Your Streamly receipt: ₹1,200.00',
      'Your Streamly receipt: ₹1,200.00 (refunded)',
    ]);
    const refundMail = mails.find((mail) => mail.subject.endsWith('(refunded)'));
    expect(refundMail?.text).toContain(second.razorpay_payment_id);
    expect(refundMail?.text).toContain('this second payment is being refunded in full, automatically');
    // Nothing left for an admin: the report has no duplicate and nothing paid without access.
    expect(await duplicatesOf(payer)).toEqual([]);
    const report = await suite.service.call(PaymentRpc.adminMismatches, {});
    expect(report.paidWithoutEntitlement.filter((item) => item.userId === payer.userId)).toEqual([]);
  });

  it('gives two tabs asking one plan one subscription', async () => {
    const payer = ctx.newPayer();
    const tabs = await Promise.all([planOrder(payer, 'standard'), planOrder(payer, 'standard')]);
    expect(tabs[0].id).toBe(tabs[1].id);
    const { total } = await suite.service.call(PaymentRpc.adminSubscriptions, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(total).toBe(1);
  });

  it('cancels a second subscription that goes live at once and refunds its charge; the first plan stays', async () => {
    const payer = ctx.newPayer();
    // Basic in one tab, Standard in another (which takes the slot of the unpaid Basic); both Checkouts paid.
    const basic = await planOrder(payer, 'basic');
    const standard = await planOrder(payer, 'standard');
    expect(standard.id).not.toBe(basic.id);
    const [first, second] = [await ctx.pay(basic), await ctx.pay(standard)];

    expect(await ctx.verify(payer, first)).toMatchObject({
      outcome: VerifyOutcome.Paid,
      message: PaymentMessages.success,
    });
    expect(await ctx.verify(payer, second)).toMatchObject({
      outcome: VerifyOutcome.RefundedDuplicate,
      message: PaymentMessages.duplicateRefunded,
    });
    await settle();

    expect(await suite.service.call(PaymentRpc.subscription, { userId: payer.userId })).toMatchObject({
      planId: 'basic',
      status: SubscriptionStatus.Active,
      nextBilling: expect.any(String),
    });
    expect(await ctx.subscriptions.findByRazorpayId(standard.id)).toMatchObject({
      status: SubscriptionStatus.Cancelled,
      duplicateOf: basic.id,
    });
    // Razorpay holds it cancelled: it will never charge again.
    const remote = await suite.service.app.get(RazorpayClient).fetchSubscription(standard.id);
    expect(remote.status).toBe('cancelled');
    const charges = await paymentsOf(payer);
    expect(charges.map((p) => [p.planId, p.status]).sort()).toEqual([
      ['basic', 'captured'],
      ['standard', 'refunded'],
    ]);
    const refundMail = mailsIn(suite.outboxDir, payer.email).find((mail) =>
      mail.subject.endsWith('(refunded)'),
    );
    expect(refundMail?.text).toContain('this second subscription was cancelled at once');
    expect(await ctx.entitlement(payer, ctx.newTitle())).toMatchObject({ plan: { id: 'basic' } });
    expect(await duplicatesOf(payer)).toEqual([]);
  });

  it('cancel stops every live subscription of the account, a second one from before the rule too', async () => {
    const payer = ctx.newPayer();
    const { checkout } = await ctx.subscribe(payer, 'basic');
    await settle();
    const legacy = await legacySecondSubscription(payer, 'premium');
    try {
      await suite.service.call(PaymentRpc.cancelSubscription, { userId: payer.userId });
      const client = suite.service.app.get(RazorpayClient);
      for (const id of [checkout.id, legacy.subscriptionId]) {
        expect([id, (await ctx.subscriptions.findByRazorpayId(id))?.cancelAtCycleEnd]).toEqual([id, true]);
        // At its cycle end Razorpay ends it instead of charging again (the second may be cancelled at once).
        if ((await client.fetchSubscription(id)).status !== 'cancelled') {
          await suite.razorpay.advanceSubscription(id, 'charged');
        }
        const remote = await client.fetchSubscription(id);
        expect([id, remote.status, remote.paid_count]).toEqual([id, 'cancelled', 1]);
      }
    } finally {
      await letWebhooksThrough();
    }
  });

  it('lists what was paid twice in the mismatch report, with the refund an admin can give', async () => {
    // A title: the automatic refund failed at Razorpay, so the duplicate is still captured.
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const [tab1, tab2] = await Promise.all([ctx.order(payer, title), ctx.order(payer, title)]);
    suite.razorpay.setDelivery({ failRefunds: true });
    let second: Awaited<ReturnType<PaymentContext['pay']>>;
    try {
      const paid = await payBothWindows(tab1, tab2);
      second = paid[1];
      await ctx.verify(payer, paid[0]);
      await ctx.verify(payer, second);
      await settle();
    } finally {
      suite.razorpay.setDelivery({ failRefunds: false });
    }
    expect(await duplicatesOf(payer)).toEqual([
      expect.objectContaining({
        paymentId: second.razorpay_payment_id,
        email: payer.email,
        kind: 'purchase',
        movieId: title.movieId,
        item: title.title,
        amountInr: 1200,
      }),
    ]);
    const refunded = await suite.service.call(PaymentRpc.refund, { paymentId: second.razorpay_payment_id });
    expect(refunded).toMatchObject({ status: 'refunded', email: payer.email, title: title.title });
    expect(await duplicatesOf(payer)).toEqual([]);
    expect(await ctx.entitlement(payer, title)).toMatchObject({ canWatch: true });

    // A plan: two live subscriptions from before the rule; refunding the second's charge also cancels it now.
    const subscriber = ctx.newPayer();
    const { checkout } = await ctx.subscribe(subscriber, 'standard');
    await settle();
    try {
      const legacy = await legacySecondSubscription(subscriber, 'basic');
      expect(await duplicatesOf(subscriber)).toEqual([
        expect.objectContaining({
          paymentId: legacy.paymentId,
          kind: 'subscription',
          planId: 'basic',
          item: 'Basic',
        }),
      ]);
      await expect(
        suite.service.call(PaymentRpc.refund, { paymentId: legacy.paymentId }),
      ).resolves.toMatchObject({ status: 'refunded' });
      expect(await ctx.subscriptions.findByRazorpayId(legacy.subscriptionId)).toMatchObject({
        status: SubscriptionStatus.Cancelled,
        duplicateOf: checkout.id,
      });
      expect(await duplicatesOf(subscriber)).toEqual([]);
    } finally {
      await letWebhooksThrough();
    }
    expect(await suite.service.call(PaymentRpc.subscription, { userId: subscriber.userId })).toMatchObject({
      planId: 'standard',
      status: SubscriptionStatus.Active,
    });
  });
});
