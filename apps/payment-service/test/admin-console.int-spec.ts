import { ErrorCode, PaymentRpc } from '@app/contracts';
import { EventBus } from '@app/server-core';
import { waitUntil } from '@app/server-testing';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { failure, paymentContext, startPaymentSuite } from './payment-context';

// Issue 22, finding 8 (admin payments console): every list shows the payer's email beside the user id and the
// title beside the movie id, and is filtered by a part of the email or of the title (a plan's name for plans).

describe('payment-service admin console: emails, titles and their filters', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-admin-console');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  const page = { page: 1, pageSize: 50 };

  it('shows emails and titles, and filters orders, payments, subscriptions and webhook events by email or title', async () => {
    const tag = ctx.key().toLowerCase();
    const asha = ctx.newPayer({ email: `asha.${tag}@example.in` });
    const ravi = ctx.newPayer({ email: `ravi.${tag}@example.in` });
    const sholay = ctx.newTitle({ title: `Sholay ${tag}` });
    const lagaan = ctx.newTitle({ title: `Lagaan ${tag}` });
    await ctx.acquire(asha, sholay);
    await ctx.acquire(ravi, lagaan, 'rental');
    await ctx.subscribe(ravi, 'premium');
    await suite.razorpay.flushWebhooks();

    const payments = await suite.service.call(PaymentRpc.adminPayments, { ...page, email: `ASHA.${tag}` });
    expect(payments.data.map((p) => [p.userId, p.email, p.movieId, p.title])).toEqual([
      [asha.userId, asha.email, sholay.movieId, sholay.title],
    ]);
    const byTitle = await suite.service.call(PaymentRpc.adminOrders, { ...page, title: `lagaan ${tag}` });
    expect(byTitle.data.map((o) => [o.email, o.title, o.kind])).toEqual([
      [ravi.email, lagaan.title, 'rental'],
    ]);
    // Both filters hold together; a part of an address matches all its payers.
    const both = await suite.service.call(PaymentRpc.adminPayments, {
      ...page,
      email: tag,
      title: 'premium',
    });
    expect(both.data.map((p) => [p.email, p.planId])).toEqual([[ravi.email, 'premium']]);
    const plans = await suite.service.call(PaymentRpc.adminSubscriptions, {
      ...page,
      email: tag,
      title: 'Prem',
    });
    expect(plans.data.map((s) => [s.email, s.planId])).toEqual([[ravi.email, 'premium']]);
    expect(
      (await suite.service.call(PaymentRpc.adminSubscriptions, { ...page, email: tag, title: 'Basic' }))
        .total,
    ).toBe(0);
    const events = await suite.service.call(PaymentRpc.adminWebhookEvents, { ...page, email: `ravi.${tag}` });
    expect(events.total).toBeGreaterThan(0);
    expect(
      (await suite.service.call(PaymentRpc.adminOrders, { ...page, email: `nobody.${tag}` })).data,
    ).toEqual([]);
    // Taken literally: a pattern character matches itself, not anything.
    expect((await suite.service.call(PaymentRpc.adminOrders, { ...page, title: '.*' })).data).toEqual([]);
    expect(
      await failure(suite.service.call(PaymentRpc.adminWebhookEvents, { ...page, title: 'Sholay' })),
    ).toMatchObject({ code: ErrorCode.ValidationFailed });
  });

  it('pages subscriptions newest first, each page with the total of all that match', async () => {
    const tag = ctx.key().toLowerCase();
    const first = ctx.newPayer({ email: `first.${tag}@example.in` });
    const second = ctx.newPayer({ email: `second.${tag}@example.in` });
    await ctx.subscribe(first, 'basic');
    await ctx.subscribe(second, 'standard');
    const pageNo = (n: number) =>
      suite.service.call(PaymentRpc.adminSubscriptions, { page: n, pageSize: 1, email: tag });
    const [one, two] = [await pageNo(1), await pageNo(2)];
    expect([one.total, two.total]).toEqual([2, 2]);
    expect([...one.data, ...two.data].map((s) => [s.email, s.planId])).toEqual([
      [second.email, 'standard'],
      [first.email, 'basic'],
    ]);
  });

  it("follows the account's email (user.updated): the console finds the payer by the new one", async () => {
    const tag = ctx.key().toLowerCase();
    const payer = ctx.newPayer({ email: `before.${tag}@example.in` });
    await ctx.acquire(payer, ctx.newTitle());
    await ctx.subscribe(payer, 'basic');
    const email = `after.${tag}@example.in`;
    await suite.service.app.get(EventBus).publish('user.updated', {
      userId: payer.userId,
      username: payer.name,
      email,
      role: 'user',
      status: 'active',
    });
    await waitUntil(
      async () =>
        (await suite.service.call(PaymentRpc.adminSubscriptions, { ...page, email })).data[0]?.email ===
        email,
      'the new email on the subscription',
    );
    const payments = await suite.service.call(PaymentRpc.adminPayments, { ...page, email: `after.${tag}` });
    expect(payments.data.map((p) => p.email)).toEqual([email, email]);
    expect(
      (await suite.service.call(PaymentRpc.adminOrders, { ...page, email: `before.${tag}` })).total,
    ).toBe(0);
  });
});
