import { PaymentRpc } from '@app/contracts';
import { mailsIn, startServiceUnderTest, suiteInfra } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { RenewalRemindersRepository } from '../src/reminders/renewal-reminders.repository';
import { RenewalRemindersService } from '../src/reminders/renewal-reminders.service';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

// Issue 27: a mail 3 days before each renewal (plan, amount, date, how to cancel), once per cycle, whichever
// replica runs the job and however often, also after a restart.

const DAY_MS = 24 * 3_600_000;

describe('payment-service renewal reminders', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;
  let reminders: RenewalRemindersService;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-reminders');
    ctx = paymentContext(suite);
    reminders = suite.service.app.get(RenewalRemindersService);
  });

  afterAll(() => suite?.close());

  const reminderMails = (email: string) =>
    mailsIn(suite.outboxDir, email).filter((mail) => mail.subject.includes('renews on'));

  /** A live Basic plan, settled; answers its next charge. */
  const subscribed = async (plan: 'basic' | 'standard' = 'basic') => {
    const payer = ctx.newPayer();
    const { checkout } = await ctx.subscribe(payer, plan);
    await suite.razorpay.flushWebhooks();
    const stored = await ctx.subscriptions.findByRazorpayId(checkout.id);
    if (!stored?.chargeAt) throw new Error('no next charge stored');
    return { payer, checkout, chargeAt: stored.chargeAt };
  };

  it('mails once, 3 days before the renewal, with plan, amount, date and how to cancel, whatever runs again', async () => {
    const { payer, chargeAt } = await subscribed('standard');
    // A week before: not yet.
    expect((await reminders.run(new Date(chargeAt.getTime() - 7 * DAY_MS))).sent).toBe(0);
    expect(reminderMails(payer.email)).toEqual([]);

    const threeDaysBefore = new Date(chargeAt.getTime() - 3 * DAY_MS + 60_000);
    // Five runs at once (replicas, overlapping schedules), then later ones.
    await Promise.all(Array.from({ length: 5 }, () => reminders.run(threeDaysBefore)));
    await reminders.run(new Date(chargeAt.getTime() - DAY_MS));
    const mails = reminderMails(payer.email);
    expect(mails).toHaveLength(1);
    const day = chargeAt.toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    expect(mails[0].subject).toBe(`Your Streamly Standard plan renews on ${day}`);
    expect(mails[0].text).toContain('Amount: ₹499.00 (GST included)');
    expect(mails[0].text).toContain('Profile → Subscription → Cancel Subscription');
  });

  it('sends once across a restart (another process on the same data), and again for the next cycle', async () => {
    const { payer, checkout, chargeAt } = await subscribed();
    await reminders.run(new Date(chargeAt.getTime() - 2 * DAY_MS));
    expect(reminderMails(payer.email)).toHaveLength(1);

    const infra = suiteInfra('payments-reminders');
    const restarted = await startServiceUnderTest(
      'payment-service',
      AppModule.register(envSchema.parse(suite.env)),
      infra.mongoUri,
    );
    try {
      await restarted.app.get(RenewalRemindersService).run(new Date(chargeAt.getTime() - DAY_MS));
      expect(reminderMails(payer.email)).toHaveLength(1);

      // The renewal is charged: the next cycle gets its own reminder, once.
      await suite.razorpay.advanceSubscription(checkout.id, 'charged');
      await suite.razorpay.flushWebhooks();
      const next = (await ctx.subscriptions.findByRazorpayId(checkout.id))?.chargeAt;
      if (!next) throw new Error('no next charge after the renewal');
      expect(next.getTime()).toBeGreaterThan(chargeAt.getTime());
      const before = new Date(next.getTime() - 2 * DAY_MS);
      await Promise.all([reminders.run(before), restarted.app.get(RenewalRemindersService).run(before)]);
      expect(reminderMails(payer.email)).toHaveLength(2);
    } finally {
      await restarted.close();
    }
  });

  it('says nothing for a plan cancelled at the cycle end', async () => {
    const { payer, chargeAt } = await subscribed();
    await suite.service.call(PaymentRpc.cancelSubscription, {
      userId: payer.userId,
    });
    await suite.razorpay.flushWebhooks();
    await reminders.run(new Date(chargeAt.getTime() - 2 * DAY_MS));
    expect(reminderMails(payer.email)).toEqual([]);
  });

  it('takes over a claim whose process died before sending, once it is stale', async () => {
    const { payer, checkout, chargeAt } = await subscribed();
    const key = `${checkout.id}:${chargeAt.toISOString()}`;
    const now = new Date(chargeAt.getTime() - 2 * DAY_MS);
    // A claim made just now by a process that then died: left alone while it may still send.
    const repository = suite.service.app.get(RenewalRemindersRepository);
    await repository.claim(
      { key, subscriptionId: checkout.id, userId: payer.userId, chargeAt },
      now,
      new Date(now.getTime() - 1),
    );
    await reminders.run(now);
    expect(reminderMails(payer.email)).toEqual([]);
    // Eleven minutes on, it is stale: taken over and sent, once.
    const later = new Date(now.getTime() + 11 * 60_000);
    await Promise.all([reminders.run(later), reminders.run(later)]);
    expect(reminderMails(payer.email)).toHaveLength(1);
    expect((await repository.ofSubscription(checkout.id)).map((r) => r.sentAt !== null)).toEqual([true]);
  });
});
