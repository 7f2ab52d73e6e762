import type { SubscriptionView } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { renderApp, waitForPage } from '@web/test/render-app';
import { paymentStrings as texts } from '../strings';
import { paymentStringsHi } from '../strings.hi';
import {
  aCheckout,
  aCheckoutConfig,
  aSubscription,
  aVerifyResult,
  IDEMPOTENCY_KEY,
  usePaymentsFakes,
  signedResponse,
  thePlans,
} from '../testing/payments-test-kit';

const USER = '65f0c0ffee00000000000001';
const SUBSCRIPTION = `/api/users/${USER}/subscription`;

describe('profile: Subscription tab', () => {
  let view: SubscriptionView | null;

  const fakes = usePaymentsFakes((request, url) => {
    if (url.pathname === '/api/plans') return { status: 200, body: { data: thePlans() } };
    if (url.pathname === '/api/payments/config') return { status: 200, body: aCheckoutConfig() };
    if (url.pathname === SUBSCRIPTION && request.method === 'GET')
      return { status: 200, body: { data: view } };
    if (url.pathname === SUBSCRIPTION && request.method === 'DELETE') {
      view = view && { ...view, status: 'cancelled', nextBilling: null, activeUntil: view.currentEnd };
      return { status: 200, body: { data: view, message: 'Subscription cancelled' } };
    }
    if (url.pathname === SUBSCRIPTION && request.method === 'PUT')
      return {
        status: 200,
        body: aCheckout({ id: 'sub_Change001', mode: 'subscription', amount: 89_900, planId: 'premium' }),
      };
    if (url.pathname === '/create-order')
      return {
        status: 201,
        body: aCheckout({ id: 'sub_New00001', mode: 'subscription', planId: 'basic' }),
      };
    if (url.pathname === '/api/payments/verify')
      return {
        status: 200,
        body: aVerifyResult({ planId: 'premium', kind: 'subscription' }),
      };
    return undefined;
  });
  const { sent, serve } = fakes;

  beforeEach(async () => {
    signInAs('user');
    view = aSubscription();
  });

  const open = async () => {
    const rendered = renderApp({ path: '/userprofile?tab=subscription', apiBaseUrl: fakes.api.baseUrl });
    await waitForPage();
    return { ...rendered, panel: await screen.findByRole('tabpanel', { name: texts.subscriptionTitle }) };
  };
  const fact = (panel: HTMLElement, term: string) =>
    within(panel).getByText(term).nextElementSibling?.textContent;

  it('shows the plan, its amount per month from the catalogue, the status and the next billing date (en-IN)', async () => {
    serve();
    const { panel } = await open();

    await within(panel).findByText('Standard');
    expect(fact(panel, texts.amountPerMonth)).toBe('₹166 / month');
    expect(fact(panel, texts.status)).toBe('Active');
    expect(fact(panel, texts.nextBilling)).toBe('12 April 2026');
    within(panel).getByRole('button', { name: texts.cancelSubscription });
  });

  it('reads the plan in Hindi: the amount in rupees, the status and the next billing date in hi-IN (issue 26)', async () => {
    serve();
    const { panel } = await open();
    await within(panel).findByText('Standard');

    await act(() => i18next.changeLanguage('hi'));

    const hi = paymentStringsHi;
    await within(panel).findByText(hi.currentPlan);
    expect(fact(panel, hi.amountPerMonth)).toBe('₹166 / माह');
    expect(fact(panel, hi.status)).toBe(hi.statuses.active);
    expect(fact(panel, hi.nextBilling)).toBe('12 अप्रैल 2026');
    within(panel).getByRole('button', { name: hi.cancelSubscription });
  });

  it('shows "Active until {date}" once cancelled, and "Changes to {plan} on {date}" when a change is scheduled', async () => {
    view = aSubscription({
      status: 'cancelled',
      nextBilling: null,
      activeUntil: '2026-04-12T06:30:00.000Z',
      scheduledChange: { planId: 'premium', planName: 'Premium', startsAt: '2026-04-12T06:30:00.000Z' },
    });
    serve();
    const { panel } = await open();

    await within(panel).findByText('Active until 12 April 2026');
    within(panel).getByText('Changes to Premium on 12 April 2026');
    expect(within(panel).queryByRole('button', { name: texts.cancelSubscription })).toBeNull();
  });

  /** The confirmation's own "Cancel Subscription". */
  const confirmCancel = async () =>
    within(await screen.findByRole('dialog', { name: texts.cancelConfirmTitle })).getByRole('button', {
      name: texts.cancelSubscription,
    });

  it('asks before cancelling, saying until when access lasts; "Keep Subscription" changes nothing', async () => {
    serve();
    const { panel } = await open();
    fireEvent.click(await within(panel).findByRole('button', { name: texts.cancelSubscription }));

    const dialog = await screen.findByRole('dialog', { name: texts.cancelConfirmTitle });
    within(dialog).getByText('You keep access until 12 April 2026');
    expect(sent.filter(({ method }) => method === 'DELETE')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: texts.keepSubscription }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fact(panel, texts.status)).toBe('Active');
    expect(sent.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });

  it("cancels: the server's answer shows Active until; an error rolls back with 'Failed to cancel subscription'", async () => {
    let refuse = true;
    serve((request, url) =>
      url.pathname === SUBSCRIPTION && request.method === 'DELETE' && refuse
        ? { status: 500, body: { code: 'INTERNAL', message: 'boom', correlationId: 'c' } }
        : undefined,
    );
    const { panel } = await open();
    fireEvent.click(await within(panel).findByRole('button', { name: texts.cancelSubscription }));
    fireEvent.click(await confirmCancel());

    await within(panel).findByText(texts.cancelFailed);
    expect(fact(panel, texts.nextBilling)).toBe('12 April 2026');
    expect(fact(panel, texts.status)).toBe('Active');

    refuse = false;
    fireEvent.click(within(panel).getByRole('button', { name: texts.cancelSubscription }));
    fireEvent.click(await confirmCancel());
    await within(panel).findByText('Active until 12 April 2026');
    expect(within(panel).queryByText(texts.cancelFailed)).toBeNull();
  });

  it('changes plan through Checkout: Change Plan lists the plans, the new one is authorised and scheduled', async () => {
    serve();
    const { panel } = await open();
    const toggle = await within(panel).findByRole('button', { name: texts.changePlan });

    fireEvent.click(toggle);
    // Open, the toggle says so without a second "Cancel" beside "Cancel Subscription".
    expect(toggle.textContent).toBe(texts.hidePlans);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).queryByRole('button', { name: 'Cancel' })).toBeNull();
    within(panel).getByText(texts.currentPlanBadge);
    fireEvent.click(within(panel).getByRole('button', { name: 'Switch to Premium' }));
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));

    const put = sent.find((call) => call.path === SUBSCRIPTION && call.method === 'PUT');
    expect(put?.body).toEqual({ planId: 'premium', idempotencyKey: expect.stringMatching(IDEMPOTENCY_KEY) });
    expect(fakes.razorpay.last().options).toMatchObject({ subscription_id: 'sub_Change001' });

    view = aSubscription({
      scheduledChange: { planId: 'premium', planName: 'Premium', startsAt: '2026-04-12T06:30:00.000Z' },
    });
    act(() => fakes.razorpay.last().pay(signedResponse({ subscriptionId: 'sub_Change001' })));

    await within(panel).findByText('Changes to Premium on 12 April 2026');
    within(panel).getByText(texts.success);

    fireEvent.click(toggle);
    expect(within(panel).queryByRole('button', { name: 'Switch to Premium' })).toBeNull();
  });

  it("shows 'Failed to change plan' when the change cannot be made", async () => {
    serve((request, url) =>
      url.pathname === SUBSCRIPTION && request.method === 'PUT'
        ? { status: 500, body: { code: 'INTERNAL', message: 'boom', correlationId: 'c' } }
        : undefined,
    );
    const { panel } = await open();
    fireEvent.click(await within(panel).findByRole('button', { name: texts.changePlan }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Switch to Basic' }));

    await within(panel).findByText(texts.changeFailed);
    expect(fakes.razorpay.instances).toHaveLength(0);
  });

  it("with no plan: 'No active subscription.' and one 'Subscribe to {plan}' button per plan", async () => {
    view = null;
    serve();
    const { panel, router } = await open();

    await within(panel).findByText(texts.noSubscription);
    expect(
      within(panel)
        .getAllByRole('button', { name: /^Subscribe to / })
        .map((button) => button.textContent),
    ).toEqual(['Subscribe to Basic', 'Subscribe to Standard', 'Subscribe to Premium']);

    fireEvent.click(within(panel).getByRole('button', { name: 'Subscribe to Basic' }));
    await waitFor(() => expect(fakes.razorpay.instances).toHaveLength(1));
    expect(sent.find((call) => call.path === '/create-order')?.body).toMatchObject({ planId: 'basic' });
    act(() => fakes.razorpay.last().pay(signedResponse({ subscriptionId: 'sub_New00001' })));

    await waitFor(() => expect(router.location.pathname).toBe('/payment-success'));
  });
});
