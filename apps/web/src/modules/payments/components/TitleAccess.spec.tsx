import type { Entitlement, MovieDetail, VerifyPaymentResult } from '@app/contracts';
import { PaymentMessages, PromoMessages } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '@web/modules/auth/components/AuthProvider';
import { authStrings } from '@web/modules/auth/strings';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { createApiClient } from '@web/shared/api/api-client';
import { ApiClientProvider } from '@web/shared/api/ApiClientProvider';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { paymentKeys } from '../hooks/payment-keys';
import { english } from '@web/shared/i18n/english';
import { paymentStrings as texts } from '../strings';
import { paymentStringsHi } from '../strings.hi';
import {
  aCheckout,
  aCheckoutConfig,
  anEntitlement,
  aRefundedDuplicate,
  aVerifyResult,
  IDEMPOTENCY_KEY,
  usePaymentsFakes,
  signedResponse,
} from '../testing/payments-test-kit';
import { profileKeys } from '@web/modules/profiles/hooks/profile-keys';
import { aProfile } from '@web/modules/profiles/testing/profiles-test-kit';
import { TitleAccess } from './TitleAccess';

const ID = '65f0c0ffee00000000000099';
const movie = (): MovieDetail => ({
  ...aMovie({ id: ID, title: 'Golden Hour', access: 'premium', rating: 8.6, mediaReady: true }),
  topReviews: [],
});
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('access panel on /movie/:id', () => {
  let entitlement: Entitlement;
  let verifyReply: VerifyPaymentResult;

  const fakes = usePaymentsFakes((_request, url) => {
    if (url.pathname === `/api/movies/${ID}`) return { status: 200, body: movie() };
    if (url.pathname === `/api/entitlements/${ID}`) return { status: 200, body: entitlement };
    if (url.pathname === '/api/payments/config') return { status: 200, body: aCheckoutConfig() };
    if (url.pathname === '/api/payments/create-order')
      return { status: 201, body: aCheckout({ id: 'order_Rent0001', amount: 50_000, movieId: ID }) };
    if (url.pathname === '/api/payments/verify') {
      entitlement = anEntitlement({
        canWatch: true,
        reason: 'rental',
        quality: '1080p',
        rental: {
          rentedAt: new Date().toISOString(),
          startBy: new Date(Date.now() + 30 * DAY).toISOString(),
          startedAt: null,
          expiresAt: null,
        },
        waysIn: { plans: [], purchaseInr: null, rentalInr: null },
      });
      return {
        status: 200,
        body: verifyReply,
      };
    }
    return undefined;
  });
  const { sent, serve } = fakes;

  const panel = async (name: string | RegExp) => screen.findByRole('complementary', { name });

  beforeEach(async () => {
    entitlement = anEntitlement();
    verifyReply = aVerifyResult({ movieId: ID, kind: 'rental' });
  });

  const open = async () => {
    const view = renderApp({ path: `/movie/${ID}`, apiBaseUrl: fakes.api.baseUrl });
    await waitForPage();
    await screen.findByRole('heading', { level: 1, name: 'Golden Hour' });
    return view;
  };

  it('offers every way into a premium title: subscribe from the cheapest plan, buy, and SPEC’s rent box', async () => {
    signInAs('user');
    serve();
    const { router } = await open();

    const box = await panel(texts.rentTitle);
    await within(box).findByText('Premium title: subscribe from ₹499, buy ₹1200 or rent ₹500');
    within(box).getByText('48 hours');
    within(box).getByText('₹500');
    within(box).getByRole('button', { name: texts.rentNow });
    within(box).getByRole('button', { name: 'Buy ₹1200' });
    await within(box).findByText(texts.testMode);

    fireEvent.click(within(box).getByRole('link', { name: 'Subscribe from ₹499' }));
    await waitFor(() => expect(router.location.pathname).toBe('/subscription'));
    expect(router.location.state).toEqual({ from: { movieId: ID, title: 'Golden Hour' } });
  });

  it('offers the ways in in Hindi, the prices in rupees grouped the Indian way (issue 26)', async () => {
    signInAs('user');
    serve();
    await open();
    await panel(texts.rentTitle);

    await act(() => i18next.changeLanguage('hi'));

    const box = await panel(paymentStringsHi.rentTitle);
    within(box).getByText('प्रीमियम टाइटल: ₹499 से सदस्यता लें, ₹1200 में खरीदें या ₹500 में किराये पर लें');
    within(box).getByText(paymentStringsHi.rentHours);
    within(box).getByRole('button', { name: paymentStringsHi.rentNow });
    within(box).getByRole('button', { name: '₹1200 में खरीदें' });
    within(box).getByRole('link', { name: '₹499 से सदस्यता लें' });
    within(box).getByText(paymentStringsHi.rentStartWindow);
  });

  it("rents: one order, Checkout with the order, verify, the panel updates and it ends on 'Payment Successful!'", async () => {
    signInAs('user');
    serve();
    const { router } = await open();
    const box = await panel(texts.rentTitle);
    const rentNow = await within(box).findByRole('button', { name: texts.rentNow });

    fireEvent.click(rentNow);
    fireEvent.click(rentNow);
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));

    const orders = sent.filter((call) => call.path === '/api/payments/create-order');
    expect(orders).toHaveLength(1);
    expect(orders[0].body).toEqual({
      movieId: ID,
      kind: 'rental',
      idempotencyKey: expect.stringMatching(IDEMPOTENCY_KEY),
    });
    expect(fakes.razorpay.last().options).toMatchObject({ order_id: 'order_Rent0001', amount: 50_000 });
    expect(fakes.razorpay.last().options).not.toHaveProperty('subscription_id');

    act(() => fakes.razorpay.last().pay(signedResponse({ orderId: 'order_Rent0001' })));

    const updated = await panel(texts.accessHeading);
    await within(updated).findByText('Rented: 30 days to start');
    within(updated).getByText(texts.success);
    expect(within(updated).queryByRole('button', { name: texts.rentNow })).toBeNull();

    // A rental ends the way a purchase and a plan do: on /payment-success, with the way back to the title.
    await waitFor(() => expect(router.location.pathname).toBe('/payment-success'));
    await screen.findByRole('heading', { level: 1, name: texts.paymentSuccessful });
    expect(
      screen
        .getByRole('link', { name: english('payments:continueWatching', { title: 'Golden Hour' }) })
        .getAttribute('href'),
    ).toBe(`/movie/${ID}`);
  });

  /** Rent Now, Checkout pays, verify answers `verifyReply`; resolves once the panel shows the new rental. */
  const rentAndPay = async () => {
    signInAs('user');
    serve();
    const view = await open();
    const box = await panel(texts.rentTitle);
    fireEvent.click(await within(box).findByRole('button', { name: texts.rentNow }));
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
    act(() => fakes.razorpay.last().pay(signedResponse({ orderId: 'order_Rent0001' })));
    return view;
  };

  it.each([
    ['in its own words', PaymentMessages.duplicateRefunded],
    // The verdict is the reply's `outcome`: a refund worded like a success is still not celebrated.
    ['even worded like a success', PaymentMessages.success],
  ])(
    'says a refunded second payment where the viewer paid, never "Payment Successful!" (%s)',
    async (_name, message) => {
      verifyReply = aRefundedDuplicate({ message, movieId: ID, kind: 'rental' });
      const { router } = await rentAndPay();

      const updated = await panel(texts.accessHeading);
      await within(updated).findByText('Rented: 30 days to start');
      within(updated).getByText(message);
      // The access answers were refetched: a celebration would have been asked for by now.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(router.location.pathname).toBe(`/movie/${ID}`);
      expect(screen.queryByRole('heading', { level: 1, name: texts.paymentSuccessful })).toBeNull();
    },
  );

  it('celebrates a paid verdict whatever its words', async () => {
    verifyReply = aVerifyResult({ message: 'Paid, thank you.', movieId: ID, kind: 'rental' });
    const { router } = await rentAndPay();

    await waitFor(() => expect(router.location.pathname).toBe('/payment-success'));
    await screen.findByRole('heading', { level: 1, name: texts.paymentSuccessful });
  });

  it.each([
    [
      'Watch Now on a title already owned: the 409 as sent',
      { status: 409, body: { code: 'CONFLICT', message: 'You already own this title.', correlationId: 'c' } },
      'You already own this title.',
    ],
    [
      'a title the server does not know',
      { status: 404, body: { code: 'NOT_FOUND', message: texts.invalidMovieId, correlationId: 'c' } },
      texts.invalidMovieId,
    ],
    [
      'any other failure',
      { status: 500, body: { code: 'INTERNAL', message: 'boom', correlationId: 'c' } },
      texts.createOrderFailed,
    ],
  ])('shows the create-order error for %s', async (_name, answer, text) => {
    signInAs('user');
    serve((_request, url) => (url.pathname === '/api/payments/create-order' ? answer : undefined));
    await open();
    const box = await panel(texts.rentTitle);

    fireEvent.click(await within(box).findByRole('button', { name: 'Buy ₹1200' }));

    await within(box).findByText(text);
    expect(fakes.razorpay.instances).toHaveLength(0);
  });

  it('pays with a promo code: the server prices it, Checkout opens at that price and the panel says so', async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === '/api/payments/create-order'
        ? {
            status: 201,
            body: aCheckout({
              id: 'order_Promo0001',
              amount: 102_000,
              movieId: ID,
              promo: { code: 'DIWALI15', listPricePaise: 120_000, discountPaise: 18_000 },
            }),
          }
        : undefined,
    );
    await open();
    const box = await panel(texts.rentTitle);
    fireEvent.change(within(box).getByLabelText(texts.promoLabel), { target: { value: 'diwali15' } });
    fireEvent.click(await within(box).findByRole('button', { name: 'Buy ₹1200' }));

    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
    const [order] = sent.filter((call) => call.path === '/api/payments/create-order');
    expect(order.body).toMatchObject({ movieId: ID, kind: 'purchase', promoCode: 'DIWALI15' });
    expect(fakes.razorpay.last().options).toMatchObject({ order_id: 'order_Promo0001', amount: 102_000 });
    await within(box).findByText(
      english('payments:promoApplied', { code: 'DIWALI15', listPrice: '₹1200', amount: '₹1020' }),
    );
  });

  it('asks the billing state once, at the first payment: saved before the order is made', async () => {
    signInAs('user');
    serve((request, url) => {
      if (url.pathname !== '/api/users/65f0c0ffee00000000000001/billing-profile') return undefined;
      return request.method === 'PUT'
        ? { status: 200, body: { state: '27', gstin: null } }
        : { status: 200, body: { state: null, gstin: null } };
    });
    await open();
    const box = await panel(texts.rentTitle);
    const state = await within(box).findByLabelText(texts.billingStateAsk);
    fireEvent.click(within(box).getByRole('button', { name: 'Buy ₹1200' }));
    await within(box).findByText(texts.billingStateNeeded);
    expect(sent.filter((call) => call.path === '/api/payments/create-order')).toEqual([]);

    fireEvent.change(state, { target: { value: '27' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Buy ₹1200' }));
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
    const calls = sent.filter((call) => call.method === 'PUT' || call.path === '/api/payments/create-order');
    expect(calls.map((call) => [call.method, call.path])).toEqual([
      ['PUT', '/api/users/65f0c0ffee00000000000001/billing-profile'],
      ['POST', '/api/payments/create-order'],
    ]);
    expect(calls[0].body).toEqual({ state: '27', gstin: null });
  });

  it("shows the server's words for a promo code it refuses, and opens no Checkout", async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === '/api/payments/create-order'
        ? {
            status: 400,
            body: { code: 'VALIDATION_FAILED', message: PromoMessages.expired, correlationId: 'c' },
          }
        : undefined,
    );
    await open();
    const box = await panel(texts.rentTitle);
    fireEvent.change(within(box).getByLabelText(texts.promoLabel), { target: { value: 'OLDCODE' } });
    fireEvent.click(await within(box).findByRole('button', { name: 'Buy ₹1200' }));

    await within(box).findByText(PromoMessages.expired);
    expect(fakes.razorpay.instances).toHaveLength(0);
  });

  it('tells an unverified account to verify its email before paying, with Resend (not "Failed to create order")', async () => {
    signInAs('user', { emailVerified: false });
    serve((request, url) => {
      if (url.pathname === '/api/payments/create-order')
        return {
          status: 403,
          body: { code: 'FORBIDDEN', message: texts.verifyEmailFirst, correlationId: 'c' },
        };
      if (url.pathname === '/api/auth/verify-email/resend' && request.method === 'POST')
        return { status: 200, body: { message: 'sent' } };
      return undefined;
    });
    await open();
    const box = await panel(texts.rentTitle);

    fireEvent.click(await within(box).findByRole('button', { name: 'Rent Now' }));

    const alert = await within(box).findByRole('alert');
    await within(alert).findByText(texts.verifyEmailFirst);
    expect(within(box).queryByText(texts.createOrderFailed)).toBeNull();
    expect(fakes.razorpay.instances).toHaveLength(0);
    fireEvent.click(within(alert).getByRole('button', { name: authStrings.verification.resend }));
    await within(alert).findByText(authStrings.verification.resent);
    expect(sent.filter(({ path }) => path === '/api/auth/verify-email/resend')).toHaveLength(1);
  });

  it.each([
    [
      'You can watch this: included in Standard',
      anEntitlement({ canWatch: true, reason: 'plan', plan: { id: 'standard', name: 'Standard' } }),
    ],
    ['Free to watch', anEntitlement({ access: 'free', canWatch: true, reason: 'free' })],
    [
      'You own this',
      anEntitlement({ canWatch: true, reason: 'purchase', purchasedAt: '2026-02-01T06:30:00.000Z' }),
    ],
  ])('says "%s" and offers nothing to buy', async (text, answer) => {
    signInAs('user');
    entitlement = { ...answer, waysIn: { plans: [], purchaseInr: null, rentalInr: null } };
    serve();
    await open();

    const box = await panel(texts.accessHeading);
    await within(box).findByText(text);
    expect(within(box).queryByRole('button')).toBeNull();
  });

  it('asks a visitor to sign in, listing the ways in, and brings them back after signing in', async () => {
    entitlement = anEntitlement({ reason: 'sign-in-required' });
    serve();
    const { router } = await open();

    const box = await panel(texts.signInToWatch);
    await within(box).findByText('With an account: subscribe from ₹499, buy ₹1200 or rent ₹500.');
    fireEvent.click(within(box).getByRole('link', { name: texts.signIn }));
    await waitFor(() => expect(router.location.pathname).toBe('/userlogin'));
    expect(router.location.state).toEqual({ from: { pathname: `/movie/${ID}`, search: '', hash: '' } });
  });

  it('keeps the ways in on screen when the access answer fails (never an error where a way in exists)', async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === `/api/entitlements/${ID}`
        ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down', correlationId: 'c' } }
        : undefined,
    );
    await open();

    const box = await panel(texts.rentTitle);
    await within(box).findByText('Premium title: buy ₹1200 or rent ₹500');
    within(box).getByRole('button', { name: texts.rentNow });
    // The only thing said above them: payments are unavailable (TitleAccessPaymentsDown.spec.tsx), no other error.
    expect(
      within(box)
        .getAllByRole('alert')
        .map((alert) => alert.textContent)
        .filter(Boolean),
    ).toEqual(['Payments are unavailable right now. Everything else works; try again in a moment.Try Again']);
  });
});

describe('access panel countdown', () => {
  const NOW = Date.parse('2026-03-01T06:30:00.000Z');

  beforeEach(() => {
    window.localStorage.clear();
    signInAs('user');
    jest.useFakeTimers({ now: NOW });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const renderWith = (answer: Entitlement) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(paymentKeys.entitlement(ID, '65f0c0ffee00000000000001'), answer);
    // The viewer's profile is known too (issue 25: a panel holds prices back until it knows it is not a kids one).
    const adult = aProfile();
    queryClient.setQueryData(profileKeys.list('user-token'), {
      profiles: [adult],
      currentProfileId: adult.id,
    });
    render(
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={createApiClient('http://127.0.0.1:9')}>
          <AuthProvider>
            <MemoryRouter>
              <TitleAccess movie={movie()} placement="page" />
            </MemoryRouter>
          </AuthProvider>
        </ApiClientProvider>
      </QueryClientProvider>,
    );
  };

  const rentalStartedAgo = (hoursAgo: number): Entitlement =>
    anEntitlement({
      canWatch: true,
      reason: 'rental',
      rental: {
        rentedAt: new Date(NOW - 2 * DAY).toISOString(),
        startBy: new Date(NOW + 28 * DAY).toISOString(),
        startedAt: new Date(NOW - hoursAgo * HOUR).toISOString(),
        expiresAt: new Date(NOW + (48 - hoursAgo) * HOUR).toISOString(),
      },
      waysIn: { plans: [], purchaseInr: 1200, rentalInr: null },
    });

  it('counts a started rental down live: hours, then minutes under an hour, then ended with the ways in again', () => {
    renderWith(rentalStartedAgo(7));
    screen.getByText('Rented: 41 h left');

    act(() => jest.advanceTimersByTime(2 * HOUR));
    screen.getByText('Rented: 39 h left');

    act(() => jest.advanceTimersByTime(38 * HOUR + 15 * 60_000));
    screen.getByText('Rented: 45 minutes left');

    act(() => jest.advanceTimersByTime(44 * 60_000));
    screen.getByText('Rented: 1 minute left');

    act(() => jest.advanceTimersByTime(60_000));
    screen.getByText(texts.rentalEnded);
    screen.getByRole('button', { name: 'Buy ₹1200' });
  });

  it('counts the days left to start an unstarted rental', () => {
    renderWith(
      anEntitlement({
        canWatch: true,
        reason: 'rental',
        rental: {
          rentedAt: new Date(NOW).toISOString(),
          startBy: new Date(NOW + 30 * DAY).toISOString(),
          startedAt: null,
          expiresAt: null,
        },
      }),
    );
    screen.getByText('Rented: 30 days to start');

    act(() => jest.advanceTimersByTime(29 * DAY + HOUR));
    screen.getByText('Rented: 1 day to start');
  });
});

describe('access panel in the detail modal', () => {
  let owned: boolean;
  const bodies: Record<string, unknown> = {};

  const fakes = usePaymentsFakes((_request, url, body) => {
    bodies[url.pathname] = body;
    if (url.pathname === `/api/entitlements/${ID}`)
      return {
        status: 200,
        body: owned
          ? anEntitlement({
              canWatch: true,
              reason: 'purchase',
              waysIn: { plans: [], purchaseInr: null, rentalInr: null },
            })
          : anEntitlement(),
      };
    if (url.pathname === '/api/payments/config') return { status: 200, body: aCheckoutConfig() };
    if (url.pathname === '/api/payments/create-order') return { status: 201, body: aCheckout() };
    if (url.pathname === '/api/payments/verify') {
      owned = true;
      return { status: 200, body: aVerifyResult({ movieId: ID }) };
    }
    return undefined;
  });

  beforeEach(() => {
    signInAs('user');
    owned = false;
    fakes.serve();
  });

  it("buys with Watch Now (₹1200): Checkout with the order, verify, 'Payment successful!', then 'You own this'", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={createApiClient(fakes.api.baseUrl)}>
          <AuthProvider>
            <MemoryRouter>
              <TitleAccess movie={movie()} placement="modal" />
            </MemoryRouter>
          </AuthProvider>
        </ApiClientProvider>
      </QueryClientProvider>,
    );

    // SPEC's button is there at once, held until the access answer says there is something to buy.
    const watchNow = screen.getByRole('button', { name: 'Watch Now (₹1200)' }) as HTMLButtonElement;
    expect(watchNow.disabled).toBe(true);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Watch Now (₹1200)' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Watch Now (₹1200)' }));
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
    expect(bodies['/api/payments/create-order']).toMatchObject({ movieId: ID, kind: 'purchase' });
    expect(fakes.razorpay.last().options).toMatchObject({
      order_id: 'order_Test0001',
      amount: 120_000,
      prefill: { email: 'user@streamly.in', name: 'Asha' },
    });

    act(() => fakes.razorpay.last().pay(signedResponse({ orderId: 'order_Test0001' })));

    await screen.findByText(texts.youOwnThis);
    screen.getByText(texts.success);
    expect(bodies['/api/payments/verify']).toEqual(signedResponse({ orderId: 'order_Test0001' }));
    // Owned now: Watch Now leads to the player, the title in the URL.
    expect(screen.getByRole('link', { name: texts.watchNow }).getAttribute('href')).toBe(
      `/video?movie=${ID}`,
    );
  });
});
