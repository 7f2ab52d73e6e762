import type { IncomingMessage } from 'node:http';
import { failTarget, payTarget, payerFrom, targetFrom } from './actions';
import type { ApiAnswer } from './rest-api';
import type { JsonObject } from './http';
import { RazorpayApiError, badRequest, readBody } from './http';
import type { RazorpayStore } from './state';
import { advanceSubscription, forgetPlans } from './subscriptions';
import type { DeliverySwitches, SubscriptionOutcome } from './types';
import type { WebhookDispatcher } from './webhooks';

type Context = {
  store: RazorpayStore;
  webhooks: WebhookDispatcher;
  keyId: string;
  setDelivery(options: DeliverySwitches): void;
};

const answer = async (work: () => unknown): Promise<ApiAnswer> => {
  try {
    return { status: 200, body: await work() };
  } catch (error) {
    if (error instanceof RazorpayApiError) return { status: error.status, body: error.body() };
    throw error;
  }
};

/** Checkout's own calls from the browser (any origin; the key must be ours, as real Checkout checks). */
export const checkoutRoutes = ({ store, keyId }: Context) => {
  const checkKey = (key: unknown) => {
    if (key !== keyId) throw badRequest('The api key provided is invalid', 'key');
  };
  return async (req: IncomingMessage, path: string, query: URLSearchParams): Promise<ApiAnswer> =>
    answer(async () => {
      if (req.method === 'GET' && path === '/describe') {
        checkKey(query.get('key'));
        const target = targetFrom(Object.fromEntries(query));
        if ('orderId' in target) {
          const order = store.find(store.orders, target.orderId);
          return { amount: order.amount_due, currency: order.currency };
        }
        const record = store.find(store.subscriptions, target.subscriptionId);
        const sub = record.entity;
        const plan = store.find(store.plans, sub.plan_id);
        const recurring = plan.item.amount * sub.quantity;
        const upfront = (record.addons ?? []).reduce((sum, addon) => sum + addon.amount, 0);
        // A future start_at (a free trial, a plan change, a promo code's first period): Checkout takes the upfront
        // amount (kept), or without one only the refunded authorisation payment (₹1 by UPI, the method it opens
        // on), and says when the plan's amount is first charged.
        if (sub.start_at !== null && sub.start_at > Math.floor(Date.now() / 1000))
          return {
            amount: upfront || 100,
            currency: plan.item.currency,
            recurringAmount: recurring,
            startAt: sub.start_at,
            ...(upfront ? { upfront: true } : {}),
          };
        return { amount: recurring + upfront, currency: plan.item.currency };
      }
      if (req.method !== 'POST') throw new RazorpayApiError(404, 'Not found');
      const body = await readBody(req);
      checkKey(body.key);
      if (path === '/pay') return payTarget(store, targetFrom(body), payerFrom(body));
      if (path === '/fail') return failTarget(store, targetFrom(body), payerFrom(body));
      throw new RazorpayApiError(404, 'Not found');
    });
};

const OUTCOMES: readonly SubscriptionOutcome[] = ['charged', 'pending', 'halted'];

const switchesFrom = (body: JsonObject): DeliverySwitches => {
  const switches: DeliverySwitches = {};
  if (typeof body.duplicates === 'number') switches.duplicates = body.duplicates;
  if (typeof body.delayMs === 'number') switches.delayMs = body.delayMs;
  if (typeof body.reorder === 'boolean') switches.reorder = body.reorder;
  if (typeof body.paused === 'boolean') switches.paused = body.paused;
  if (typeof body.failRefunds === 'boolean') switches.failRefunds = body.failRefunds;
  if (typeof body.doublePayments === 'boolean') switches.doublePayments = body.doublePayments;
  return switches;
};

/**
 * Test controls for journeys run against another process (`npm start`): the same operations the in-process
 * `RazorpayFake` offers. Local use only: no auth, the fake listens on 127.0.0.1.
 */
export const controlRoutes = (context: Context) => {
  const { store, webhooks } = context;
  return async (req: IncomingMessage, path: string): Promise<ApiAnswer> =>
    answer(async () => {
      if (req.method === 'GET' && path === '/deliveries')
        return {
          deliveries: webhooks.deliveries,
          events: webhooks.events.map(({ id, event }) => ({ id, event })),
        };
      if (req.method !== 'POST') throw new RazorpayApiError(404, 'Not found');
      const body = await readBody(req);
      switch (path) {
        case '/pay':
          return payTarget(store, targetFrom(body), payerFrom(body));
        case '/fail':
          return {
            paymentId: failTarget(store, targetFrom(body), payerFrom(body)).error.metadata.payment_id,
          };
        case '/advance': {
          const outcome = OUTCOMES.find((candidate) => candidate === body.outcome);
          if (!outcome || typeof body.subscriptionId !== 'string')
            throw badRequest('subscriptionId and outcome (charged | pending | halted) are required');
          advanceSubscription(store, body.subscriptionId, outcome);
          return { ok: true };
        }
        case '/delivery':
          context.setDelivery(switchesFrom(body));
          return { ok: true };
        case '/webhook-url':
          webhooks.setUrl(typeof body.url === 'string' && body.url ? body.url : null);
          return { ok: true };
        case '/flush':
          await webhooks.flush();
          return { ok: true };
        case '/forget-plans':
          return { forgotten: forgetPlans(store) };
        default:
          throw new RazorpayApiError(404, 'Not found');
      }
    });
};
