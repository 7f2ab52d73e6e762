import type { SubscriptionView } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import type { ApiClient } from '@web/shared/api/api-client';
import { ApiClientProvider } from '@web/shared/api/ApiClientProvider';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderHookWithApi } from '@web/test/render-hook';
import { paymentStrings as texts } from '../strings';
import { aSubscription, installFakeRazorpay } from '../testing/payments-test-kit';
import { paymentKeys } from './payment-keys';
import { useCancelSubscription } from './useSubscription';
import { useTitleCheckout } from './useTitleCheckout';

const USER = '65f0c0ffee00000000000001';

/** A client whose call (the DELETE) answers when the test says so: the optimistic state is visible in between. */
const heldClient = () => {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null = null;
  const client: ApiClient = {
    call: () =>
      new Promise<never>((resolve, reject) => {
        settle = { resolve: resolve as (value: unknown) => void, reject };
      }),
  };
  return {
    client,
    asked: () => settle !== null,
    answer: (value: unknown) => settle?.resolve(value),
    refuse: () =>
      settle?.reject(new ApiRequestError(500, { code: 'INTERNAL', message: 'boom', correlationId: 'c' })),
  };
};

describe('useCancelSubscription (DECISIONS 15)', () => {
  const setup = (view: SubscriptionView) => {
    const held = heldClient();
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
    });
    queryClient.setQueryData(paymentKeys.subscription(USER), view);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={held.client}>{children}</ApiClientProvider>
      </QueryClientProvider>
    );
    const hook = renderHook(() => useCancelSubscription(USER), { wrapper });
    const cached = () => queryClient.getQueryData<SubscriptionView>(paymentKeys.subscription(USER));
    return { ...held, hook, cached };
  };

  it('shows the cancellation at once, then rolls back when the server refuses', async () => {
    const { hook, cached, refuse, asked } = setup(aSubscription());

    act(() => hook.result.current.mutate());
    await waitFor(() => expect(cached()?.activeUntil).toBe('2026-04-12T06:30:00.000Z'));
    expect(cached()).toMatchObject({ status: 'cancelled', nextBilling: null });

    await waitFor(() => expect(asked()).toBe(true));
    act(() => refuse());
    await waitFor(() => expect(hook.result.current.isError).toBe(true));
    expect(cached()).toEqual(aSubscription());
  });

  it("keeps the server's answer when it agrees", async () => {
    const { hook, cached, answer, asked } = setup(aSubscription());
    const server = aSubscription({
      status: 'active',
      nextBilling: null,
      activeUntil: '2026-04-12T06:30:00.000Z',
    });

    act(() => hook.result.current.mutate());
    await waitFor(() => expect(asked()).toBe(true));
    act(() => answer({ data: server, message: 'Subscription cancelled' }));

    await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
    expect(cached()).toEqual(server);
  });
});

describe('useTitleCheckout', () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  it("refuses without a movie id: 'Invalid movie ID', and nothing is sent", () => {
    const { result } = renderHookWithApi(() => useTitleCheckout(undefined), { apiBaseUrl: api.baseUrl });

    act(() => result.current.pay('purchase'));

    expect(result.current.outcome).toEqual({ tone: 'error', message: texts.invalidMovieId });
    expect(api.requests).toEqual([]);
  });

  it("reports 'Failed to process payment. Please try again.' when Checkout cannot be loaded", async () => {
    const razorpay = installFakeRazorpay();
    razorpay.uninstall();
    api.respond((_request, url) => {
      if (url.pathname === '/api/payments/create-order')
        return { status: 201, body: { id: 'order_X0000001', mode: 'order', amount: 1, currency: 'INR' } };
      // checkout.js is not served: the script fails to load.
      if (url.pathname === '/api/payments/config')
        return {
          status: 200,
          body: { keyId: 'k', checkoutUrl: `${api.baseUrl}/missing.js`, testMode: true, themeColor: '#000' },
        };
      return undefined;
    });
    const { result } = renderHookWithApi(() => useTitleCheckout('65f0c0ffee00000000000099'), {
      apiBaseUrl: api.baseUrl,
    });

    act(() => result.current.pay('purchase'));
    // jsdom does not fetch scripts: fail the one the loader added, as a browser would.
    await waitFor(() => expect(document.querySelector('script[data-razorpay-checkout]')).not.toBeNull());
    act(() => {
      document.querySelector('script[data-razorpay-checkout]')?.dispatchEvent(new Event('error'));
    });

    await waitFor(() =>
      expect(result.current.outcome).toEqual({ tone: 'error', message: texts.processFailed }),
    );
    expect(result.current.busy).toBe(false);
    expect(document.querySelector('script[data-razorpay-checkout]')).toBeNull();
  });
});

describe('Checkout script', () => {
  it('is added to the page once, however many presses ask for it, and resolves to window.Razorpay', async () => {
    const { loadRazorpayCheckout } = await import('../api/razorpay-checkout');
    const url = 'https://checkout.example/v1/checkout.js';

    const first = loadRazorpayCheckout(url);
    const second = loadRazorpayCheckout(url);
    const scripts = document.querySelectorAll(`script[src="${url}"]`);
    expect(scripts).toHaveLength(1);

    const razorpay = installFakeRazorpay();
    scripts[0].dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe((window as Window & { Razorpay?: unknown }).Razorpay);
    await expect(second).resolves.toBe((window as Window & { Razorpay?: unknown }).Razorpay);
    await expect(loadRazorpayCheckout(url)).resolves.toBeDefined();
    expect(document.querySelectorAll(`script[src="${url}"]`)).toHaveLength(1);
    razorpay.uninstall();
  });
});
