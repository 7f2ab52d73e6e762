import { EventBus } from '@app/server-core';
import { mailsIn, waitUntil } from '@app/server-testing';
import { RenewalRemindersService } from '../src/reminders/renewal-reminders.service';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

// Issue 26: receipts and renewal reminders go out in the account's language, which the gateway passes with the
// payer and `user.updated` keeps current.

const DAY_MS = 24 * 3_600_000;
const hindiDay = (date: Date) =>
  date.toLocaleDateString('hi-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

describe("payment-service mails in the account's language", () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-mail-language');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  it('a Hindi account gets its receipt in Hindi', async () => {
    const payer = ctx.newPayer({ language: 'hi' });
    const title = ctx.newTitle({ title: 'Lagaan' });
    await ctx.acquire(payer, title);
    await suite.razorpay.flushWebhooks();
    const [receipt] = mailsIn(suite.outboxDir, payer.email);
    expect(receipt.subject).toBe('आपकी Streamly रसीद: ₹1,200.00');
    expect(receipt.text).toContain(`नमस्ते ${payer.name},`);
    expect(receipt.text).toContain('ख़रीद: Lagaan');
    expect(receipt.text).toContain('भुगतान की गई राशि: ₹1,200.00 (₹183.05 GST सहित)');
  });

  it('an English account gets the English receipt, as before', async () => {
    const payer = ctx.newPayer();
    await ctx.acquire(payer, ctx.newTitle({ title: 'Sholay' }));
    await suite.razorpay.flushWebhooks();
    const [receipt] = mailsIn(suite.outboxDir, payer.email);
    expect(receipt.subject).toBe('Your Streamly receipt: ₹1,200.00');
    expect(receipt.text).toContain(`Hello ${payer.name},`);
    expect(receipt.text).toContain('Purchase: Sholay');
    expect(receipt.text).toContain('Amount paid: ₹1,200.00 (includes GST of ₹183.05)');
  });

  it('the renewal reminder follows the language the account switched to (user.updated)', async () => {
    const payer = ctx.newPayer();
    const { checkout } = await ctx.subscribe(payer, 'standard');
    await suite.razorpay.flushWebhooks();
    await suite.service.app.get(EventBus).publish('user.updated', {
      userId: payer.userId,
      username: payer.name,
      email: payer.email,
      role: 'user',
      status: 'active',
      language: 'hi',
    });
    await waitUntil(
      async () => (await ctx.subscriptions.findByRazorpayId(checkout.id))?.language === 'hi',
      'the plan to take the Hindi language',
    );
    const chargeAt = (await ctx.subscriptions.findByRazorpayId(checkout.id))?.chargeAt;
    if (!chargeAt) throw new Error('no next charge stored');

    await suite.service.app.get(RenewalRemindersService).run(new Date(chargeAt.getTime() - 2 * DAY_MS));

    const reminder = mailsIn(suite.outboxDir, payer.email).find((mail) => mail.subject.includes('नवीनीकृत'));
    expect(reminder?.subject).toBe(`आपका Streamly Standard प्लान ${hindiDay(chargeAt)} को नवीनीकृत होगा`);
    expect(reminder?.text).toContain('राशि: ₹499.00 (GST सहित)');
    expect(reminder?.text).toContain('प्रोफ़ाइल → सदस्यता → सदस्यता रद्द करें');
  });
});
