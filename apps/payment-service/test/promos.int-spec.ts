import type { Redis } from 'ioredis';
import type { CreatePromoRequest, EventEnvelope, EventPayload, Payer, TitleFacts } from '@app/contracts';
import {
  BillingRpc,
  ErrorCode,
  EVENT_STREAM,
  PaymentRpc,
  PromoMessages,
  PromoRpc,
  TrialRpc,
} from '@app/contracts';
import { REDIS_CLIENT } from '@app/server-core';
import { mailsIn, pdfText, uniqueSuffix, waitUntil } from '@app/server-testing';
import { InvoicesRepository } from '../src/invoices/invoices.repository';
import { PromosRepository } from '../src/promos/promos.repository';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { failure, paymentContext, startPaymentSuite } from './payment-context';

// Issue 27: promo codes made by admins, applied only here at order creation; the limits hold under parallel orders,
// and a paid order counts once whichever path (verify, webhook, reconciler, replays) settles it.

const DAY_MS = 24 * 60 * 60 * 1000;

describe('payment-service promo codes', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;
  let promos: PromosRepository;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-promos');
    ctx = paymentContext(suite);
    promos = suite.service.app.get(PromosRepository);
  });

  afterAll(() => suite?.close());
  afterEach(() => suite.razorpay.setDelivery({ duplicates: 0, paused: false }));

  const newCode = () =>
    `SAVE${uniqueSuffix()
      .replace(/[^A-Z0-9]/gi, '')
      .slice(-8)
      .toUpperCase()}`;

  const createPromo = (overrides: Partial<CreatePromoRequest> = {}) =>
    suite.service.call(PromoRpc.create, {
      code: newCode(),
      discount: { kind: 'percent', percentOff: 20 },
      appliesTo: { titles: 'all', titleKinds: ['purchase', 'rental'], plans: [] },
      validFrom: new Date(Date.now() - DAY_MS).toISOString(),
      validTo: new Date(Date.now() + DAY_MS).toISOString(),
      totalLimit: null,
      perAccountLimit: 1,
      ...overrides,
    });

  const orderWith = (
    payer: Payer,
    title: TitleFacts,
    promoCode: string,
    kind: 'purchase' | 'rental' = 'purchase',
  ) =>
    suite.service.call(PaymentRpc.createTitleOrder, {
      payer,
      title,
      kind,
      idempotencyKey: ctx.key(),
      promoCode,
    });

  const promoNow = async (id: string) => {
    const promo = await promos.findById(id);
    if (!promo) throw new Error(`no promo ${id}`);
    return promo;
  };

  it('charges the discounted price, and the invoice and receipt show the discount', async () => {
    const promo = await createPromo({ discount: { kind: 'percent', percentOff: 15 } });
    const payer = ctx.newPayer();
    const title = ctx.newTitle({ title: 'Lagaan' });
    // Lower case with spaces around: the code is the code.
    const checkout = await orderWith(payer, title, `  ${promo.code.toLowerCase()} `);
    expect(checkout.amount).toBe(102_000);
    expect(checkout.promo).toEqual({ code: promo.code, listPricePaise: 120_000, discountPaise: 18_000 });
    const confirmation = await ctx.pay(checkout);
    expect(await ctx.verify(payer, confirmation)).toMatchObject({ outcome: 'paid' });
    await suite.razorpay.flushWebhooks();

    const paymentId = confirmation.razorpay_payment_id;
    expect((await ctx.payments.findById(paymentId))?.amountPaise).toBe(102_000);
    const invoice = await suite.service.app.get(InvoicesRepository).findByKey(`invoice:${paymentId}`);
    if (!invoice) throw new Error('no invoice');
    const document = await suite.service.call(BillingRpc.document, {
      userId: payer.userId,
      documentId: invoice._id.toHexString(),
    });
    // ₹1,020 GST-inclusive: taxable 102000 / 1.18 = 86441 paise, the tax the rest, split 9 % + 9 %.
    expect(document).toMatchObject({
      totalPaise: 102_000,
      taxablePaise: 86_441,
      cgstPaise: 7_780,
      sgstPaise: 7_779,
      discount: { code: promo.code, listPricePaise: 120_000, discountPaise: 18_000 },
    });
    const pdf = await suite.service.call(BillingRpc.pdf, {
      userId: payer.userId,
      documentId: invoice._id.toHexString(),
    });
    const text = await pdfText(Buffer.from(pdf.base64, 'base64'));
    for (const expected of [
      'List price (GST included)',
      `Discount (promo code ${promo.code})`,
      'Rs. 1,020.00',
    ])
      expect(text).toContain(expected);
    const [mail] = mailsIn(suite.outboxDir, payer.email);
    expect(mail?.text).toContain(`Promo code ${promo.code}: -₹180.00`);
    expect(mail?.text).toContain('Amount paid: ₹1,020.00');

    const now = await promoNow(promo.id);
    expect([now.claimed, now.redeemed]).toEqual([1, 1]);
    const redemptions = await suite.service.call(PromoRpc.redemptions, { promoId: promo.id });
    expect(redemptions.data).toEqual([
      expect.objectContaining({
        paymentId,
        userId: payer.userId,
        item: 'Lagaan',
        listPricePaise: 120_000,
        discountPaise: 18_000,
        amountPaise: 102_000,
      }),
    ]);
  });

  it("refuses unknown, paused, not-yet, expired and other titles' codes in the viewer's words, storing nothing", async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const cases: Array<[string, string, string]> = [];
    cases.push([newCode(), ErrorCode.NotFound, PromoMessages.unknown]);
    const paused = await createPromo();
    await suite.service.call(PromoRpc.setPaused, { promoId: paused.id, paused: true });
    cases.push([paused.code, ErrorCode.ValidationFailed, PromoMessages.paused]);
    const later = await createPromo({
      validFrom: new Date(Date.now() + DAY_MS).toISOString(),
      validTo: new Date(Date.now() + 2 * DAY_MS).toISOString(),
    });
    cases.push([later.code, ErrorCode.ValidationFailed, PromoMessages.notYet]);
    const expired = await createPromo({
      validFrom: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      validTo: new Date(Date.now() - 1000).toISOString(),
    });
    cases.push([expired.code, ErrorCode.ValidationFailed, PromoMessages.expired]);
    const otherTitle = await createPromo({
      appliesTo: { titles: [ctx.newTitle().movieId], titleKinds: ['purchase'], plans: [] },
    });
    cases.push([otherTitle.code, ErrorCode.ValidationFailed, PromoMessages.notApplicable]);
    const rentalsOnly = await createPromo({
      appliesTo: { titles: 'all', titleKinds: ['rental'], plans: [] },
    });
    cases.push([rentalsOnly.code, ErrorCode.ValidationFailed, PromoMessages.notApplicable]);

    for (const [code, errorCode, message] of cases) {
      expect(await failure(orderWith(payer, title, code))).toMatchObject({ code: errorCode, message });
    }
    // A plan: the code is for titles only.
    expect(
      await failure(
        suite.service.call(PaymentRpc.createPlanOrder, {
          payer,
          planId: 'standard',
          idempotencyKey: ctx.key(),
          promoCode: rentalsOnly.code,
        }),
      ),
    ).toMatchObject({ code: ErrorCode.ValidationFailed, message: PromoMessages.notApplicable });
    expect(await ctx.orders.ofUser(payer.userId)).toEqual([]);
    expect(await ctx.subscriptions.ofUser(payer.userId)).toEqual([]);
    for (const promo of [paused, later, expired, otherTitle, rentalsOnly])
      expect((await promoNow(promo.id)).claimed).toBe(0);

    // Resumed, the paused one applies again.
    await suite.service.call(PromoRpc.setPaused, { promoId: paused.id, paused: false });
    expect((await orderWith(payer, title, paused.code)).amount).toBe(96_000);
  });

  it('holds the total limit under 10 parallel orders of 10 viewers: 3 get the price, 7 hear it is used up', async () => {
    const promo = await createPromo({ totalLimit: 3, discount: { kind: 'flat', amountOffPaise: 20_000 } });
    const title = ctx.newTitle();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => orderWith(ctx.newPayer(), title, promo.code)),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won.map((result) => result.value.amount)).toEqual([100_000, 100_000, 100_000]);
    for (const result of results.filter((r) => r.status === 'rejected'))
      expect(result.reason).toMatchObject({ code: ErrorCode.Conflict, message: PromoMessages.usedUp });
    expect((await promoNow(promo.id)).claimed).toBe(3);
  });

  it('holds the per-account limit under parallel orders of one viewer for 5 titles', async () => {
    const promo = await createPromo({ perAccountLimit: 2 });
    const payer = ctx.newPayer();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => orderWith(payer, ctx.newTitle(), promo.code)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    for (const result of results.filter((r) => r.status === 'rejected'))
      expect(result.reason).toMatchObject({ code: ErrorCode.Conflict, message: PromoMessages.accountLimit });
    expect((await promoNow(promo.id)).claimed).toBe(2);
    expect(await ctx.orders.ofUser(payer.userId)).toHaveLength(2);
  });

  it('counts each paid order once under parallel captures, replayed webhooks, verify twice and the reconciler', async () => {
    const promo = await createPromo({ totalLimit: 8 });
    const title = ctx.newTitle();
    const payers = Array.from({ length: 8 }, () => ctx.newPayer());
    const checkouts = await Promise.all(payers.map((payer) => orderWith(payer, title, promo.code, 'rental')));
    expect(checkouts.map((checkout) => checkout.amount)).toEqual(Array(8).fill(40_000));
    // Every webhook twice more, all held back, then let through while each viewer's verify runs twice.
    suite.razorpay.setDelivery({ duplicates: 2, paused: true });
    const confirmations = await Promise.all(checkouts.map((checkout) => ctx.pay(checkout)));
    await Promise.all([
      ...payers.flatMap((payer, n) => [
        ctx.verify(payer, confirmations[n]),
        ctx.verify(payer, confirmations[n]),
      ]),
      suite.razorpay.flushWebhooks(),
      ctx.reconciler.run(new Date(Date.now() + DAY_MS)),
    ]);
    await ctx.reconciler.run(new Date(Date.now() + DAY_MS));

    const now = await promoNow(promo.id);
    expect([now.claimed, now.redeemed]).toEqual([8, 8]);
    const redemptions = await suite.service.call(PromoRpc.redemptions, { promoId: promo.id, pageSize: 50 });
    expect(redemptions.total).toBe(8);
    expect(new Set(redemptions.data.map((item) => item.paymentId)).size).toBe(8);
  });

  it('gives the claim back when the open order is replaced, and counts it again if that order is paid anyway', async () => {
    const promo = await createPromo({ totalLimit: 1 });
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const discounted = await orderWith(payer, title, promo.code);
    // The same code again (another tab): the same order, no second claim.
    expect((await orderWith(payer, title, promo.code)).id).toBe(discounted.id);
    expect((await promoNow(promo.id)).claimed).toBe(1);
    // Without the code: a full-price order takes the slot and the claim goes back, so someone else may use it.
    const full = await ctx.order(payer, title);
    expect(full.amount).toBe(120_000);
    expect((await promoNow(promo.id)).claimed).toBe(0);
    // The old tab pays its discounted order after all: counted (the viewer paid the price shown).
    await ctx.verify(payer, await ctx.pay(discounted));
    const now = await promoNow(promo.id);
    expect([now.claimed, now.redeemed]).toEqual([1, 1]);
  });

  it('lists codes newest first and refuses a code that exists', async () => {
    const promo = await createPromo();
    expect(await failure(createPromo({ code: promo.code }))).toMatchObject({
      code: ErrorCode.Conflict,
      message: PromoMessages.taken,
    });
    const page = await suite.service.call(PromoRpc.list, { pageSize: 5 });
    expect(page.data[0]).toMatchObject({ id: promo.id, code: promo.code, status: 'active', redeemed: 0 });
  });

  it("gives an abandoned order's claim back after two days (the reconciler), and still counts it if paid later", async () => {
    const promo = await createPromo({ perAccountLimit: 1 });
    const payer = ctx.newPayer();
    const abandoned = await orderWith(payer, ctx.newTitle(), promo.code);
    expect(await failure(orderWith(payer, ctx.newTitle(), promo.code))).toMatchObject({
      code: ErrorCode.Conflict,
      message: PromoMessages.accountLimit,
    });
    // A day on, it may still be paid: the claim holds.
    await ctx.reconciler.run(new Date(Date.now() + DAY_MS));
    expect(await failure(orderWith(payer, ctx.newTitle(), promo.code))).toMatchObject({
      message: PromoMessages.accountLimit,
    });
    expect(await promoNow(promo.id)).toMatchObject({ claimed: 1 });

    await ctx.reconciler.run(new Date(Date.now() + 3 * DAY_MS));
    expect(await promoNow(promo.id)).toMatchObject({ claimed: 0 });
    const again = await orderWith(payer, ctx.newTitle(), promo.code);
    expect(await ctx.verify(payer, await ctx.pay(again))).toMatchObject({ outcome: 'paid' });

    // The abandoned one paid after all: the viewer paid the price they were shown, and it counts.
    expect(await ctx.verify(payer, await ctx.pay(abandoned))).toMatchObject({ outcome: 'paid' });
    expect(await promoNow(promo.id)).toMatchObject({ claimed: 2, redeemed: 2 });
  });

  describe('for plans (the first period upfront, at the discount; renewals at the list price)', () => {
    const planOrder = (
      payer: Payer,
      planId: 'basic' | 'standard' | 'premium',
      promoCode: string,
      idempotencyKey = ctx.key(),
    ) => suite.service.call(PaymentRpc.createPlanOrder, { payer, planId, idempotencyKey, promoCode });
    const planPromo = (overrides: Partial<CreatePromoRequest> = {}) =>
      createPromo({
        appliesTo: { titles: [], titleKinds: ['purchase', 'rental'], plans: 'all' },
        ...overrides,
      });
    const invoiceOf = async (payer: Payer, paymentId: string) => {
      const invoice = await suite.service.app.get(InvoicesRepository).findByKey(`invoice:${paymentId}`);
      if (!invoice) throw new Error(`no invoice for ${paymentId}`);
      return suite.service.call(BillingRpc.document, {
        userId: payer.userId,
        documentId: invoice._id.toHexString(),
      });
    };

    it('a percent code: Checkout charges ₹119 now for Basic, the invoice and receipt show it, renewals cost ₹149', async () => {
      const promo = await planPromo({ discount: { kind: 'percent', percentOff: 20 } });
      const payer = ctx.newPayer();
      const before = Date.now();
      const checkout = await planOrder(payer, 'basic', promo.code);
      expect(checkout).toMatchObject({
        mode: 'subscription',
        planId: 'basic',
        amount: 11_900,
        promo: { code: promo.code, listPricePaise: 14_900, discountPaise: 3_000 },
        description: 'Basic plan: ₹119 for the first month, then ₹149 every month',
      });
      // Razorpay's subscription starts charging the plan one month on; Checkout takes the upfront amount.
      const stored = await ctx.subscriptions.findByRazorpayId(checkout.id);
      const startAt = stored?.startAt;
      if (!startAt) throw new Error('no start');
      const inAMonth = new Date(before);
      inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1);
      expect(Math.abs(startAt.getTime() - inAMonth.getTime())).toBeLessThan(60_000);
      expect((await promoNow(promo.id)).claimed).toBe(1);

      const confirmation = await ctx.pay(checkout);
      expect(await ctx.verify(payer, confirmation)).toMatchObject({ outcome: 'paid', planId: 'basic' });
      await suite.razorpay.flushWebhooks();

      const paymentId = confirmation.razorpay_payment_id;
      expect(await ctx.payments.findById(paymentId)).toMatchObject({
        amountPaise: 11_900,
        status: 'captured',
        kind: 'subscription',
        cycle: 1,
        periodEnd: startAt,
      });
      const document = await invoiceOf(payer, paymentId);
      expect(document).toMatchObject({
        totalPaise: 11_900,
        discount: { code: promo.code, listPricePaise: 14_900, discountPaise: 3_000 },
      });
      expect(document.taxablePaise + document.cgstPaise + document.sgstPaise + document.igstPaise).toBe(
        11_900,
      );
      expect(document.taxablePaise).toBe(Math.round(11_900 / 1.18));
      const [mail] = mailsIn(suite.outboxDir, payer.email);
      expect(mail?.text).toContain(`Promo code ${promo.code}: -₹30.00`);
      expect(mail?.text).toContain('Amount paid: ₹119.00');

      // Access now (the paid first period), the next charge at the list price when it ends.
      const view = await suite.service.call(PaymentRpc.subscription, { userId: payer.userId });
      expect(view).toMatchObject({
        planId: 'basic',
        status: 'authenticated',
        nextBilling: startAt.toISOString(),
      });
      expect(await ctx.grants.liveOfSubscription(checkout.id)).toEqual(
        expect.arrayContaining([expect.objectContaining({ paymentId, periodEnd: startAt })]),
      );
      const history = await suite.service.call(BillingRpc.history, { userId: payer.userId });
      expect(history.nextCharge).toMatchObject({ planId: 'basic', amountPaise: 14_900 });
      expect(history.entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'payment', paymentId, amountPaise: 11_900 }),
        ]),
      );
      expect(await promoNow(promo.id)).toMatchObject({ claimed: 1, redeemed: 1 });
      // Its news carries the list price too, so Insights keeps ₹149 as Basic's price for MRR, and the period it paid,
      // so Insights counts the subscription live (and new) now, though Razorpay says `authenticated` till start_at.
      const capturedNews = async (id: string) =>
        (await suite.service.app.get<Redis>(REDIS_CLIENT).xrange(EVENT_STREAM, '-', '+'))
          .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<EventPayload<'payment.captured'>>)
          .find((event) => event.type === 'payment.captured' && event.payload.paymentId === id);
      expect((await capturedNews(paymentId))?.payload).toMatchObject({
        amountPaise: 11_900,
        listPricePaise: 14_900,
        planId: 'basic',
        upfront: { subscriptionId: checkout.id, paidUntil: startAt.toISOString() },
      });

      // The first charge of the plan itself: the list price, a renewal, no discount, counted no further.
      await suite.razorpay.advanceSubscription(checkout.id, 'charged');
      await suite.razorpay.flushWebhooks();
      const charges = await ctx.payments.ofSubscription(checkout.id);
      expect(charges.map((charge) => [charge.amountPaise, charge.cycle]).sort()).toEqual([
        [11_900, 1],
        [14_900, 2],
      ]);
      const renewal = charges.find((charge) => charge.cycle === 2);
      if (!renewal) throw new Error('no renewal');
      expect(await invoiceOf(payer, renewal._id)).toMatchObject({ totalPaise: 14_900, discount: null });
      // The plan's charge is news of a plain renewal: no list price apart, no paid first period.
      const renewalNews = (await capturedNews(renewal._id))?.payload;
      expect(renewalNews).toMatchObject({ amountPaise: 14_900, planId: 'basic' });
      expect(renewalNews).not.toHaveProperty('upfront');
      expect(renewalNews).not.toHaveProperty('listPricePaise');
      expect(await promoNow(promo.id)).toMatchObject({ claimed: 1, redeemed: 1 });
      const redemptions = await suite.service.call(PromoRpc.redemptions, { promoId: promo.id });
      expect(redemptions.data).toEqual([
        expect.objectContaining({
          kind: 'subscription',
          paymentId,
          item: 'Basic plan',
          listPricePaise: 14_900,
          discountPaise: 3_000,
          amountPaise: 11_900,
        }),
      ]);
    });

    it('a flat code: ₹399 for Standard, replays count it once, and cancelling keeps the paid period', async () => {
      const promo = await planPromo({
        discount: { kind: 'flat', amountOffPaise: 10_000 },
        appliesTo: { titles: [], titleKinds: ['purchase'], plans: ['standard'] },
      });
      const payer = ctx.newPayer();
      const checkout = await planOrder(payer, 'standard', promo.code);
      expect(checkout.amount).toBe(39_900);
      suite.razorpay.setDelivery({ duplicates: 2, paused: true });
      const confirmation = await ctx.pay(checkout);
      await Promise.all([
        ctx.verify(payer, confirmation),
        ctx.verify(payer, confirmation),
        suite.razorpay.flushWebhooks(),
      ]);
      await ctx.reconciler.run(new Date(Date.now() + DAY_MS));

      const document = await invoiceOf(payer, confirmation.razorpay_payment_id);
      // Intra-state (no billing profile: the supplier's state): CGST + SGST.
      expect(document).toMatchObject({ totalPaise: 39_900, igstPaise: 0 });
      expect(document.taxablePaise + document.cgstPaise + document.sgstPaise).toBe(39_900);
      expect(await promoNow(promo.id)).toMatchObject({ claimed: 1, redeemed: 1 });
      expect((await ctx.entitlement(payer, ctx.newTitle())).canWatch).toBe(true);

      const startAt = (await ctx.subscriptions.findByRazorpayId(checkout.id))?.startAt;
      const cancelled = await suite.service.call(PaymentRpc.cancelSubscription, { userId: payer.userId });
      expect(cancelled).toMatchObject({ activeUntil: startAt?.toISOString(), nextBilling: null });
      expect((await ctx.entitlement(payer, ctx.newTitle())).canWatch).toBe(true);
    });

    it('settles a paid first period the reconciler finds by its invoice when no verify or webhook came, once', async () => {
      const promo = await planPromo({ discount: { kind: 'percent', percentOff: 50 } });
      const payer = ctx.newPayer();
      const checkout = await planOrder(payer, 'basic', promo.code);
      suite.razorpay.setDelivery({ duplicates: 1, paused: true });
      // The browser closed after Checkout: no verify; Razorpay's webhooks held back.
      const { razorpay_payment_id: paymentId } = await ctx.pay(checkout);
      await ctx.reconciler.run(new Date(Date.now() + 2 * 60_000));
      // Settling marks the subscription prepaid, then records the payment: read once both are written (seen between
      // the two when the suite ran whole).
      await waitUntil(
        async () => (await ctx.payments.findById(paymentId)) !== null,
        'the upfront payment recorded',
      );

      expect(await ctx.payments.findById(paymentId)).toMatchObject({ amountPaise: 7_400, cycle: 1 });
      expect((await ctx.subscriptions.findByRazorpayId(checkout.id))?.prepaid?.paymentId).toBe(paymentId);
      expect(await ctx.grants.liveOfSubscription(checkout.id)).toEqual([
        expect.objectContaining({ paymentId, planId: 'basic' }),
      ]);
      expect(await promoNow(promo.id)).toMatchObject({ claimed: 1, redeemed: 1 });
      // The webhooks after all, twice each: nothing counted or mailed again.
      await suite.razorpay.flushWebhooks();
      await ctx.reconciler.run(new Date(Date.now() + 2 * 60_000));
      expect(await promoNow(promo.id)).toMatchObject({ claimed: 1, redeemed: 1 });
      expect(mailsIn(suite.outboxDir, payer.email)).toHaveLength(1);
      expect(await ctx.payments.ofSubscription(checkout.id)).toHaveLength(1);
    });

    it('10 parallel orders of one viewer with a once-per-account code: one subscription, one claim', async () => {
      const promo = await planPromo({ perAccountLimit: 1 });
      const payer = ctx.newPayer();
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () => planOrder(payer, 'premium', promo.code)),
      );
      const won = results.filter((result) => result.status === 'fulfilled').map((result) => result.value);
      expect(won.length).toBeGreaterThanOrEqual(1);
      expect(new Set(won.map((checkout) => checkout.id)).size).toBe(1);
      expect(won[0]?.amount).toBe(71_900);
      for (const result of results.filter((r) => r.status === 'rejected'))
        expect(result.reason).toMatchObject({ code: ErrorCode.Conflict });
      expect(await ctx.subscriptions.ofUser(payer.userId)).toHaveLength(1);
      expect((await promoNow(promo.id)).claimed).toBe(1);

      const [checkout] = won;
      if (!checkout) throw new Error('no order made');
      await ctx.verify(payer, await ctx.pay(checkout));
      expect(await promoNow(promo.id)).toMatchObject({ claimed: 1, redeemed: 1 });
    });

    it("refuses expired, unknown, titles-only and old codes for plans, and any code with the trial, in the viewer's words, storing nothing", async () => {
      const payer = ctx.newPayer();
      const expired = await planPromo({
        validFrom: new Date(Date.now() - 2 * DAY_MS).toISOString(),
        validTo: new Date(Date.now() - 1000).toISOString(),
      });
      const titlesOnly = await createPromo();
      const basicOnly = await planPromo({
        appliesTo: { titles: [], titleKinds: ['purchase'], plans: ['basic'] },
      });
      // Stored before plans were offered: no `plans` at all.
      const old = await promos.create({
        code: newCode(),
        description: '',
        discount: { kind: 'percent', percentOff: 10 },
        appliesTo: { titles: 'all', titleKinds: ['purchase', 'rental'] },
        validFrom: new Date(Date.now() - DAY_MS),
        validTo: new Date(Date.now() + DAY_MS),
        totalLimit: null,
        perAccountLimit: 1,
      });
      if (!old) throw new Error('old code not stored');
      expect((await suite.service.call(PromoRpc.list, { pageSize: 50 })).data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: old.code, appliesTo: expect.objectContaining({ plans: [] }) }),
        ]),
      );
      const cases: Array<[string, string, string]> = [
        [expired.code, ErrorCode.ValidationFailed, PromoMessages.expired],
        [newCode(), ErrorCode.NotFound, PromoMessages.unknown],
        [titlesOnly.code, ErrorCode.ValidationFailed, PromoMessages.notApplicable],
        [basicOnly.code, ErrorCode.ValidationFailed, PromoMessages.notApplicable],
        [old.code, ErrorCode.ValidationFailed, PromoMessages.notApplicable],
      ];
      for (const [code, errorCode, message] of cases)
        expect(await failure(planOrder(payer, 'standard', code))).toMatchObject({ code: errorCode, message });
      expect(
        await failure(
          suite.service.call(TrialRpc.start, { payer, idempotencyKey: ctx.key(), promoCode: basicOnly.code }),
        ),
      ).toMatchObject({ code: ErrorCode.ValidationFailed, message: PromoMessages.notWithTrial });
      expect(await ctx.subscriptions.ofUser(payer.userId)).toEqual([]);
      for (const promo of [expired, titlesOnly, basicOnly])
        expect((await promoNow(promo.id)).claimed).toBe(0);
    });

    it("gives an abandoned plan's claim back after two days; another code for the same plan takes the slot", async () => {
      const promo = await planPromo({ perAccountLimit: 1 });
      const other = await planPromo({ discount: { kind: 'percent', percentOff: 50 } });
      const payer = ctx.newPayer();
      const first = await planOrder(payer, 'basic', promo.code);
      await ctx.reconciler.run(new Date(Date.now() + 3 * DAY_MS));
      expect(await promoNow(promo.id)).toMatchObject({ claimed: 0 });
      // Another code: a new subscription at its price, the old one's slot given up.
      const second = await planOrder(payer, 'basic', other.code);
      expect(second.id).not.toBe(first.id);
      expect(second.amount).toBe(7_400);
      expect(await promoNow(other.id)).toMatchObject({ claimed: 1 });
    });
  });
});
