import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import type { Checkout, Payer, RpcRequest, TitleFacts, TitleOrderKind } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import type { RazorpayFake, ServiceUnderTest } from '@app/server-testing';
import { startRazorpayFake, startServiceUnderTest, suiteInfra, uniqueSuffix } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { GrantsRepository } from '../src/entitlements/grants.repository';
import { envSchema } from '../src/env';
import { OrdersRepository } from '../src/orders/orders.repository';
import { PaymentsRepository } from '../src/payments/payments.repository';
import { ReconcilerService } from '../src/reconciler/reconciler.service';
import { SubscriptionsRepository } from '../src/subscriptions/subscriptions.repository';
import { WebhookEventsRepository } from '../src/webhooks/webhook-events.repository';
import type { WebhookRelay } from './webhook-relay';
import { startWebhookRelay } from './webhook-relay';

/** The environment payment-service gets in a test: the Razorpay fake, a file outbox, no reconcile schedule. */
export const testEnv = (infra: ReturnType<typeof suiteInfra>, razorpay: RazorpayFake, outboxDir: string) => ({
  NODE_ENV: 'test',
  MONGODB_URI: infra.mongoUri,
  MONGODB_DB: infra.mongoDb,
  REDIS_URL: infra.redisUrl,
  RAZORPAY_KEY_ID: razorpay.keyId,
  RAZORPAY_KEY_SECRET: razorpay.keySecret,
  RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
  RAZORPAY_API_URL: razorpay.url,
  RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
  RECONCILE_EVERY_MS: '0',
  REMINDER_EVERY_MS: '0',
  OUTBOX_DIR: outboxDir,
});

export type PaymentSuite = {
  service: ServiceUnderTest;
  /** The environment the service was started with (a second process on the same data reuses it). */
  env: Record<string, string>;
  /** The Razorpay fake now running (a restart replaces it). */
  razorpay: RazorpayFake;
  relay: WebhookRelay;
  outboxDir: string;
  /**
   * Stops the Razorpay fake and starts another on the same address with the same keys, as a restart of `npm start`
   * does: with `stateFile` it reads the account kept there, without it it knows nothing.
   */
  restartRazorpay(options?: { stateFile?: string }): Promise<void>;
  close(): Promise<void>;
};

/** Boots payment-service against the suite's database, Redis and a Razorpay fake whose webhooks reach it. */
export const startPaymentSuite = async (
  suite: string,
  { razorpayStateFile }: { razorpayStateFile?: string } = {},
): Promise<PaymentSuite> => {
  const infra = suiteInfra(suite);
  const first = await startRazorpayFake({ stateFile: razorpayStateFile });
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'payments-outbox-'));
  const rawEnv = testEnv(infra, first, outboxDir);
  const env = envSchema.parse(rawEnv);
  const service = await startServiceUnderTest('payment-service', AppModule.register(env), infra.mongoUri);
  const relay = await startWebhookRelay(() => service);
  first.setWebhookUrl(relay.url);
  const stopRazorpay = async (razorpay: RazorpayFake) => {
    // Deliver what is queued first: a webhook still in flight would meet a closing database.
    await razorpay.flushWebhooks();
    razorpay.setWebhookUrl(null);
    await razorpay.stop();
  };
  const running: PaymentSuite = {
    service,
    env: rawEnv,
    razorpay: first,
    relay,
    outboxDir,
    async restartRazorpay({ stateFile } = {}) {
      const { keyId, keySecret, webhookSecret, url } = running.razorpay;
      await stopRazorpay(running.razorpay);
      // Let the SDK's keep-alive sockets to the old server see their close (same process, a tick or two later),
      // as a restarted payment-service would hold none: a stale socket would fail the next call.
      await new Promise((resolve) => setTimeout(resolve, 100));
      running.razorpay = await startRazorpayFake({
        keyId,
        keySecret,
        webhookSecret,
        port: Number(new URL(url).port),
        webhookUrl: relay.url,
        stateFile,
      });
    },
    async close() {
      await stopRazorpay(running.razorpay);
      await relay.stop();
      await service.close();
    },
  };
  return running;
};

export { failure } from '@app/server-testing';

/**
 * Factories and actions for the payment-service suites: each test makes its own viewers and titles (unique ids),
 * and drives Checkout through the fake exactly as the browser's handler would.
 */
export const paymentContext = (suite: PaymentSuite) => {
  const { service } = suite;
  const repos = {
    orders: service.app.get(OrdersRepository),
    payments: service.app.get(PaymentsRepository),
    grants: service.app.get(GrantsRepository),
    subscriptions: service.app.get(SubscriptionsRepository),
    webhookEvents: service.app.get(WebhookEventsRepository),
  };
  const reconciler = service.app.get(ReconcilerService);

  const newPayer = (overrides: Partial<Payer> = {}): Payer => {
    const suffix = uniqueSuffix();
    return {
      userId: new Types.ObjectId().toHexString(),
      email: `viewer-${suffix}@example.in`,
      name: `Viewer ${suffix}`,
      isAdmin: false,
      language: 'en',
      ...overrides,
    };
  };

  const newTitle = (overrides: Partial<TitleFacts> = {}): TitleFacts => ({
    movieId: new Types.ObjectId().toHexString(),
    title: `Title ${uniqueSuffix()}`,
    access: 'premium',
    purchasePriceInr: 1200,
    rentalPriceInr: 500,
    ...overrides,
  });

  const key = () => `key_${uniqueSuffix()}_${Math.random().toString(36).slice(2, 8)}`;

  const order = (
    payer: Payer,
    title: TitleFacts,
    kind: TitleOrderKind = 'purchase',
    idempotencyKey = key(),
  ) => service.call(PaymentRpc.createTitleOrder, { payer, title, kind, idempotencyKey });

  const verify = (payer: Payer, confirmation: RpcRequest<typeof PaymentRpc.verify>['confirmation']) =>
    service.call(PaymentRpc.verify, { payer, confirmation });

  /** Checkout's Pay: the fake captures a payment and answers what the handler gets. */
  const pay = async (checkout: Checkout) =>
    (await suite.razorpay.pay(
      checkout.mode === 'order' ? { orderId: checkout.id } : { subscriptionId: checkout.id },
    )) as Record<string, string> as RpcRequest<typeof PaymentRpc.verify>['confirmation'];

  /** Buy or rent, pay and verify: what a happy Watch Now / Rent Now does. */
  const acquire = async (payer: Payer, title: TitleFacts, kind: TitleOrderKind = 'purchase') => {
    const checkout = await order(payer, title, kind);
    const confirmation = await pay(checkout);
    await verify(payer, confirmation);
    return { checkout, confirmation };
  };

  const subscribe = async (payer: Payer, planId: 'basic' | 'standard' | 'premium') => {
    const checkout = await service.call(PaymentRpc.createPlanOrder, { payer, planId, idempotencyKey: key() });
    const confirmation = await pay(checkout);
    await verify(payer, confirmation);
    return { checkout, confirmation };
  };

  const entitlement = (payer: Payer | null, title: TitleFacts) =>
    service.call(PaymentRpc.entitlement, {
      viewer: payer ? { userId: payer.userId, isAdmin: payer.isAdmin } : null,
      title,
    });

  const grantsOf = (payer: Payer) => repos.grants.ownedBy(payer.userId);

  return {
    ...repos,
    reconciler,
    newPayer,
    newTitle,
    key,
    order,
    verify,
    pay,
    acquire,
    subscribe,
    entitlement,
    grantsOf,
  };
};

export type PaymentContext = ReturnType<typeof paymentContext>;
