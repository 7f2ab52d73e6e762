import { PaymentRpc } from '@app/contracts';
import type { ServiceUnderTest } from '@app/server-testing';
import { memoLookupCounts, startServiceUnderTest, suiteInfra } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

// Issue 29 §3: the records an entitlement is decided from are held between a player's heartbeats, and any write
// to them, on any replica, drops what every replica holds.

const SUITE = 'payments-access-facts';

describe('payment-service entitlement answers from held records', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;
  /** A second replica on the same database, Redis and Razorpay. */
  let other: ServiceUnderTest;

  beforeAll(async () => {
    suite = await startPaymentSuite(SUITE);
    ctx = paymentContext(suite);
    other = await startServiceUnderTest(
      'payment-service',
      AppModule.register(envSchema.parse(suite.env)),
      suiteInfra(SUITE).mongoUri,
    );
  });

  afterEach(() => suite.razorpay.setDelivery({ paused: false }));

  afterAll(async () => {
    // Not `other.close()`: that drops the suite's database, which the suite's own close does.
    await other?.client.close();
    await other?.app.close();
    await suite?.close();
  });

  /** The replica's look-ups of held records so far, by how each was answered. */
  const lookups = (service: ServiceUnderTest) =>
    memoLookupCounts(service.app, 'payment_access_facts_lookups_total');

  /** What `service` answers for this viewer and title, asked until it says `canWatch` or 2 s pass. */
  const answerWithin2s = async (
    service: ServiceUnderTest,
    userId: string,
    title: ReturnType<PaymentContext['newTitle']>,
    canWatch: boolean,
  ) => {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const answer = await service.call(PaymentRpc.entitlement, {
        viewer: { userId, isAdmin: false },
        title,
      });
      if (answer.canWatch === canWatch || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('reads a viewer’s records once for a run of questions, and answers each with that call’s clock', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    await ctx.acquire(payer, title, 'rental');
    // Razorpay's webhooks for the rental write too (each write drops what is held): all handled before counting.
    await suite.razorpay.flushWebhooks();
    const before = await lookups(suite.service);

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ctx.entitlement(payer, title));

    const after = await lookups(suite.service);
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit - before.hit).toBe(4);
    expect(answers.map((answer) => answer.canWatch)).toEqual([true, true, true, true, true]);
  });

  it('sees a purchase made through another replica at once, and its refund there too', async () => {
    // Razorpay's webhooks come to this replica (the relay): held back, so only the other replica writes.
    suite.razorpay.setDelivery({ paused: true });
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    // This replica now holds "no access" for the viewer.
    expect((await ctx.entitlement(payer, title)).canWatch).toBe(false);
    expect((await ctx.entitlement(payer, title)).canWatch).toBe(false);

    const checkout = await other.call(PaymentRpc.createTitleOrder, {
      payer,
      title,
      kind: 'purchase',
      idempotencyKey: ctx.key(),
    });
    const confirmation = await ctx.pay(checkout);
    await other.call(PaymentRpc.verify, { payer, confirmation });

    expect((await answerWithin2s(suite.service, payer.userId, title, true)).canWatch).toBe(true);

    await other.call(PaymentRpc.refund, { paymentId: confirmation.razorpay_payment_id });

    expect((await answerWithin2s(suite.service, payer.userId, title, false)).canWatch).toBe(false);
  });

  it('drops what it holds on its own write before the write’s caller hears back', async () => {
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    expect((await ctx.entitlement(payer, title)).canWatch).toBe(false);

    await ctx.acquire(payer, title, 'purchase');

    // No waiting: the grant's write dropped the held records before verify answered.
    expect((await ctx.entitlement(payer, title)).canWatch).toBe(true);
  });
});
