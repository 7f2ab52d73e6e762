import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlanId } from '@app/contracts';
import { PaymentRpc, SubscriptionStatus } from '@app/contracts';
import { PlansRepository } from '../src/plans/plans.repository';
import { RazorpayClient } from '../src/razorpay/razorpay.client';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

// Issue 22, finding 7: after a restart of `npm start` every plan can still be bought. The local Razorpay keeps its
// account in a state file (`.data/razorpay.json` for npm start), and payment-service re-creates a plan Razorpay
// answers it does not know (a real account can lose or archive one too), retrying the order once.

describe('payment-service across restarts of the Razorpay stand-in', () => {
  const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'razorpay-state-')), 'razorpay.json');
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-razorpay-restart', { razorpayStateFile: stateFile });
    ctx = paymentContext(suite);
  });

  afterAll(() => suite?.close());

  /** The Razorpay plan ids payment-service holds for one of our plans (one per key and price). */
  const razorpayPlanIds = async (planId: PlanId) =>
    (await suite.service.app.get(PlansRepository).all()).find((plan) => plan._id === planId)?.razorpayPlanIds;

  it('keeps its account across a restart with its state file: plans, subscriptions and orders are still known', async () => {
    const subscriber = ctx.newPayer();
    const { checkout: subscription } = await ctx.subscribe(subscriber, 'basic');
    const { checkout: order } = await ctx.acquire(ctx.newPayer(), ctx.newTitle());
    await suite.razorpay.flushWebhooks();
    const plansBefore = await razorpayPlanIds('basic');

    await suite.restartRazorpay({ stateFile });

    const client = suite.service.app.get(RazorpayClient);
    expect(await client.fetchSubscription(subscription.id)).toMatchObject({
      status: 'active',
      paid_count: 1,
    });
    expect((await client.fetchOrderPayments(order.id)).map((payment) => payment.status)).toEqual([
      'captured',
    ]);
    // The subscriber can still cancel; a new viewer buys Basic on the very same Razorpay plan.
    await expect(
      suite.service.call(PaymentRpc.cancelSubscription, { userId: subscriber.userId }),
    ).resolves.toMatchObject({ nextBilling: null });
    await ctx.subscribe(ctx.newPayer(), 'basic');
    expect(await razorpayPlanIds('basic')).toEqual(plansBefore);
  });

  it('re-creates a plan Razorpay no longer knows and retries once: the order succeeds', async () => {
    await ctx.subscribe(ctx.newPayer(), 'standard');
    const [staleId] = Object.values((await razorpayPlanIds('standard')) ?? {});
    expect(staleId).toMatch(/^plan_/);

    // Restarted without its state: the stand-in knows no plan at all (as before this fix, after `npm start`).
    await suite.restartRazorpay();

    const payer = ctx.newPayer();
    await ctx.subscribe(payer, 'standard');
    await suite.razorpay.flushWebhooks();
    expect(await suite.service.call(PaymentRpc.subscription, { userId: payer.userId })).toMatchObject({
      planId: 'standard',
      status: SubscriptionStatus.Active,
    });
    const [freshId] = Object.values((await razorpayPlanIds('standard')) ?? {});
    expect(freshId).toMatch(/^plan_/);
    expect(freshId).not.toBe(staleId);
    // Remembered: the next viewer's order uses it without creating another.
    await ctx.subscribe(ctx.newPayer(), 'standard');
    expect(Object.values((await razorpayPlanIds('standard')) ?? {})).toEqual([freshId]);
  });
});
