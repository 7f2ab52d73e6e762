import type { IncomingMessage } from 'node:http';
import type { JsonObject } from './http';
import { RazorpayApiError, readBody } from './http';
import { capturePayment, createOrder, refundPayment } from './orders';
import type { RazorpayStore } from './state';
import { cancelSubscription, createPlan, createSubscription } from './subscriptions';

export type ApiAnswer = { status: number; body: unknown };

type Route = {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(match: string[], body: JsonObject, query: URLSearchParams): unknown;
};

/** Razorpay lists: newest first, `count` (default 10, at most 100) and `skip`. */
const collection = <T extends { created_at: number }>(items: Iterable<T>, query: URLSearchParams) => {
  const count = Math.min(100, Math.max(1, Number(query.get('count')) || 10));
  const skip = Math.max(0, Number(query.get('skip')) || 0);
  const page = [...items].reverse().slice(skip, skip + count);
  return { entity: 'collection', count: page.length, items: page };
};

const unauthorized = () => new RazorpayApiError(401, 'Authentication failed', undefined, 'NA').body();

/** The v1 REST API with Basic auth (key id : key secret), in the shapes the `razorpay` SDK reads. */
export const restApi = (
  store: RazorpayStore,
  credentials: { keyId: string; keySecret: string },
  shortUrl: (id: string) => string,
) => {
  const expected = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;
  const routes: Route[] = [
    { method: 'POST', pattern: /^\/orders$/, handle: (_, body) => createOrder(store, body) },
    {
      method: 'GET',
      pattern: /^\/orders$/,
      handle: (_, __, query) => collection(store.orders.values(), query),
    },
    { method: 'GET', pattern: /^\/orders\/([^/]+)$/, handle: ([id]) => store.find(store.orders, id) },
    {
      method: 'GET',
      pattern: /^\/orders\/([^/]+)\/payments$/,
      handle: ([id], _, query) => {
        store.find(store.orders, id);
        return collection(
          [...store.payments.values()].filter((payment) => payment.order_id === id),
          query,
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/payments$/,
      handle: (_, __, query) => collection(store.payments.values(), query),
    },
    { method: 'GET', pattern: /^\/payments\/([^/]+)$/, handle: ([id]) => store.find(store.payments, id) },
    {
      method: 'POST',
      pattern: /^\/payments\/([^/]+)\/capture$/,
      handle: ([id], body) => capturePayment(store, id, body),
    },
    {
      method: 'POST',
      pattern: /^\/payments\/([^/]+)\/refund$/,
      handle: ([id], body) => refundPayment(store, id, body),
    },
    {
      method: 'GET',
      pattern: /^\/payments\/([^/]+)\/refunds$/,
      handle: ([id], _, query) => {
        store.find(store.payments, id);
        return collection(
          [...store.refunds.values()].filter((refund) => refund.payment_id === id),
          query,
        );
      },
    },
    { method: 'GET', pattern: /^\/refunds\/([^/]+)$/, handle: ([id]) => store.find(store.refunds, id) },
    {
      method: 'GET',
      pattern: /^\/invoices$/,
      handle: (_, __, query) => {
        const subscriptionId = query.get('subscription_id');
        return collection(
          [...store.invoices.values()].filter(
            (invoice) => subscriptionId === null || invoice.subscription_id === subscriptionId,
          ),
          query,
        );
      },
    },
    { method: 'GET', pattern: /^\/invoices\/([^/]+)$/, handle: ([id]) => store.find(store.invoices, id) },
    { method: 'POST', pattern: /^\/plans$/, handle: (_, body) => createPlan(store, body) },
    {
      method: 'GET',
      pattern: /^\/plans$/,
      handle: (_, __, query) => collection(store.plans.values(), query),
    },
    { method: 'GET', pattern: /^\/plans\/([^/]+)$/, handle: ([id]) => store.find(store.plans, id) },
    {
      method: 'POST',
      pattern: /^\/subscriptions$/,
      handle: (_, body) => createSubscription(store, body, shortUrl),
    },
    {
      method: 'GET',
      pattern: /^\/subscriptions$/,
      handle: (_, __, query) =>
        collection(
          [...store.subscriptions.values()].map((record) => record.entity),
          query,
        ),
    },
    {
      method: 'GET',
      pattern: /^\/subscriptions\/([^/]+)$/,
      handle: ([id]) => store.find(store.subscriptions, id).entity,
    },
    {
      method: 'POST',
      pattern: /^\/subscriptions\/([^/]+)\/cancel$/,
      handle: ([id], body) => cancelSubscription(store, id, body),
    },
  ];

  /** `path` is below `/v1`. */
  return async (req: IncomingMessage, path: string, query: URLSearchParams): Promise<ApiAnswer> => {
    if (req.headers.authorization !== expected) return { status: 401, body: unauthorized() };
    try {
      const body = req.method === 'POST' ? await readBody(req) : {};
      for (const route of routes) {
        if (route.method !== req.method) continue;
        const match = route.pattern.exec(path);
        if (match) return { status: 200, body: route.handle(match.slice(1), body, query) };
      }
      // Razorpay's answer for an unknown URL.
      throw new RazorpayApiError(400, 'The requested URL was not found on the server.', undefined, 'NA');
    } catch (error) {
      if (error instanceof RazorpayApiError) return { status: error.status, body: error.body() };
      throw error;
    }
  };
};
