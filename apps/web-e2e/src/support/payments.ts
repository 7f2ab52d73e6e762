import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type {
  AdminOrder,
  AdminPayment,
  Checkout,
  CheckoutConfig,
  Page as ListPage,
  OwnedTitle,
  PlanId,
  TitleOrderKind,
  VerifyPaymentResult,
} from '@app/contracts';
import { expectStatus } from './accounts';
import { call, type SignedIn } from './api';

/**
 * Paying against the local Razorpay server (test mode): its `/_control` endpoints do what a payer does in Checkout
 * and hold its test switches; its Checkout modal is driven in the browser.
 */

let origin: Promise<string> | undefined;

/** Where the local Razorpay server listens, as the system's Checkout config names it. */
export const razorpayOrigin = (): Promise<string> =>
  (origin ??= (async () => {
    const config = await call<CheckoutConfig>('GET', '/api/payments/config');
    expectStatus(config, 200);
    if (!config.body.testMode) throw new Error('the system under test is not in Razorpay test mode');
    return new URL(config.body.checkoutUrl).origin;
  })());

/**
 * A test control of the local Razorpay server: `pay` / `fail` (Checkout's buttons), `delivery` (webhook and payment
 * switches), `forget-plans`, …
 */
export const razorpayControl = async <T = unknown>(
  control: string,
  body: Record<string, unknown> = {},
): Promise<T> => {
  const res = await fetch(`${await razorpayOrigin()}/_control/${control}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`razorpay ${control} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};

export const newIdempotencyKey = () => randomBytes(9).toString('hex');

/** Watch Now (purchase) or Rent Now (rental) as the web app asks for it. */
export const orderTitle = (
  user: SignedIn,
  movieId: string,
  kind: TitleOrderKind,
  idempotencyKey = newIdempotencyKey(),
) =>
  call<Checkout>('POST', '/api/payments/create-order', {
    token: user.token,
    body: { movieId, kind, idempotencyKey },
  });

/** Pays the order or subscription in Checkout and has the server verify it, as the web app does; throws unless 200. */
const payAndVerify = async (
  user: SignedIn,
  target: { orderId: string } | { subscriptionId: string },
): Promise<VerifyPaymentResult> => {
  const paid = await razorpayControl<Record<string, string>>('pay', target);
  const verified = await call<VerifyPaymentResult>('POST', '/api/payments/verify', {
    token: user.token,
    body: paid,
  });
  expectStatus(verified, 200);
  return verified.body;
};

/** Buys or rents the title through the API (order, Checkout's Pay, verify). */
export const acquireTitle = async (user: SignedIn, movieId: string, kind: TitleOrderKind) => {
  const checkout = await orderTitle(user, movieId, kind);
  expectStatus(checkout, 201);
  return payAndVerify(user, { orderId: checkout.body.id });
};

/** Subscribes to the plan through the API (SPEC's `/create-order`, Checkout's Pay, verify). */
export const subscribeTo = async (user: SignedIn, planId: PlanId) => {
  const checkout = await call<Checkout>('POST', '/create-order', {
    token: user.token,
    body: { planId, idempotencyKey: newIdempotencyKey() },
  });
  expectStatus(checkout, 201);
  return payAndVerify(user, { subscriptionId: checkout.body.id });
};

/** My titles, as the viewer's API answers it. */
export const titlesOf = async (user: SignedIn): Promise<OwnedTitle[]> => {
  const answer = await call<{ data: OwnedTitle[] }>('GET', `/api/users/${user.id}/titles`, {
    token: user.token,
  });
  expectStatus(answer, 200);
  return answer.body.data;
};

const adminList = async <T>(adminToken: string, list: 'orders' | 'payments', userId: string) => {
  const answer = await call<ListPage<T>>(
    'GET',
    `/api/admin/payments/${list}?userId=${userId}&page=1&pageSize=100`,
    { token: adminToken },
  );
  expectStatus(answer, 200);
  return answer.body.data;
};

/** The user's payments as the admin payments console lists them. */
export const paymentsOf = (adminToken: string, userId: string) =>
  adminList<AdminPayment>(adminToken, 'payments', userId);

/** The user's title orders as the admin payments console lists them. */
export const ordersOf = (adminToken: string, userId: string) =>
  adminList<AdminOrder>(adminToken, 'orders', userId);

/** Razorpay Checkout's modal (the local server's checkout.js) in test mode. */
export const checkoutModal = (page: Page) => page.getByRole('dialog').filter({ hasText: 'TEST MODE' });

/** Waits for Checkout's modal and presses Pay or Fail in it. */
export const payInCheckout = async (page: Page, button: 'Pay' | 'Fail') => {
  const modal = checkoutModal(page);
  await modal.waitFor();
  await modal.getByRole('button', { name: button, exact: true }).click();
  return modal;
};
