import { AccessReason, PaymentRpc } from '@app/contracts';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

// The entitlement answer for a screen's cards (issue 22): one call, each title's own answer, the same as asking
// for each title alone.

describe('payment-service entitlements of several titles', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-entitlements');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  it('answers each title in the order asked: bought, rented, neither, free, a series; each as it alone would be', async () => {
    const payer = ctx.newPayer();
    const bought = ctx.newTitle();
    const rented = ctx.newTitle();
    const neither = ctx.newTitle();
    const free = ctx.newTitle({ access: 'free' });
    const series = ctx.newTitle({ kind: 'series' });
    await ctx.acquire(payer, bought, 'purchase');
    await ctx.acquire(payer, rented, 'rental');
    const titles = [bought, rented, neither, free, series];
    const viewer = { userId: payer.userId, isAdmin: false };

    const answers = await suite.service.call(PaymentRpc.entitlements, { viewer, titles });

    expect(answers.map(({ movieId, canWatch, reason }) => ({ movieId, canWatch, reason }))).toEqual([
      { movieId: bought.movieId, canWatch: true, reason: AccessReason.Purchase },
      { movieId: rented.movieId, canWatch: true, reason: AccessReason.Rental },
      { movieId: neither.movieId, canWatch: false, reason: AccessReason.PremiumRequired },
      { movieId: free.movieId, canWatch: true, reason: AccessReason.Free },
      { movieId: series.movieId, canWatch: false, reason: AccessReason.PremiumRequired },
    ]);
    expect(answers[1].rental).toMatchObject({ startedAt: null });
    // When each answer may next change by the clock alone: never for a purchase; an unstarted rental's start-by.
    expect(answers.map(({ changesAt }) => changesAt)).toEqual([
      null,
      answers[1].rental?.startBy,
      null,
      null,
      null,
    ]);
    for (const [index, title] of titles.entries()) {
      expect(answers[index]).toEqual(await ctx.entitlement(payer, title));
    }
  });

  it('answers a Premium subscriber that every premium title is included in the plan', async () => {
    const payer = ctx.newPayer();
    await ctx.subscribe(payer, 'premium');
    const titles = [ctx.newTitle(), ctx.newTitle({ kind: 'series' })];

    const answers = await suite.service.call(PaymentRpc.entitlements, {
      viewer: { userId: payer.userId, isAdmin: false },
      titles,
    });

    expect(answers.map((answer) => [answer.canWatch, answer.reason, answer.plan?.id])).toEqual([
      [true, AccessReason.Plan, 'premium'],
      [true, AccessReason.Plan, 'premium'],
    ]);
    // Held by a caller until the plan's paid period ends, when it may no longer let them in.
    const plan = await suite.service.call(PaymentRpc.subscription, { userId: payer.userId });
    expect(plan?.currentEnd).toEqual(expect.any(String));
    expect(answers.map(({ changesAt }) => changesAt)).toEqual([plan?.currentEnd, plan?.currentEnd]);
  });

  it('after a licence end (issue 28) still plays a bought title and a running rental, keeps them in My titles, and refuses the rest', async () => {
    const ended = new Date(Date.now() - 60_000).toISOString();
    const buyer = ctx.newPayer();
    const bought = ctx.newTitle({ availableUntil: ended });
    const rented = ctx.newTitle({ availableUntil: ended });
    await ctx.acquire(buyer, bought, 'purchase');
    await ctx.acquire(buyer, rented, 'rental');
    const subscriber = ctx.newPayer();
    await ctx.subscribe(subscriber, 'premium');

    const [forBuyer, forSubscriber] = await Promise.all(
      [buyer, subscriber].map((payer) =>
        suite.service.call(PaymentRpc.entitlements, {
          viewer: { userId: payer.userId, isAdmin: false },
          titles: [bought, rented],
        }),
      ),
    );
    expect(forBuyer.map(({ canWatch, reason }) => [canWatch, reason])).toEqual([
      [true, AccessReason.Purchase],
      [true, AccessReason.Rental],
    ]);
    expect(forSubscriber.map(({ canWatch, reason, waysIn }) => [canWatch, reason, waysIn])).toEqual([
      [false, AccessReason.LicenceEnded, { plans: [], purchaseInr: null, rentalInr: null }],
      [false, AccessReason.LicenceEnded, { plans: [], purchaseInr: null, rentalInr: null }],
    ]);
    // My titles keeps both (payment-service lists what was bought, whatever the catalogue lists now).
    const owned = await suite.service.call(PaymentRpc.ownedTitles, { userId: buyer.userId });
    expect(owned.map(({ movieId }) => movieId).sort()).toEqual([bought.movieId, rented.movieId].sort());
  });
});
