import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { failTarget, payTarget } from './actions';
import { CHECKOUT_SCRIPT } from './checkout-script';
import { checkoutRoutes, controlRoutes } from './controls';
import { sendJson, sendPreflight } from './http';
import { restApi } from './rest-api';
import type { StoredAccount } from './state';
import { RazorpayStore, accountOf, newId, restoreAccount } from './state';
import { advanceSubscription, forgetPlans } from './subscriptions';
import type { DeliverySwitches, RazorpayFake, RazorpayFakeOptions } from './types';
import { WebhookDispatcher } from './webhooks';

const readAccount = (file: string): Partial<StoredAccount> | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredAccount>) : null;

/** Whole-file rewrite through a temporary file: a crash mid-write never leaves half an account behind. */
const writeAccount = (file: string, account: StoredAccount) => {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(account), { mode: 0o600 });
  renameSync(temporary, file);
};

/**
 * A local Razorpay: the v1 REST API (orders, payments, refunds, plans, subscriptions) for the real `razorpay` SDK,
 * Checkout's `checkout.js`, signed at-least-once webhooks with switches for duplicates, delay, reorder and pause,
 * and a test clock for subscriptions. In-process helpers here; the same over HTTP under `/_control`.
 */
export const startRazorpayFake = async ({
  keyId = 'rzp_test_local',
  keySecret: givenKeySecret,
  webhookSecret: givenWebhookSecret,
  webhookUrl,
  port = 0,
  webhookRetries = 3,
  stateFile,
}: RazorpayFakeOptions = {}): Promise<RazorpayFake> => {
  const kept = stateFile ? readAccount(stateFile) : null;
  const keySecret = givenKeySecret ?? kept?.keySecret ?? randomBytes(18).toString('base64url');
  const webhookSecret = givenWebhookSecret ?? kept?.webhookSecret ?? randomBytes(18).toString('base64url');
  const webhooks = new WebhookDispatcher(webhookSecret, webhookUrl ?? null, webhookRetries);
  const store = new RazorpayStore(keySecret, (events) => webhooks.enqueue(events));
  if (kept) restoreAccount(store, kept);
  const save = () => {
    if (stateFile) writeAccount(stateFile, accountOf(store, webhookSecret));
  };
  save();
  /** Runs a change of the account and keeps it (when a state file is set), even when the change fails midway. */
  const changing = async <T>(work: () => T | Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      save();
    }
  };
  /** A request that may change the account (GETs read only). */
  const handling = <T>(req: IncomingMessage, work: () => Promise<T>): Promise<T> =>
    req.method === 'GET' ? work() : changing(work);
  const setDelivery = ({ failRefunds, doublePayments, ...switches }: DeliverySwitches) => {
    if (failRefunds !== undefined) store.failRefunds = failRefunds;
    if (doublePayments !== undefined) store.doublePayments = doublePayments;
    Object.assign(
      webhooks.switches,
      Object.fromEntries(Object.entries(switches).filter(([, value]) => value !== undefined)),
    );
    if (switches.paused === false) void webhooks.drain();
  };
  const context = { store, webhooks, keyId, setDelivery };
  let origin = '';
  const api = restApi(store, { keyId, keySecret }, () => `${origin}/v1/checkout.js#${newId('i')}`);
  const checkout = checkoutRoutes(context);
  const controls = controlRoutes(context);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    // The SDK prefixes `/v1` itself: accept a base URL that already ends in `/v1` too.
    const path = url.pathname.replace(/^\/v1(?=\/v1\/)/, '');
    if (path === '/v1/checkout.js') {
      res.writeHead(200, {
        'content-type': 'application/javascript; charset=utf-8',
        'access-control-allow-origin': '*',
        'cache-control': 'no-cache',
      });
      res.end(CHECKOUT_SCRIPT);
      return;
    }
    if (path.startsWith('/_checkout/')) {
      if (req.method === 'OPTIONS') return sendPreflight(res);
      const { status, body } = await handling(req, () =>
        checkout(req, path.slice('/_checkout'.length), url.searchParams),
      );
      return sendJson(res, status, body, true);
    }
    if (path.startsWith('/_control/')) {
      const { status, body } = await handling(req, () => controls(req, path.slice('/_control'.length)));
      return sendJson(res, status, body);
    }
    if (path.startsWith('/v1/')) {
      const { status, body } = await handling(req, () =>
        api(req, path.slice('/v1'.length), url.searchParams),
      );
      return sendJson(res, status, body);
    }
    sendJson(res, 404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, {
          error: {
            code: 'SERVER_ERROR',
            description: error instanceof Error ? error.message : 'Internal error',
          },
        });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    apiUrl: `${origin}/v1`,
    // Browsers get `localhost`: the e2e Chromium resolves nothing else (not even 127.0.0.1).
    checkoutUrl: `http://localhost:${new URL(origin).port}/v1/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    setWebhookUrl: (next) => webhooks.setUrl(next),
    setDelivery,
    flushWebhooks: () => webhooks.flush(),
    deliveries: webhooks.deliveries,
    events: webhooks.events,
    redeliver: (eventId, times = 1) => webhooks.redeliver(eventId, times),
    signWebhook: (body) => webhooks.sign(body),
    pay: (target, method = 'upi') => changing(() => payTarget(store, target, { method })),
    fail: (target) =>
      changing(() => ({
        paymentId: failTarget(store, target, { method: 'upi' }).error.metadata.payment_id,
      })),
    advanceSubscription: (id, outcome) => changing(() => advanceSubscription(store, id, outcome)),
    forgetPlans: () => changing(() => forgetPlans(store)),
    stop: async () => {
      await webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type {
  CheckoutResponse,
  DeliverySwitches,
  PayMethod,
  PayTarget,
  RazorpayFake,
  RazorpayFakeOptions,
  RazorpayOrderEntity,
  RazorpayPaymentEntity,
  RazorpayPlanEntity,
  RazorpayRefundEntity,
  RazorpaySubscriptionEntity,
  SubscriptionOutcome,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventName,
} from './types';
