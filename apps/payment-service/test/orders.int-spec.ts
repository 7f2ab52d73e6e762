import {
  AccessReason,
  Classification,
  ErrorCode,
  PaymentMessages,
  PaymentRpc,
  ProfileKind,
  ProfileMessages,
  SeriesMessages,
  VerifyOutcome,
} from '@app/contracts';
import { RequestContext } from '@app/server-core';
import { mailsIn, newId } from '@app/server-testing';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { failure, paymentContext, startPaymentSuite } from './payment-context';

describe('payment-service title orders against MongoDB, Redis and the Razorpay fake', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-orders');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  it('serves the plan catalogue and the Checkout config in test mode', async () => {
    const plans = await suite.service.call(PaymentRpc.plans, {});
    expect(plans.map((p) => [p.id, p.priceInr, p.months, p.amountPerMonthInr, p.screens])).toEqual([
      ['basic', 149, 1, 149, 1],
      ['standard', 499, 3, 166, 2],
      ['premium', 899, 6, 150, 4],
    ]);
    expect(plans.flatMap((p) => p.features).join(' ')).not.toMatch(/download|offline/i);
    expect(await suite.service.call(PaymentRpc.checkoutConfig, {})).toEqual({
      keyId: suite.razorpay.keyId,
      checkoutUrl: suite.razorpay.checkoutUrl,
      testMode: true,
      themeColor: '#e11d48',
    });
  });

  it('refuses a kids profile every order, plan and plan change with 403, storing nothing (issue 25)', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    await ctx.subscribe(payer, 'basic');
    const [subscription] = await ctx.subscriptions.ofUser(payer.userId);
    const kids = { id: newId(), kind: ProfileKind.Kids, maturityCeiling: Classification.UA7 };
    const asKids = <T>(work: () => Promise<T>) => RequestContext.run({ profile: kids }, work);
    const refused = { code: ErrorCode.Forbidden, message: ProfileMessages.kidsCannotPay };

    expect(await failure(asKids(() => ctx.order(payer, title)))).toMatchObject(refused);
    expect(await failure(asKids(() => ctx.order(payer, title, 'rental')))).toMatchObject(refused);
    const plan = { payer, planId: 'premium' as const, idempotencyKey: ctx.key() };
    expect(await failure(asKids(() => suite.service.call(PaymentRpc.createPlanOrder, plan)))).toMatchObject(
      refused,
    );
    expect(await failure(asKids(() => suite.service.call(PaymentRpc.changePlan, plan)))).toMatchObject(
      refused,
    );

    expect(await ctx.orders.ofUser(payer.userId)).toEqual([]);
    expect(await ctx.subscriptions.ofUser(payer.userId)).toEqual([subscription]);
    // The parent's standard profile orders the same title.
    const adult = { ...kids, kind: ProfileKind.Standard, maturityCeiling: Classification.A };
    expect(await RequestContext.run({ profile: adult }, () => ctx.order(payer, title))).toMatchObject({
      movieId: title.movieId,
    });
  });

  it('buys a premium title: order priced here, verify grants, the entitlement says purchase, one receipt', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const before = await ctx.entitlement(payer, title);
    expect(before).toMatchObject({ canWatch: false, reason: AccessReason.PremiumRequired });
    expect(before.waysIn).toMatchObject({ purchaseInr: 1200, rentalInr: 500 });

    const checkout = await ctx.order(payer, title);
    expect(checkout).toMatchObject({
      mode: 'order',
      amount: 120_000,
      currency: 'INR',
      movieId: title.movieId,
    });
    const confirmation = await ctx.pay(checkout);
    await expect(ctx.verify(payer, confirmation)).resolves.toEqual({
      outcome: VerifyOutcome.Paid,
      message: PaymentMessages.success,
      movieId: title.movieId,
      planId: null,
      kind: 'purchase',
    });
    expect(await ctx.entitlement(payer, title)).toMatchObject({
      canWatch: true,
      reason: AccessReason.Purchase,
      quality: '1080p',
      screens: 1,
    });
    await suite.razorpay.flushWebhooks();
    expect((await ctx.grantsOf(payer)).length).toBe(1);
    const receipts = mailsIn(suite.outboxDir, payer.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain('₹1,200.00');
    expect(receipts[0].text).toContain(title.title);
  });

  it('makes one order of a double click (same key), even when both arrive at once', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const key = ctx.key();
    const [a, b] = await Promise.all([
      ctx.order(payer, title, 'purchase', key),
      ctx.order(payer, title, 'purchase', key),
    ]);
    expect(a.id).toBe(b.id);
    expect((await ctx.order(payer, title, 'purchase', key)).id).toBe(a.id);
    const { total } = await suite.service.call(PaymentRpc.adminOrders, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(total).toBe(1);
  });

  it('stores orders still waiting for their Razorpay id side by side (two viewers at once, or one whose Razorpay call failed)', async () => {
    const waiting = () =>
      ctx.orders.create({
        receipt: `rcpt_${ctx.key()}`,
        userId: ctx.newPayer().userId,
        idempotencyKey: ctx.key(),
        kind: 'purchase',
        movieId: ctx.newTitle().movieId,
        title: 'Waiting',
        amountPaise: 120_000,
        email: null,
        name: null,
      });
    const [a, b] = await Promise.all([waiting(), waiting()]);
    expect([a?.razorpayOrderId, b?.razorpayOrderId]).toEqual([undefined, undefined]);
    // And an order made after them still gets its Razorpay order.
    const later = await ctx.order(ctx.newPayer(), ctx.newTitle());
    expect(later.id).toMatch(/^order_/);
    // The first writer's id stays: a second attach changes nothing.
    const attached = await ctx.orders.attachRazorpayOrder(a!._id, 'order_first');
    const again = await ctx.orders.attachRazorpayOrder(a!._id, 'order_second');
    expect([attached?.razorpayOrderId, again?.razorpayOrderId]).toEqual(['order_first', 'order_first']);
  });

  it('refuses free titles, buying an owned title, renting an owned one, and a second rental while one runs', async () => {
    const payer = ctx.newPayer();
    expect(await failure(ctx.order(payer, ctx.newTitle({ access: 'free' })))).toMatchObject({
      code: ErrorCode.Conflict,
      message: PaymentMessages.freeTitle,
    });
    const owned = ctx.newTitle();
    await ctx.acquire(payer, owned);
    expect(await failure(ctx.order(payer, owned))).toMatchObject({
      code: ErrorCode.Conflict,
      message: PaymentMessages.alreadyOwned,
    });
    expect(await failure(ctx.order(payer, owned, 'rental'))).toMatchObject({
      code: ErrorCode.Conflict,
      message: PaymentMessages.rentOwned,
    });
    const rented = ctx.newTitle();
    await ctx.acquire(payer, rented, 'rental');
    expect(await failure(ctx.order(payer, rented, 'rental'))).toMatchObject({
      code: ErrorCode.Conflict,
      message: PaymentMessages.alreadyRented,
    });
    // Buying a title one is renting is an upgrade, not a conflict.
    await expect(ctx.order(payer, rented)).resolves.toMatchObject({ amount: 120_000 });
  });

  it('rejects a tampered signature, another user verifying my order, and an unknown order; grants nothing', async () => {
    const payer = ctx.newPayer();
    const other = ctx.newPayer();
    const title = ctx.newTitle();
    const checkout = await ctx.order(payer, title);
    const confirmation = await ctx.pay(checkout);
    const tampered = {
      ...confirmation,
      razorpay_signature: confirmation.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    };
    expect(await failure(ctx.verify(payer, tampered))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: PaymentMessages.verificationFailed,
    });
    expect(await failure(ctx.verify(other, confirmation))).toMatchObject({ code: ErrorCode.Forbidden });
    expect(
      await failure(ctx.verify(payer, { ...confirmation, razorpay_order_id: 'order_doesnotexist1' })),
    ).toMatchObject({ code: ErrorCode.NotFound });
    expect(await ctx.grantsOf(other)).toEqual([]);
  });

  it("checks SPEC 7's userId and movieId on a verify against the order: another title 400, another payer 403", async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const confirmation = await ctx.pay(await ctx.order(payer, title));
    expect(
      await failure(ctx.verify(payer, { ...confirmation, movieId: ctx.newTitle().movieId })),
    ).toMatchObject({ code: ErrorCode.ValidationFailed, message: PaymentMessages.otherTitle });
    expect(
      await failure(ctx.verify(payer, { ...confirmation, userId: ctx.newPayer().userId })),
    ).toMatchObject({ code: ErrorCode.Forbidden, message: PaymentMessages.otherAccount });
    expect(await ctx.grantsOf(payer)).toEqual([]);
    await expect(
      ctx.verify(payer, { ...confirmation, userId: payer.userId, movieId: title.movieId }),
    ).resolves.toMatchObject({ outcome: VerifyOutcome.Paid, movieId: title.movieId });
  });

  it('treats a replayed verify as the same success, with one grant and one receipt', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const { confirmation } = await ctx.acquire(payer, title);
    await expect(ctx.verify(payer, confirmation)).resolves.toMatchObject({
      outcome: VerifyOutcome.Paid,
      message: PaymentMessages.success,
    });
    await suite.razorpay.flushWebhooks();
    expect(await ctx.grantsOf(payer)).toHaveLength(1);
    expect(mailsIn(suite.outboxDir, payer.email)).toHaveLength(1);
  });

  it('lists purchases and rentals in My titles', async () => {
    const payer = ctx.newPayer();
    const bought = ctx.newTitle();
    const rented = ctx.newTitle();
    await ctx.acquire(payer, bought);
    await ctx.acquire(payer, rented, 'rental');
    const titles = await suite.service.call(PaymentRpc.ownedTitles, { userId: payer.userId });
    expect(titles.map((t) => [t.title, t.kind, t.active])).toEqual([
      [rented.title, 'rental', true],
      [bought.title, 'purchase', true],
    ]);
    expect(titles[0].rental).toMatchObject({ startedAt: null, expiresAt: null });
  });

  it('refuses any order for a series (plans only), storing nothing; its entitlement offers plans alone', async () => {
    const payer = ctx.newPayer();
    const series = ctx.newTitle({ kind: 'series', title: `Series ${ctx.key()}` });
    for (const kind of ['purchase', 'rental'] as const) {
      expect(await failure(ctx.order(payer, series, kind))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: SeriesMessages.noTitleOrder,
      });
    }
    const { total } = await suite.service.call(PaymentRpc.adminOrders, {
      userId: payer.userId,
      page: 1,
      pageSize: 10,
    });
    expect(total).toBe(0);

    const before = await ctx.entitlement(payer, series);
    expect(before).toMatchObject({ canWatch: false, reason: AccessReason.PremiumRequired, rental: null });
    expect(before.waysIn).toMatchObject({ purchaseInr: null, rentalInr: null });
    expect(before.waysIn.plans.map((plan) => plan.id)).toEqual(['standard', 'premium']);

    await ctx.subscribe(payer, 'standard');
    expect(await ctx.entitlement(payer, series)).toMatchObject({
      movieId: series.movieId,
      canWatch: true,
      reason: AccessReason.Plan,
      screens: 2,
    });
  });
});
