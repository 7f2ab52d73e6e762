import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { OrderStatus, PaymentRpc, PaymentStatus, SubscriptionStatus } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { findFreePort, mailsIn, testNatsUrl, workspaceRoot } from '@app/server-testing';
import type { PaymentContext, PaymentSuite } from './payment-context';
import { paymentContext, startPaymentSuite } from './payment-context';

const MINUTES = 60_000;

/**
 * payment-service as its own process (its main.ts, as `npm start` runs it) on the suite's data, with the test
 * hook that kills it (SIGKILL) between "payment recorded" and "entitlement granted".
 */
const startCrashingService = async (env: Record<string, string>) => {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', '@swc-node/register', 'apps/payment-service/src/main.ts'],
    {
      cwd: workspaceRoot(),
      env: {
        ...process.env,
        SWC_NODE_PROJECT: 'tsconfig.server.json',
        ...env,
        LOG_LEVEL: 'info',
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(await findFreePort()),
        NATS_URL: testNatsUrl(),
        PAYMENT_TEST_CRASH_POINT: 'after-payment-recorded',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  await new Promise<void>((resolve, reject) => {
    void exited.then(([code]) => reject(new Error(`payment-service exited early (code ${String(code)})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('"msg":"ready"')) resolve();
    });
  });
  return {
    // The suite's healthy service answers on subjects of its own (startServiceUnderTest): these reach this process.
    client: ServiceClient.connect('payment-service', { url: testNatsUrl() }, { timeoutMs: 10_000 }),
    exited,
  };
};

describe('payment-service reconciler: finishing what a crash, a closed browser or a lost webhook left', () => {
  let suite: PaymentSuite;
  let ctx: PaymentContext;

  beforeAll(async () => {
    suite = await startPaymentSuite('payments-reconciler');
    ctx = paymentContext(suite);
  });

  afterEach(() => suite.razorpay.setDelivery({ paused: false }));
  afterAll(() => suite?.close());

  const soon = () => new Date(Date.now() + 2 * MINUTES);

  /** Order and pay through the healthy service, then verify through a process that dies mid-settlement. */
  const killedMidSettlement = async () => {
    suite.razorpay.setDelivery({ paused: true });
    const payer = ctx.newPayer();
    const title = ctx.newTitle();
    const checkout = await ctx.order(payer, title, 'rental');
    const confirmation = await ctx.pay(checkout);
    const crashing = await startCrashingService(suite.env);
    await expect(crashing.client.send(PaymentRpc.verify, { payer, confirmation })).rejects.toBeDefined();
    const [, signal] = await crashing.exited;
    await crashing.client.close();
    expect(signal).toBe('SIGKILL');
    // The state a killed process leaves: payment recorded, no grant, order not paid.
    const paymentId = confirmation.razorpay_payment_id;
    expect(await ctx.payments.findById(paymentId)).toMatchObject({ status: PaymentStatus.Captured });
    expect(await ctx.grantsOf(payer)).toEqual([]);
    expect((await ctx.orders.findByRazorpayId(checkout.id))?.status).not.toBe(OrderStatus.Paid);
    return { payer, checkout, paymentId };
  };

  it('finishes a settlement killed between "payment recorded" and "granted" with exactly one grant (reconciler)', async () => {
    const { payer, checkout, paymentId } = await killedMidSettlement();
    const mismatches = await suite.service.call(PaymentRpc.adminMismatches, {});
    expect(mismatches.paidWithoutEntitlement).toContainEqual({
      paymentId,
      userId: payer.userId,
      email: payer.email,
      kind: 'rental',
    });

    const run = await ctx.reconciler.run(soon());
    expect(run.settled).toBeGreaterThanOrEqual(1);
    await ctx.reconciler.run(soon());
    const grants = await ctx.grantsOf(payer);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ source: paymentId, kind: 'rental' });
    expect(await ctx.orders.findByRazorpayId(checkout.id)).toMatchObject({ status: OrderStatus.Paid });
    // The webhooks held back meanwhile change nothing.
    await suite.razorpay.flushWebhooks();
    expect(await ctx.grantsOf(payer)).toHaveLength(1);

    const after = await suite.service.call(PaymentRpc.adminMismatches, {});
    expect(after.paidWithoutEntitlement.filter((m) => m.userId === payer.userId)).toEqual([]);
    expect(after.reconciler).toMatchObject({ checked: expect.any(Number), settled: expect.any(Number) });
  });

  it('finishes the same crash through Razorpay retrying its webhooks, with exactly one grant', async () => {
    const { payer, paymentId } = await killedMidSettlement();
    await suite.razorpay.flushWebhooks();
    const captured = suite.razorpay.events.find(
      (e) => e.event === 'payment.captured' && e.body.includes(paymentId),
    );
    if (!captured) throw new Error('no payment.captured emitted');
    await suite.razorpay.redeliver(captured.id, 3);
    expect(await ctx.grantsOf(payer)).toHaveLength(1);
    expect(mailsIn(suite.outboxDir, payer.email)).toHaveLength(1);
  });

  it('settles an order paid while every webhook was lost and the browser closed before verify', async () => {
    suite.razorpay.setWebhookUrl(null);
    try {
      const payer = ctx.newPayer();
      const checkout = await ctx.order(payer, ctx.newTitle());
      await ctx.pay(checkout);
      // Too young: still in someone's Checkout.
      expect((await ctx.reconciler.run(new Date())).settled).toBe(0);
      await ctx.reconciler.run(soon());
      expect(await ctx.orders.findByRazorpayId(checkout.id)).toMatchObject({ status: OrderStatus.Paid });
      expect(await ctx.grantsOf(payer)).toHaveLength(1);
    } finally {
      suite.razorpay.setWebhookUrl(suite.relay.url);
    }
  });

  it('activates a subscription whose webhooks never came and whose verify never ran', async () => {
    suite.razorpay.setWebhookUrl(null);
    try {
      const payer = ctx.newPayer();
      const checkout = await suite.service.call(PaymentRpc.createPlanOrder, {
        payer,
        planId: 'standard',
        idempotencyKey: ctx.key(),
      });
      await ctx.pay(checkout);
      await ctx.reconciler.run(soon());
      expect(await suite.service.call(PaymentRpc.subscription, { userId: payer.userId })).toMatchObject({
        status: SubscriptionStatus.Active,
        planId: 'standard',
      });
      expect((await ctx.entitlement(payer, ctx.newTitle())).canWatch).toBe(true);
    } finally {
      suite.razorpay.setWebhookUrl(suite.relay.url);
    }
  });
});
