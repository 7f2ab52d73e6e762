import type {
  Checkout,
  CheckoutConfig,
  Entitlement,
  OwnedTitle,
  Plan,
  SubscriptionView,
  VerifyPaymentResult,
} from '@app/contracts';
import { PaymentMessages, VerifyOutcome } from '@app/contracts';
import { type FakeApi, type FakeRoute, startFakeApi } from '@web/test/fake-api';
import type {
  RazorpayConstructor,
  RazorpayFailure,
  RazorpayHandlerResponse,
  RazorpayOptions,
} from '../api/razorpay-checkout';

/** The catalogue of DECISIONS 1 and 26, as `GET /api/plans` answers it. */
export const thePlans = (): Plan[] => [
  {
    id: 'basic',
    name: 'Basic',
    priceInr: 149,
    months: 1,
    amountPerMonthInr: 149,
    quality: '720p',
    screens: 1,
    premiumContent: false,
    earlyAccess: false,
    features: ['Free titles up to 720p', 'Premium titles: buy or rent', 'Watch on 1 screen at a time'],
  },
  {
    id: 'standard',
    name: 'Standard',
    priceInr: 499,
    months: 3,
    amountPerMonthInr: 166,
    quality: '1080p',
    screens: 2,
    premiumContent: true,
    earlyAccess: false,
    features: [
      'Free titles up to 1080p',
      'Premium titles included, up to 1080p',
      'Watch on 2 screens at a time',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    priceInr: 899,
    months: 6,
    amountPerMonthInr: 149,
    quality: 'best',
    screens: 4,
    premiumContent: true,
    earlyAccess: true,
    features: [
      'Free titles in the best quality available',
      'Premium titles included, in the best quality available',
      'Early access to new releases',
      'Watch on 4 screens at a time',
    ],
  },
];

export const aCheckoutConfig = (overrides: Partial<CheckoutConfig> = {}): CheckoutConfig => ({
  keyId: 'rzp_test_local',
  checkoutUrl: 'http://127.0.0.1:9/v1/checkout.js',
  testMode: true,
  themeColor: '#e11d48',
  ...overrides,
});

export const aCheckout = (overrides: Partial<Checkout> = {}): Checkout => ({
  id: 'order_Test0001',
  mode: 'order',
  amount: 120_000,
  currency: 'INR',
  keyId: 'rzp_test_local',
  name: 'Streamly',
  description: 'Buy: The Long Walk',
  prefill: { email: 'user@streamly.in', name: 'Asha' },
  movieId: null,
  planId: null,
  ...overrides,
});

/** `POST /api/payments/verify`'s answer: a plain success (`outcome` is what the web app branches on). */
export const aVerifyResult = (overrides: Partial<VerifyPaymentResult> = {}): VerifyPaymentResult => ({
  outcome: VerifyOutcome.Paid,
  message: PaymentMessages.success,
  movieId: null,
  planId: null,
  kind: 'purchase',
  ...overrides,
});

/** Verify's answer to a second payment for what the viewer already has: refunded by itself, never celebrated. */
export const aRefundedDuplicate = (overrides: Partial<VerifyPaymentResult> = {}): VerifyPaymentResult =>
  aVerifyResult({
    outcome: VerifyOutcome.RefundedDuplicate,
    message: PaymentMessages.duplicateRefunded,
    ...overrides,
  });

export const anEntitlement = (overrides: Partial<Entitlement> = {}): Entitlement => ({
  movieId: '65f0c0ffee00000000000099',
  access: 'premium',
  canWatch: false,
  reason: 'premium-required',
  quality: '480p',
  screens: 1,
  plan: null,
  purchasedAt: null,
  rental: null,
  changesAt: null,
  waysIn: {
    plans: [
      { id: 'standard', name: 'Standard', priceInr: 499 },
      { id: 'premium', name: 'Premium', priceInr: 899 },
    ],
    purchaseInr: 1200,
    rentalInr: 500,
  },
  ...overrides,
});

/**
 * `POST /api/entitlements` (the cards' badges) for a fake API: each asked id answered by `answerFor` (by default:
 * a premium title the viewer cannot watch, the server's answer without plan, purchase or rental).
 */
export const entitlementsRoute =
  (answerFor: (movieId: string) => Entitlement = (movieId) => anEntitlement({ movieId })) =>
  (request: { method?: string }, url: URL, body: unknown) => {
    if (url.pathname !== '/api/entitlements' || request.method !== 'POST') return undefined;
    const { movieIds = [] } = (body ?? {}) as { movieIds?: string[] };
    return { status: 200, body: movieIds.map(answerFor) };
  };

export const aSubscription = (overrides: Partial<SubscriptionView> = {}): SubscriptionView => ({
  planId: 'standard',
  planName: 'Standard',
  amountInr: 499,
  amountPerMonthInr: 166,
  status: 'active',
  currentStart: '2026-01-12T06:30:00.000Z',
  currentEnd: '2026-04-12T06:30:00.000Z',
  nextBilling: '2026-04-12T06:30:00.000Z',
  activeUntil: null,
  scheduledChange: null,
  ...overrides,
});

export const anOwnedTitle = (overrides: Partial<OwnedTitle> = {}): OwnedTitle => ({
  movieId: '65f0c0ffee00000000000099',
  title: 'The Long Walk',
  kind: 'purchase',
  acquiredAt: '2026-02-01T06:30:00.000Z',
  rental: null,
  active: true,
  ...overrides,
});

export const signedResponse = (
  target: { orderId: string } | { subscriptionId: string },
): RazorpayHandlerResponse =>
  'orderId' in target
    ? {
        razorpay_payment_id: 'pay_Test0001',
        razorpay_order_id: target.orderId,
        razorpay_signature: 'a'.repeat(64),
      }
    : {
        razorpay_payment_id: 'pay_Test0001',
        razorpay_subscription_id: target.subscriptionId,
        razorpay_signature: 'a'.repeat(64),
      };

export type FakeCheckoutInstance = {
  options: RazorpayOptions;
  opened: boolean;
  /** What Checkout does on Pay: calls the handler with a signed response. */
  pay: (response: RazorpayHandlerResponse) => void;
  /** What Checkout does when an attempt fails. */
  fail: (failure?: RazorpayFailure) => void;
  /** The viewer closes Checkout. */
  dismiss: () => void;
};

/** Stands in for checkout.js: `window.Razorpay` records how it is opened and lets a test pay, fail or close. */
export const installFakeRazorpay = () => {
  const instances: FakeCheckoutInstance[] = [];
  const FakeRazorpay = function FakeRazorpay(this: unknown, options: RazorpayOptions) {
    let failed: ((failure: RazorpayFailure) => void) | null = null;
    const instance: FakeCheckoutInstance & {
      open: () => void;
      on: (event: string, listener: (failure: RazorpayFailure) => void) => void;
    } = {
      options,
      opened: false,
      open: () => {
        instance.opened = true;
      },
      on: (_event, listener) => {
        failed = listener;
      },
      pay: (response) => options.handler(response),
      fail: (failure = { error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' } }) =>
        failed?.(failure),
      dismiss: () => options.modal.ondismiss(),
    };
    instances.push(instance);
    return instance;
  } as unknown as RazorpayConstructor;
  Object.assign(window, { Razorpay: FakeRazorpay });
  return {
    instances,
    last: (): FakeCheckoutInstance => {
      const instance = instances.at(-1);
      if (!instance) throw new Error('Checkout was not opened');
      return instance;
    },
    uninstall: () => Reflect.deleteProperty(window, 'Razorpay'),
  };
};

export type SentRequest = { method: string; path: string; body: unknown };

/**
 * A payments spec's fake API and fake Razorpay Checkout, new for each test (signed out) and removed after it.
 * `serve(extra)` answers a test's `extra` first, then the spec's `routes`; every request is kept in `sent`.
 */
export const usePaymentsFakes = (routes: FakeRoute) => {
  const fakes = {
    api: undefined as unknown as FakeApi,
    razorpay: undefined as unknown as ReturnType<typeof installFakeRazorpay>,
    sent: [] as SentRequest[],
    serve: (extra: FakeRoute = () => undefined) =>
      fakes.api.respond((request, url, body) => {
        fakes.sent.push({ method: request.method ?? '', path: url.pathname, body });
        return extra(request, url, body) ?? routes(request, url, body);
      }),
  };
  beforeEach(async () => {
    window.localStorage.clear();
    fakes.sent.length = 0;
    fakes.api = await startFakeApi(() => undefined);
    fakes.razorpay = installFakeRazorpay();
  });
  afterEach(async () => {
    fakes.razorpay.uninstall();
    await fakes.api.close();
  });
  return fakes;
};

/** The idempotency keys the client may send (contracts: CreateTitleOrderRequestSchema). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;
