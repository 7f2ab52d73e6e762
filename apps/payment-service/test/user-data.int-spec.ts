import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { Payer } from '@app/contracts';
import { PaymentRpc, PromoRpc, TrialRpc } from '@app/contracts';
import { EventBus } from '@app/server-core';
import { DELETED_USER_PREFIX } from '../src/users/user-data.service';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

const until = async (
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
  explain: () => Promise<string> = async () => '',
) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} ${await explain()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe("payment-service: the viewer's data rights (DECISIONS 32)", () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-user-data');
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  const exportOf = (userId: string) => suite.service.call(PaymentRpc.exportOf, { userId });
  /** A viewer with a Standard plan, a purchase and a rental, every webhook delivered. */
  const customer = async () => {
    const payer = ctx.newPayer();
    const plan = await ctx.subscribe(payer, 'standard');
    const bought = ctx.newTitle();
    const rented = ctx.newTitle();
    const purchase = await ctx.acquire(payer, bought, 'purchase');
    const rental = await ctx.acquire(payer, rented, 'rental');
    await suite.razorpay.flushWebhooks();
    return { payer, plan, bought, rented, purchase, rental };
  };
  /** Every document of every collection this service stores, as text, one line per collection. */
  const everythingStored = async () => {
    const { db } = suite.service.app.get<Connection>(getConnectionToken());
    if (!db) throw new Error('not connected');
    const names = (await db.listCollections().toArray()).map((c) => c.name);
    const dumps = await Promise.all(
      names.map(async (name) => `${name}: ${JSON.stringify(await db.collection(name).find().toArray())}`),
    );
    return dumps.join('\n');
  };
  const mentions = (text: string, payer: Payer) =>
    [payer.userId, payer.email, payer.name].filter((value) => text.includes(value));

  it("exports the viewer's own subscriptions, orders, payments and titles, and nobody else's", async () => {
    const { payer, plan, bought, rented, purchase, rental } = await customer();
    const other = ctx.newPayer();
    await ctx.acquire(other, ctx.newTitle());

    const exported = await exportOf(payer.userId);
    expect(exported.subscriptions).toEqual([
      expect.objectContaining({
        id: plan.checkout.id,
        userId: payer.userId,
        planId: 'standard',
        status: 'active',
      }),
    ]);
    expect(exported.orders.map((o) => [o.id, o.kind, o.movieId, o.amountInr, o.status])).toEqual([
      [rental.checkout.id, 'rental', rented.movieId, 500, 'paid'],
      [purchase.checkout.id, 'purchase', bought.movieId, 1200, 'paid'],
    ]);
    expect(exported.payments.map((p) => p.id).sort()).toEqual(
      [
        plan.confirmation.razorpay_payment_id,
        purchase.confirmation.razorpay_payment_id,
        rental.confirmation.razorpay_payment_id,
      ].sort(),
    );
    expect(new Set([...exported.orders, ...exported.payments].map((row) => row.userId))).toEqual(
      new Set([payer.userId]),
    );
    expect(exported.titles.map((t) => [t.movieId, t.kind, t.active])).toEqual(
      expect.arrayContaining([
        [bought.movieId, 'purchase', true],
        [rented.movieId, 'rental', true],
      ]),
    );
    expect(exported.titles).toHaveLength(2);
    expect(JSON.stringify(exported)).not.toContain(other.userId);
    await expect(exportOf(ctx.newPayer().userId)).resolves.toEqual({
      subscriptions: [],
      orders: [],
      payments: [],
      titles: [],
    });
  });

  it('on user.deleted keeps every money record but nothing that names the person, and stops the renewal', async () => {
    const { payer, plan, purchase } = await customer();
    const bystander = await customer();
    expect(mentions(await everythingStored(), payer)).toEqual([payer.userId, payer.email, payer.name]);

    await suite.service.app.get(EventBus).publish('user.deleted', { userId: payer.userId });
    await until(
      async () => mentions(await everythingStored(), payer).length === 0,
      'the records to be anonymised',
      15_000,
      async () =>
        (await everythingStored())
          .split('\n')
          .filter((line) => mentions(line, payer).length)
          .join('\n'),
    );
    await until(
      async () => (await ctx.subscriptions.findByRazorpayId(plan.checkout.id))?.cancelAtCycleEnd === true,
      'the renewal to stop',
    );
    await suite.razorpay.flushWebhooks();

    // Nothing stored anywhere in the service names the person any more; the bystander is untouched.
    const stored = await everythingStored();
    expect(mentions(stored, payer)).toEqual([]);
    expect(mentions(stored, bystander.payer)).toEqual([
      bystander.payer.userId,
      bystander.payer.email,
      bystander.payer.name,
    ]);

    // The records are all there, under one marker that is not the user id.
    const sub = await ctx.subscriptions.findByRazorpayId(plan.checkout.id);
    const marker = sub?.userId ?? '';
    expect(marker.startsWith(DELETED_USER_PREFIX)).toBe(true);
    expect(sub).toMatchObject({ email: null, name: null, planId: 'standard' });
    const order = await ctx.orders.findByRazorpayId(purchase.checkout.id);
    expect(order).toMatchObject({ userId: marker, email: null, name: null, amountPaise: 120_000 });
    expect((await ctx.payments.page({ userId: marker }, 0, 10)).total).toBe(3);
    expect((await ctx.grants.ownedBy(marker)).length).toBe(2);
    expect(await exportOf(payer.userId)).toEqual({ subscriptions: [], orders: [], payments: [], titles: [] });

    // The admin's mismatch report still pairs each kept payment with its grant.
    const report = await suite.service.call(PaymentRpc.adminMismatches, {});
    expect(report.paidWithoutEntitlement.filter((m) => m.userId === marker)).toEqual([]);
    expect(report.entitlementWithoutPayment.filter((m) => m.userId === marker)).toEqual([]);

    // Deleted again (a second event for the same account): nothing is left to change.
    const before = await everythingStored();
    await suite.service.app.get(EventBus).publish('user.deleted', { userId: payer.userId });
    const probe = ctx.newPayer();
    await ctx.acquire(probe, ctx.newTitle());
    // Its webhooks delivered first: one still in flight during the deletion could write the id back (see forget).
    await suite.razorpay.flushWebhooks();
    await suite.service.app.get(EventBus).publish('user.deleted', { userId: probe.userId });
    // Events are handled in order: once the probe's is applied, the repeated one has been too.
    await until(
      async () => mentions(await everythingStored(), probe).length === 0,
      'the probe deletion',
      15_000,
      async () =>
        (await everythingStored())
          .split('\n')
          .filter((line) => mentions(line, probe).length)
          .join('\n'),
    );
    const after = await everythingStored();
    expect(after).toContain(marker);
    expect(after.split(marker).length).toBe(before.split(marker).length);
  });

  it("on user.deleted keeps the account's free trial spent and its promo claim counted, under the marker", async () => {
    const payer = ctx.newPayer();
    const trial = await suite.service.call(TrialRpc.start, { payer, idempotencyKey: ctx.key() });
    expect(await ctx.verify(payer, await ctx.pay(trial))).toMatchObject({ outcome: 'paid' });
    const promo = await suite.service.call(PromoRpc.create, {
      code: `GONE${Date.now().toString(36).toUpperCase()}`,
      discount: { kind: 'percent', percentOff: 10 },
      appliesTo: { titles: 'all', titleKinds: ['purchase', 'rental'] },
      validFrom: new Date(Date.now() - 60_000).toISOString(),
      validTo: new Date(Date.now() + 3_600_000).toISOString(),
      totalLimit: null,
      perAccountLimit: 1,
    });
    const order = await suite.service.call(PaymentRpc.createTitleOrder, {
      payer,
      title: ctx.newTitle(),
      kind: 'purchase',
      idempotencyKey: ctx.key(),
      promoCode: promo.code,
    });
    expect(await ctx.verify(payer, await ctx.pay(order))).toMatchObject({ outcome: 'paid' });
    await suite.razorpay.flushWebhooks();
    expect(mentions(await everythingStored(), payer)).toContain(payer.userId);

    await suite.service.app.get(EventBus).publish('user.deleted', { userId: payer.userId });
    await until(
      async () => mentions(await everythingStored(), payer).length === 0,
      'the trial and the promo claim to be anonymised',
      15_000,
      async () =>
        (await everythingStored())
          .split('\n')
          .filter((line) => mentions(line, payer).length)
          .join('\n'),
    );
    const marker = (await ctx.subscriptions.findByRazorpayId(trial.id))?.userId ?? '';
    expect(marker.startsWith(DELETED_USER_PREFIX)).toBe(true);
    expect(await ctx.subscriptions.findByRazorpayId(trial.id)).toMatchObject({ trialFor: marker });
    const redemptions = await suite.service.call(PromoRpc.redemptions, { promoId: promo.id });
    expect(JSON.stringify(redemptions)).not.toContain(payer.userId);
  });
});
