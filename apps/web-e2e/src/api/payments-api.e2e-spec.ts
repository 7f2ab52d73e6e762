import type {
  Checkout,
  Entitlement,
  MovieSections,
  SubscriptionView,
  VerifyPaymentResult,
} from '@app/contracts';
import { PaymentMessages } from '@app/contracts';
import { expectError, expectStatus } from '../support/accounts';
import { call, newUser, type SignedIn } from '../support/api';
import {
  newIdempotencyKey as newKey,
  orderTitle as order,
  razorpayControl,
  razorpayOrigin,
  titlesOf,
} from '../support/payments';

// The money side against the whole system started as `npm start` starts it, with the local Razorpay server standing
// in for Razorpay (its /_control endpoints do what a payer does in Checkout).

let premium: { id: string; title: string };
let free: { id: string };

/** What Checkout's Pay / Fail buttons do, for a test without a browser. */
const razorpay = <T>(action: 'pay' | 'fail', target: Record<string, string>): Promise<T> =>
  razorpayControl<T>(action, target);

const entitlementOf = async (user: SignedIn | null, movieId: string) => {
  const answer = await call<Entitlement>(
    'GET',
    `/api/entitlements/${movieId}`,
    user ? { token: user.token } : {},
  );
  expectStatus(answer, 200);
  return answer.body;
};

beforeAll(async () => {
  // Throws unless the system is in Razorpay test mode.
  await razorpayOrigin();
  const sections = await call<MovieSections>('GET', '/api/movies/sections');
  premium = sections.body.premium[0];
  free = sections.body.free[0];
});

describe('buying and renting a title', () => {
  it('buys a premium title: order at its price, pay, verify, then the entitlement says purchase', async () => {
    const asha = await newUser('buyer');
    expect(await entitlementOf(asha, premium.id)).toMatchObject({
      canWatch: false,
      reason: 'premium-required',
      waysIn: { purchaseInr: 1200, rentalInr: 500 },
    });

    const checkout = await order(asha, premium.id, 'purchase');
    expectStatus(checkout, 201);
    expect(checkout.body).toMatchObject({
      mode: 'order',
      amount: 120000,
      currency: 'INR',
      movieId: premium.id,
    });
    const paid = await razorpay<Record<string, string>>('pay', { orderId: checkout.body.id });
    const verified = await call<VerifyPaymentResult>('POST', '/api/payments/verify', {
      token: asha.token,
      body: paid,
    });

    expectStatus(verified, 200);
    expect(verified.body).toMatchObject({ message: PaymentMessages.success, kind: 'purchase' });
    expect(await entitlementOf(asha, premium.id)).toMatchObject({ canWatch: true, reason: 'purchase' });
    expect(await titlesOf(asha)).toEqual([
      expect.objectContaining({ movieId: premium.id, kind: 'purchase', active: true }),
    ]);

    // The same confirmation again (a reload, a retry) grants nothing more; buying again is refused.
    expectStatus(await call('POST', '/api/payments/verify', { token: asha.token, body: paid }), 200);
    expect(await titlesOf(asha)).toHaveLength(1);
    expectError(await order(asha, premium.id, 'purchase'), 409, PaymentMessages.alreadyOwned);
    expectError(await order(asha, premium.id, 'rental'), 409, PaymentMessages.rentOwned);
  });

  it('a double-clicked Rent Now makes one order; the rental waits 30 days to start', async () => {
    const ravi = await newUser('renter');
    const key = newKey();
    const [first, second] = await Promise.all([
      order(ravi, premium.id, 'rental', key),
      order(ravi, premium.id, 'rental', key),
    ]);
    expectStatus(first, 201);
    expectStatus(second, 201);
    expect(second.body.id).toBe(first.body.id);
    expect(first.body.amount).toBe(50000);

    const paid = await razorpay<Record<string, string>>('pay', { orderId: first.body.id });
    expectStatus(await call('POST', '/api/payments/verify', { token: ravi.token, body: paid }), 200);

    const entitlement = await entitlementOf(ravi, premium.id);
    expect(entitlement).toMatchObject({ canWatch: true, reason: 'rental', rental: { startedAt: null } });
    const days = (Date.parse(entitlement.rental?.startBy ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refuses a tampered signature and another user’s order, and grants nothing', async () => {
    const meera = await newUser('tamper');
    const kiran = await newUser('thief');
    const checkout = await order(meera, premium.id, 'purchase');
    const paid = await razorpay<Record<string, string>>('pay', { orderId: checkout.body.id });
    const tampered = {
      ...paid,
      razorpay_signature: paid.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    };

    expectError(
      await call('POST', '/api/payments/verify', { token: meera.token, body: tampered }),
      400,
      PaymentMessages.verificationFailed,
    );
    const stolen = await call('POST', '/api/payments/verify', { token: kiran.token, body: paid });
    expect([403, 404]).toContain(stolen.status);
    expect(await titlesOf(kiran)).toEqual([]);
    expect((await entitlementOf(kiran, premium.id)).canWatch).toBe(false);
  });

  it('a failed payment grants nothing', async () => {
    const dev = await newUser('declined');
    const checkout = await order(dev, premium.id, 'purchase');
    await razorpay('fail', { orderId: checkout.body.id });
    expect((await entitlementOf(dev, premium.id)).canWatch).toBe(false);
    expect(await titlesOf(dev)).toEqual([]);
  });

  it('free titles are watchable when signed in and are not for sale', async () => {
    const nia = await newUser('free');
    expect(await entitlementOf(null, free.id)).toMatchObject({ canWatch: false, reason: 'sign-in-required' });
    expect(await entitlementOf(nia, free.id)).toMatchObject({
      canWatch: true,
      reason: 'free',
      quality: '480p',
    });
    expectError(await order(nia, free.id, 'purchase'), 409, PaymentMessages.freeTitle);
  });
});

describe('subscribing to a plan', () => {
  it('subscribes to Standard: premium titles are included, cancel keeps access until the period ends', async () => {
    const sara = await newUser('subscriber');
    const plans = await call<{ data: Array<{ id: string; priceInr: number }> }>('GET', '/api/plans');
    expect(plans.body.data.map(({ id, priceInr }) => [id, priceInr])).toEqual([
      ['basic', 149],
      ['standard', 499],
      ['premium', 899],
    ]);

    const checkout = await call<Checkout>('POST', '/create-order', {
      token: sara.token,
      body: { planId: 'standard', idempotencyKey: newKey() },
    });
    expectStatus(checkout, 201);
    expect(checkout.body).toMatchObject({ mode: 'subscription', amount: 49900, planId: 'standard' });
    const paid = await razorpay<Record<string, string>>('pay', { subscriptionId: checkout.body.id });
    expect(paid).toHaveProperty('razorpay_subscription_id', checkout.body.id);
    expectStatus(await call('POST', '/api/payments/verify', { token: sara.token, body: paid }), 200);

    const current = await call<{ data: SubscriptionView }>('GET', `/api/users/${sara.id}/subscription`, {
      token: sara.token,
    });
    expect(current.body.data).toMatchObject({ planId: 'standard', status: 'active', activeUntil: null });
    expect(current.body.data.nextBilling).not.toBeNull();
    expect(await entitlementOf(sara, premium.id)).toMatchObject({
      canWatch: true,
      reason: 'plan',
      quality: '1080p',
      screens: 2,
    });

    const cancelled = await call<{ data: SubscriptionView }>('DELETE', `/api/users/${sara.id}/subscription`, {
      token: sara.token,
    });
    expectStatus(cancelled, 200);
    expect(cancelled.body.data).toMatchObject({
      nextBilling: null,
      activeUntil: current.body.data.currentEnd,
    });
    expect((await entitlementOf(sara, premium.id)).canWatch).toBe(true);
  });

  it('a viewer cannot read or cancel someone else’s plan', async () => {
    const one = await newUser('owner');
    const other = await newUser('snoop');
    expectStatus(await call('GET', `/api/users/${one.id}/subscription`, { token: other.token }), 403);
    expectStatus(await call('DELETE', `/api/users/${one.id}/subscription`, { token: other.token }), 403);
    expectStatus(await call('GET', `/api/users/${one.id}/titles`, { token: other.token }), 403);
  });
});
