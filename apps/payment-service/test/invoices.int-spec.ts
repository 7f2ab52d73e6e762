import { BillingRpc, ErrorCode, PaymentRpc } from '@app/contracts';
import { ENV } from '@app/server-core';
import { BillingProfilesRepository } from '../src/billing/billing-profiles.repository';
import { mailsIn, pdfText } from '@app/server-testing';
import type { Env } from '../src/env';
import { OrdersRepository } from '../src/orders/orders.repository';
import { PaymentsRepository } from '../src/payments/payments.repository';
import { PlansService } from '../src/plans/plans.service';
import { SubscriptionsRepository } from '../src/subscriptions/subscriptions.repository';
import { seriesOf } from '../src/invoices/invoice-number';
import { InvoicesRepository } from '../src/invoices/invoices.repository';
import { InvoicesService } from '../src/invoices/invoices.service';
import { ReceiptsService } from '../src/receipts/receipts.service';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { failure, paymentContext, startPaymentSuite } from './payment-context';

// Issue 27: every capture gets one GST tax invoice with the next number of its financial year, every refund a
// credit note against it, whichever path (verify, webhook, replay) settles it first.

describe('payment-service GST invoices and credit notes', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;
  let invoices: InvoicesRepository;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-invoices');
    ctx = paymentContext(suite);
    invoices = suite.service.app.get(InvoicesRepository);
  });

  afterAll(() => suite?.close());

  /** `count` payments captured at the same instant, as the settlement records them. */
  const captured = async (count: number) => {
    const paymentIds = Array.from({ length: count }, () => `pay_${ctx.key()}`);
    const at = new Date();
    await Promise.all(
      paymentIds.map((id) =>
        ctx.payments.record(
          {
            _id: id,
            orderId: null,
            subscriptionId: null,
            userId: ctx.newPayer().userId,
            kind: 'purchase',
            movieId: ctx.newTitle().movieId,
            title: 'Sholay',
            planId: null,
            amountPaise: 14_900,
            status: 'captured',
            method: 'upi',
            periodStart: null,
            periodEnd: null,
            cycle: null,
          },
          at,
        ),
      ),
    );
    return paymentIds;
  };

  /** The series holds every number from 1 to its last, once; answers the invoices of `paymentIds`, in number order. */
  const expectConsecutive = async (paymentIds: string[]) => {
    const all = await invoices.ofSeries(seriesOf('invoice', new Date()));
    expect(all.map((invoice) => invoice.seq)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    const ours = all.filter((invoice) => paymentIds.includes(invoice.paymentId));
    expect(ours).toHaveLength(paymentIds.length);
    return ours;
  };

  const invoiceOf = async (paymentId: string) => {
    const invoice = await invoices.findByKey(`invoice:${paymentId}`);
    if (!invoice) throw new Error(`no invoice for ${paymentId}`);
    return invoice;
  };

  it('numbers 50 parallel captures 1 to 50 in order, no gap, no duplicate, one invoice each despite replays', async () => {
    const series = seriesOf('invoice', new Date());
    const before = (await invoices.ofSeries(series)).length;
    // 50 payments captured at the same instant, then the capture path's next step (receipt with invoice) for
    // each, twice at once: a replayed capture racing the first.
    const paymentIds = await captured(50);
    const receipts = suite.service.app.get(ReceiptsService);
    const started = Date.now();
    await Promise.all([...paymentIds, ...paymentIds].map((id) => receipts.sendFor(id)));
    const elapsedMs = Date.now() - started;
    const replayed = await Promise.all(
      paymentIds.map((id) => suite.service.app.get(InvoicesService).issueFor(id)),
    );

    const ours = await expectConsecutive(paymentIds);
    expect(new Set(ours.map((invoice) => invoice.number)).size).toBe(50);
    expect(ours.map((invoice) => invoice.seq)).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    expect(replayed.map((invoice) => invoice?.number)).toEqual(
      await Promise.all(paymentIds.map(async (id) => (await invoiceOf(id)).number)),
    );
    for (const invoice of ours) {
      expect(invoice.number).toMatch(/^SL\/\d{2}-\d{2}\/\d{7}$/);
      expect(invoice.number.length).toBeLessThanOrEqual(16);
      expect(invoice).toMatchObject({
        totalPaise: 14_900,
        taxablePaise: 12_627,
        cgstPaise: 1_137,
        sgstPaise: 1_136,
      });
    }
    console.log(`100 parallel invoice requests for 50 captures: ${elapsedMs} ms`);
  });

  it('numbers captures issued by 5 replicas at once (each its own queue) without gap or duplicate', async () => {
    const app = suite.service.app;
    const replicas = Array.from(
      { length: 5 },
      () =>
        new InvoicesService(
          invoices,
          app.get(PaymentsRepository),
          app.get(OrdersRepository),
          app.get(SubscriptionsRepository),
          app.get(PlansService),
          app.get(BillingProfilesRepository),
          app.get<Env>(ENV),
        ),
    );
    const paymentIds = await captured(50);
    const started = Date.now();
    // Every payment asked of two replicas at once.
    await Promise.all(
      paymentIds.flatMap((id, i) => [replicas[i % 5]?.issueFor(id), replicas[(i + 1) % 5]?.issueFor(id)]),
    );
    const elapsedMs = Date.now() - started;
    const ours = await expectConsecutive(paymentIds);
    expect(new Set(ours.map((invoice) => invoice.number)).size).toBe(50);
    console.log(`50 captures, 100 requests over 5 replicas: ${elapsedMs} ms`);
  });

  it('issues one invoice per capture settled by verify and by its webhook alike', async () => {
    const bought = await Promise.all(
      Array.from({ length: 5 }, () => ctx.acquire(ctx.newPayer(), ctx.newTitle({ purchasePriceInr: 500 }))),
    );
    await suite.razorpay.flushWebhooks();
    for (const { confirmation } of bought) {
      const documents = await suite.service.app
        .get(InvoicesService)
        .ofUser((await ctx.payments.findById(confirmation.razorpay_payment_id))?.userId ?? '');
      expect(documents.map((document) => [document.type, document.totalPaise])).toEqual([
        ['invoice', 50_000],
      ]);
    }
  });

  it('mails the receipt with its invoice attached, and Billing lists the payment and the invoice', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle({ title: 'Sholay' });
    const { confirmation } = await ctx.acquire(payer, title);
    const invoice = await invoiceOf(confirmation.razorpay_payment_id);
    const [mail] = mailsIn(suite.outboxDir, payer.email);
    expect(mail?.text).toContain(`Tax invoice: ${invoice.number} (attached)`);
    expect(mail?.attachments).toEqual([`${invoice.number.replace(/\//g, '-')}.pdf`]);

    const history = await suite.service.call(BillingRpc.history, { userId: payer.userId });
    expect(history.entries.map((entry) => [entry.kind, entry.amountPaise, entry.number])).toEqual(
      expect.arrayContaining([
        ['payment', 120_000, null],
        ['invoice', 120_000, invoice.number],
      ]),
    );
    const documentId = invoice._id.toHexString();
    const json = await suite.service.call(BillingRpc.document, { userId: payer.userId, documentId });
    expect(json).toMatchObject({
      number: invoice.number,
      sac: '998433',
      recipient: { name: payer.name, email: payer.email, stateAssumed: true },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      description: 'Purchase: Sholay',
      taxablePaise: 101_695,
      cgstPaise: 9_153,
      sgstPaise: 9_152,
      igstPaise: 0,
      totalPaise: 120_000,
    });
    // Another user's id finds nothing, even with the right document id.
    expect(
      await failure(suite.service.call(BillingRpc.document, { userId: ctx.newPayer().userId, documentId })),
    ).toMatchObject({ code: ErrorCode.NotFound });
    const pdf = await suite.service.call(BillingRpc.pdf, { userId: payer.userId, documentId });
    const text = await pdfText(Buffer.from(pdf.base64, 'base64'));
    for (const expected of [
      invoice.number,
      'GSTIN: 29ABCDE1234F1ZW',
      payer.email,
      'SAC 998433',
      'Rs. 1,200.00',
    ])
      expect(text).toContain(expected);
  });

  it('issues a credit note against the invoice when a refund is processed, once', async () => {
    const payer = ctx.newPayer();
    const { confirmation } = await ctx.acquire(payer, ctx.newTitle({ purchasePriceInr: 499 }));
    const paymentId = confirmation.razorpay_payment_id;
    const invoice = await invoiceOf(paymentId);
    await suite.service.call(PaymentRpc.refund, { paymentId });
    // refund.processed arrives again by webhook: still one credit note.
    await suite.razorpay.flushWebhooks();
    await suite.service.app.get(InvoicesService).creditFor(paymentId);
    const documents = await suite.service.app.get(InvoicesService).ofUser(payer.userId);
    const notes = documents.filter((document) => document.type === 'credit-note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      number: expect.stringMatching(/^CN\/\d{2}-\d{2}\/\d{7}$/),
      against: { id: invoice._id.toHexString(), number: invoice.number },
      totalPaise: 49_900,
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.cgstPaise,
      sgstPaise: invoice.sgstPaise,
    });
    const history = await suite.service.call(BillingRpc.history, { userId: payer.userId });
    expect(history.entries.map((entry) => entry.kind).sort()).toEqual([
      'credit-note',
      'invoice',
      'payment',
      'refund',
    ]);
    expect(history.entries.find((entry) => entry.kind === 'refund')).toMatchObject({ status: 'processed' });
  });

  it('invoices a plan charge and names the next charge', async () => {
    const payer = ctx.newPayer();
    await ctx.subscribe(payer, 'basic');
    await suite.razorpay.flushWebhooks();
    const history = await suite.service.call(BillingRpc.history, { userId: payer.userId });
    expect(history.entries.find((entry) => entry.kind === 'invoice')).toMatchObject({
      amountPaise: 14_900,
      description: expect.stringMatching(/^Subscription: Basic plan/),
    });
    expect(history.nextCharge).toMatchObject({ planId: 'basic', planName: 'Basic', amountPaise: 14_900 });
  });

  it("states the billing state and GSTIN the viewer gave: IGST from another state, CGST + SGST in the supplier's", async () => {
    const payer = ctx.newPayer();
    // A GSTIN registered in another state is refused; nothing is stored.
    expect(
      await failure(
        suite.service.call(BillingRpc.updateProfile, {
          userId: payer.userId,
          profile: { state: '29', gstin: '27AAPFU0939F1ZV' },
        }),
      ),
    ).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await suite.service.call(BillingRpc.profile, { userId: payer.userId })).toEqual({
      state: null,
      gstin: null,
    });
    expect(
      await failure(
        suite.service.call(BillingRpc.updateProfile, {
          userId: payer.userId,
          profile: { state: '27', gstin: '27AAPFU0939F1ZX' },
        }),
      ),
    ).toMatchObject({ code: ErrorCode.ValidationFailed });

    expect(
      await suite.service.call(BillingRpc.updateProfile, {
        userId: payer.userId,
        profile: { state: '27', gstin: ' 27aapfu0939f1zv ' },
      }),
    ).toEqual({ state: '27', gstin: '27AAPFU0939F1ZV' });
    const { confirmation } = await ctx.acquire(payer, ctx.newTitle());
    const maharashtra = await invoiceOf(confirmation.razorpay_payment_id);
    expect(maharashtra).toMatchObject({
      placeOfSupply: '27',
      recipient: { state: '27', gstin: '27AAPFU0939F1ZV', stateAssumed: false },
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_305,
      taxablePaise: 101_695,
    });

    // Moved to Karnataka (the supplier's state), no GSTIN: the next invoice splits the tax; the first one stays.
    await suite.service.call(BillingRpc.updateProfile, { userId: payer.userId, profile: { state: '29' } });
    const second = await ctx.acquire(payer, ctx.newTitle());
    expect(await invoiceOf(second.confirmation.razorpay_payment_id)).toMatchObject({
      placeOfSupply: '29',
      recipient: { state: '29', gstin: null, stateAssumed: false },
      igstPaise: 0,
      cgstPaise: 9_153,
      sgstPaise: 9_152,
    });
    expect((await invoiceOf(confirmation.razorpay_payment_id)).placeOfSupply).toBe('27');
  });
});
