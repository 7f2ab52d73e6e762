import type { CreatePromoRequest, Payer, TitleFacts } from '@app/contracts';
import { BillingRpc, ErrorCode, PaymentRpc, PromoMessages, PromoRpc } from '@app/contracts';
import { mailsIn, pdfText, uniqueSuffix } from '@app/server-testing';
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
      appliesTo: { titles: 'all', titleKinds: ['purchase', 'rental'] },
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
      appliesTo: { titles: [ctx.newTitle().movieId], titleKinds: ['purchase'] },
    });
    cases.push([otherTitle.code, ErrorCode.ValidationFailed, PromoMessages.notApplicable]);
    const rentalsOnly = await createPromo({ appliesTo: { titles: 'all', titleKinds: ['rental'] } });
    cases.push([rentalsOnly.code, ErrorCode.ValidationFailed, PromoMessages.notApplicable]);

    for (const [code, errorCode, message] of cases) {
      expect(await failure(orderWith(payer, title, code))).toMatchObject({ code: errorCode, message });
    }
    // A plan: no code is for plans yet.
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
});
