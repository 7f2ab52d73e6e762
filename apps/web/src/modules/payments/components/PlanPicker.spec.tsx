import { PaymentMessages, PromoMessages } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { renderApp, waitForPage } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { paymentStrings as texts } from '../strings';
import { paymentStringsHi } from '../strings.hi';
import { titleOrigin } from '../title-origin';
import {
  aCheckout,
  aCheckoutConfig,
  aRefundedDuplicate,
  aVerifyResult,
  IDEMPOTENCY_KEY,
  usePaymentsFakes,
  signedResponse,
  thePlans,
} from '../testing/payments-test-kit';

const subscriptionCheckout = aCheckout({
  id: 'sub_Test0001',
  mode: 'subscription',
  amount: 49_900,
  description: 'Standard: ₹499 / 3 months',
  planId: 'standard',
});

describe('/subscription', () => {
  /** Whether the server says Razorpay runs in test mode. */
  let testMode: boolean;

  const fakes = usePaymentsFakes((_request, url) => {
    if (url.pathname === '/api/plans') return { status: 200, body: { data: thePlans() } };
    if (url.pathname === '/api/payments/config') return { status: 200, body: aCheckoutConfig({ testMode }) };
    if (url.pathname === '/create-order') return { status: 201, body: subscriptionCheckout };
    if (url.pathname === '/api/payments/verify')
      return {
        status: 200,
        body: aVerifyResult({ planId: 'standard', kind: 'subscription' }),
      };
    return undefined;
  });
  const { sent, serve } = fakes;

  const orders = () => sent.filter((call) => call.path === '/create-order');
  const subscribeButton = () =>
    screen.getByRole('button', { name: /Subscribe Now|Processing/ }) as HTMLButtonElement;

  beforeEach(() => {
    testMode = true;
  });

  const open = async (state?: unknown) => {
    const view = renderApp({ path: '/subscription', apiBaseUrl: fakes.api.baseUrl });
    if (state) await act(() => view.router.navigate('/subscription', { state }));
    await waitForPage();
    await screen.findAllByRole('radio');
    return view;
  };

  it("shows 'Choose Your Plan' and the server's three plans; the button is ₹0 and disabled until one is chosen", async () => {
    serve();
    await open();

    screen.getByRole('heading', { level: 1, name: texts.choosePlan });
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    screen.getByRole('group', { name: texts.plansLabel });
    const standard = screen.getByRole('radio', { name: /^Standard/ });
    const card = standard.closest('label') as HTMLElement;
    within(card).getByText('₹499 / 3 months');
    within(card).getByText('₹166 per month');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(thePlans()[1].features);
    expect(subscribeButton().textContent).toBe('Subscribe Now for ₹0');
    expect(subscribeButton().disabled).toBe(true);

    fireEvent.click(standard);

    expect((standard as HTMLInputElement).checked).toBe(true);
    expect(card.className).toContain('chosen');
    expect(subscribeButton().textContent).toBe('Subscribe Now for ₹499');
    expect(subscribeButton().disabled).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: /^Premium/ }));
    expect(subscribeButton().textContent).toBe('Subscribe Now for ₹899');
    expect(card.className).not.toContain('chosen');
    await screen.findByText(texts.testMode);
  });

  it('shows the choice at once, before the router has put it in the URL (a CI journey caught the radio flipping back)', async () => {
    serve();
    const view = await open();
    // The router shows a new URL a moment later (in a transition); here it never gets to.
    let held: string | undefined;
    const replace = jest.spyOn(view.router.history, 'replace').mockImplementation((to) => {
      held = typeof to === 'string' ? to : to.search;
    });
    const basic = screen.getByRole('radio', { name: /^Basic/ }) as HTMLInputElement;

    fireEvent.click(basic);

    expect(basic.checked).toBe(true);
    expect(subscribeButton().textContent).toBe('Subscribe Now for ₹149');
    expect(held).toContain('plan=basic');
    replace.mockRestore();
  });

  it("shows each plan's lines in Hindi on the Hindi interface (issue 26), from the plan's facts", async () => {
    serve();
    await act(() => i18next.changeLanguage('hi'));
    try {
      await open();
      const premium = screen.getByRole('radio', { name: /^Premium/ }).closest('label') as HTMLElement;
      expect(
        within(premium)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        paymentStringsHi.planFeatures.free.best,
        paymentStringsHi.planFeatures.premiumIncluded.best,
        paymentStringsHi.planFeatures.earlyAccess,
        'एक समय में 4 स्क्रीन पर देखें',
      ]);
      const basic = screen.getByRole('radio', { name: /^Basic/ }).closest('label') as HTMLElement;
      within(basic).getByText(paymentStringsHi.planFeatures.premiumBuyOrRent);
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it('asks a visitor to sign in first, the way the route guard does, keeping the chosen plan', async () => {
    serve();
    const { router } = await open();

    fireEvent.click(screen.getByRole('radio', { name: /^Standard/ }));
    fireEvent.click(subscribeButton());

    await waitFor(() => expect(router.location.pathname).toBe('/userlogin'));
    expect(router.location.state).toEqual({
      from: { pathname: '/subscription', search: '?plan=standard', hash: '' },
    });
    expect(orders()).toHaveLength(0);
  });

  it('opens Checkout for the subscription, verifies it and goes to /payment-success with the title it came from', async () => {
    signInAs('user');
    serve();
    const { router } = await open({ from: { movieId: '65f0c0ffee00000000000099', title: 'Golden Hour' } });
    screen.getByText('Subscribe to watch "Golden Hour".');

    fireEvent.click(screen.getByRole('radio', { name: /^Standard/ }));
    fireEvent.click(subscribeButton());
    // A double click: the second press finds the button busy and makes no second order.
    fireEvent.click(subscribeButton());

    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
    expect(subscribeButton().textContent).toBe(texts.processing);
    expect(subscribeButton().disabled).toBe(true);
    expect(orders()).toHaveLength(1);
    expect(orders()[0].body).toEqual({
      planId: 'standard',
      idempotencyKey: expect.stringMatching(IDEMPOTENCY_KEY),
    });

    const checkout = fakes.razorpay.last();
    expect(checkout.opened).toBe(true);
    expect(checkout.options).toMatchObject({
      key: 'rzp_test_local',
      amount: 49_900,
      currency: 'INR',
      name: 'Streamly',
      description: 'Standard: ₹499 / 3 months',
      subscription_id: 'sub_Test0001',
      prefill: { email: 'user@streamly.in', name: 'Asha' },
      theme: { color: '#e11d48' },
    });
    expect(checkout.options).not.toHaveProperty('order_id');

    act(() => checkout.pay(signedResponse({ subscriptionId: 'sub_Test0001' })));

    await waitFor(() => expect(router.location.pathname).toBe('/payment-success'));
    expect(sent.find((call) => call.path === '/api/payments/verify')?.body).toEqual(
      signedResponse({ subscriptionId: 'sub_Test0001' }),
    );
    await screen.findByRole('heading', { level: 1, name: texts.paymentSuccessful });
    expect(screen.getByRole('link', { name: 'Continue watching Golden Hour' }).getAttribute('href')).toBe(
      '/movie/65f0c0ffee00000000000099',
    );
    expect(screen.getByRole('link', { name: texts.goHome }).getAttribute('href')).toBe('/userdashboard');
  });

  it('says a second plan refunded by itself here, never "Payment Successful!"', async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === '/api/payments/verify'
        ? { status: 200, body: aRefundedDuplicate({ planId: 'standard', kind: 'subscription' }) }
        : undefined,
    );
    const { router } = await open();
    fireEvent.click(screen.getByRole('radio', { name: /^Standard/ }));
    fireEvent.click(subscribeButton());
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));

    act(() => fakes.razorpay.last().pay(signedResponse({ subscriptionId: 'sub_Test0001' })));

    await screen.findByText(PaymentMessages.duplicateRefunded);
    // The access answers were refreshed: a celebration would have been asked for by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.location.pathname).toBe('/subscription');
    expect(screen.queryByRole('heading', { level: 1, name: texts.paymentSuccessful })).toBeNull();
  });

  it('makes a fresh idempotency key per press, and sends the same one again when a press retries', async () => {
    signInAs('user');
    let failures = 1;
    serve((_request, url) => {
      if (url.pathname === '/create-order' && failures > 0) {
        failures -= 1;
        return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down', correlationId: 'c' } };
      }
      return undefined;
    });
    await open();
    fireEvent.click(screen.getByRole('radio', { name: /^Basic/ }));

    fireEvent.click(subscribeButton());
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
    act(() => fakes.razorpay.last().dismiss());
    await screen.findByText(texts.dismissed);
    fireEvent.click(subscribeButton());
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(2));

    const keys = orders().map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("subscribes with a promo code: Checkout opens at the first period's price and the page says what follows", async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === '/create-order'
        ? {
            status: 201,
            body: {
              ...subscriptionCheckout,
              amount: 39_900,
              promo: { code: 'FIRST100', listPricePaise: 49_900, discountPaise: 10_000 },
            },
          }
        : undefined,
    );
    await open();
    fireEvent.click(screen.getByRole('radio', { name: /^Standard/ }));
    fireEvent.change(screen.getByLabelText(texts.promoLabel), { target: { value: 'first100' } });
    fireEvent.click(subscribeButton());

    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
    expect(orders()[0].body).toMatchObject({ planId: 'standard', promoCode: 'FIRST100' });
    expect(fakes.razorpay.last().options).toMatchObject({ subscription_id: 'sub_Test0001', amount: 39_900 });
    await screen.findByText(
      english('payments:promoAppliedPlan', { code: 'FIRST100', amount: '₹399', price: '₹499', count: 3 }),
    );
    screen.getByText(
      'Promo code FIRST100 applied: ₹399 for the first 3 months, then ₹499 every 3 months. Complete the payment in Checkout.',
    );
  });

  it("shows the server's words for a code that is not for plans, and opens no Checkout", async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === '/create-order'
        ? {
            status: 400,
            body: { code: 'VALIDATION_FAILED', message: PromoMessages.notApplicable, correlationId: 'c' },
          }
        : undefined,
    );
    await open();
    fireEvent.click(screen.getByRole('radio', { name: /^Basic/ }));
    fireEvent.change(screen.getByLabelText(texts.promoLabel), { target: { value: 'TITLES20' } });
    fireEvent.click(subscribeButton());

    await screen.findByText(PromoMessages.notApplicable);
    expect(fakes.razorpay.instances).toHaveLength(0);
  });

  it.each([
    [
      "'Failed to create order' when the order cannot be made",
      { status: 500, body: { code: 'INTERNAL', message: 'boom', correlationId: 'c' } },
      texts.createOrderFailed,
    ],
    [
      'the server message of a 409 as sent',
      {
        status: 409,
        body: { code: 'CONFLICT', message: 'You are already on this plan.', correlationId: 'c' },
      },
      'You are already on this plan.',
    ],
  ])('shows %s', async (_name, answer, text) => {
    signInAs('user');
    serve((_request, url) => (url.pathname === '/create-order' ? answer : undefined));
    await open();
    fireEvent.click(screen.getByRole('radio', { name: /^Standard/ }));
    fireEvent.click(subscribeButton());

    await screen.findByText(text);
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(fakes.razorpay.instances).toHaveLength(0);
    expect(subscribeButton().textContent).toBe('Subscribe Now for ₹499');
  });

  it("shows 'Failed to process payment. Please try again.' when Checkout reports a failed payment", async () => {
    signInAs('user');
    serve();
    const { router } = await open();
    fireEvent.click(screen.getByRole('radio', { name: /^Standard/ }));
    fireEvent.click(subscribeButton());
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));

    act(() => fakes.razorpay.last().fail());

    await screen.findByText(texts.processFailed);
    expect(sent.some((call) => call.path === '/api/payments/verify')).toBe(false);
    expect(router.location.pathname).toBe('/subscription');
    expect(subscribeButton().disabled).toBe(false);
  });

  it("shows 'Payment verification failed. Please contact support.' when the server refuses the signature", async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === '/api/payments/verify'
        ? {
            status: 400,
            body: { code: 'VALIDATION_FAILED', message: texts.verificationFailed, correlationId: 'c' },
          }
        : undefined,
    );
    const { router } = await open();
    fireEvent.click(screen.getByRole('radio', { name: /^Standard/ }));
    fireEvent.click(subscribeButton());
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));

    act(() => fakes.razorpay.last().pay(signedResponse({ subscriptionId: 'sub_Test0001' })));

    await screen.findByText(texts.verificationFailed);
    expect(router.location.pathname).toBe('/subscription');
  });

  it('shows no TEST MODE badge with live keys', async () => {
    testMode = false;
    serve();
    await open();
    await waitFor(() => expect(sent.some((call) => call.path === '/api/payments/config')).toBe(true));

    expect(screen.queryByText(texts.testMode)).toBeNull();
  });

  describe('the free trial offer (issue 27)', () => {
    const USER = '65f0c0ffee00000000000001';
    const trialPath = `/api/users/${USER}/trial`;
    const offer = (eligible: boolean) => ({
      status: 200,
      body: {
        eligible,
        planId: 'standard',
        days: 7,
        reason: eligible ? null : 'You’ve already had your free trial.',
      },
    });

    it('offers 7 days of Standard to an eligible account: Checkout authorises the mandate, then Payment Successful', async () => {
      signInAs('user');
      serve((request, url) => {
        if (url.pathname === trialPath && request.method === 'GET') return offer(true);
        if (url.pathname === trialPath && request.method === 'POST')
          return { status: 201, body: { ...subscriptionCheckout, id: 'sub_Trial0001' } };
        return undefined;
      });
      const { router } = await open();
      const box = await screen.findByRole('region', {
        name: english('payments:trialTitle', { count: 7, plan: 'Standard' }),
      });
      within(box).getByText(english('payments:trialLead', { count: 3, plan: 'Standard', price: '₹499' }));

      fireEvent.click(within(box).getByRole('button', { name: texts.startTrial }));
      await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
      const [start] = sent.filter((call) => call.path === trialPath && call.method === 'POST');
      expect(start.body).toEqual({ idempotencyKey: expect.stringMatching(IDEMPOTENCY_KEY) });
      expect(fakes.razorpay.last().options).toMatchObject({ subscription_id: 'sub_Trial0001' });
      expect(orders()).toEqual([]);

      act(() => fakes.razorpay.last().pay(signedResponse({ subscriptionId: 'sub_Trial0001' })));
      await waitFor(() => expect(router.location.pathname).toBe('/payment-success'));
    });

    it('offers nothing to an account that already had its trial', async () => {
      signInAs('user');
      serve((_request, url) => (url.pathname === trialPath ? offer(false) : undefined));
      await open();
      await waitFor(() => expect(sent.some((call) => call.path === trialPath)).toBe(true));
      expect(
        screen.queryByRole('region', {
          name: english('payments:trialTitle', { count: 7, plan: 'Standard' }),
        }),
      ).toBeNull();
    });
  });
});

describe('/payment-success', () => {
  const openWith = async (state: unknown) => {
    const rendered = renderApp({ path: '/' });
    await act(() => rendered.router.navigate('/payment-success', { state }));
    await waitForPage();
    return rendered;
  };

  it('has a link home and no title link when the payment did not start on a title', async () => {
    await openWith({ paid: { kind: 'subscription' } });

    await screen.findByRole('heading', { level: 1, name: texts.paymentSuccessful });
    expect(screen.getByRole('link', { name: texts.goHome }).getAttribute('href')).toBe('/userdashboard');
    expect(screen.queryByRole('link', { name: /Continue watching/ })).toBeNull();
  });

  it("leads back to a series' page when the payment started on a series", async () => {
    await openWith({
      paid: { kind: 'rental' },
      ...titleOrigin('65f05e0000000000000000aa', 'The Long Monsoon', 'series'),
    });

    const back = await screen.findByRole('link', {
      name: english('payments:continueWatching', { title: 'The Long Monsoon' }),
    });
    expect(back.getAttribute('href')).toBe('/tv-shows/65f05e0000000000000000aa');
  });

  it('opened without a payment just verified, celebrates nothing: a viewer goes to their subscription', async () => {
    signInAs('user');
    const { router } = await openWith(titleOrigin('65f0c0ffee00000000000099', 'Golden Hour'));

    await waitFor(() => expect(router.location.pathname).toBe('/userprofile'));
    expect(router.location.search).toBe('?tab=subscription');
    expect(screen.queryByRole('heading', { name: texts.paymentSuccessful })).toBeNull();
  });

  it('sends a visitor who opens it directly to the plans', async () => {
    window.localStorage.clear();
    const { router } = renderApp({ path: '/payment-success' });
    await waitForPage();

    await waitFor(() => expect(router.location.pathname).toBe('/subscription'));
    expect(screen.queryByRole('heading', { name: texts.paymentSuccessful })).toBeNull();
  });
});
