/**
 * Razorpay Checkout (checkout.js), the browser half of a payment: loaded once from the URL the server names
 * (the real one, or the local Razorpay-compatible server in development) and opened with the server's order.
 * Only the public key id reaches the browser; the key secret never does.
 */

/** What Checkout's `handler` receives: an order's or a subscription's signed confirmation. */
export type RazorpayHandlerResponse = {
  razorpay_payment_id: string;
  razorpay_order_id?: string;
  razorpay_subscription_id?: string;
  razorpay_signature: string;
};

export type RazorpayFailure = {
  error?: { code?: string; description?: string; reason?: string; metadata?: Record<string, string> };
};

export type RazorpayOptions = {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id?: string;
  subscription_id?: string;
  prefill: { email: string; name: string };
  theme: { color: string };
  handler: (response: RazorpayHandlerResponse) => void;
  modal: { ondismiss: () => void };
};

export type RazorpayInstance = {
  open: () => void;
  on: (event: 'payment.failed', listener: (failure: RazorpayFailure) => void) => void;
};

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

type WithRazorpay = { Razorpay?: RazorpayConstructor };

const razorpayOnWindow = (): RazorpayConstructor | undefined => (window as Window & WithRazorpay).Razorpay;

const loading = new Map<string, Promise<RazorpayConstructor>>();

/**
 * Adds checkout.js to the page once and resolves to `window.Razorpay`. Concurrent and later calls share the
 * one script; a script that fails to load is forgotten, so the next press tries again.
 */
export const loadRazorpayCheckout = (url: string): Promise<RazorpayConstructor> => {
  const ready = razorpayOnWindow();
  if (ready) return Promise.resolve(ready);
  const pending = loading.get(url);
  if (pending) return pending;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.razorpayCheckout = '';
    script.addEventListener('load', () => {
      const loaded = razorpayOnWindow();
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay Checkout did not start'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('Razorpay Checkout could not be loaded'));
    });
    document.head.append(script);
  });
  loading.set(url, promise);
  promise.catch(() => loading.delete(url));
  return promise;
};

/** The confirmation as `POST /api/payments/verify` takes it: Razorpay's three fields, nothing else (the schema is strict). */
export const toVerifyRequest = (response: RazorpayHandlerResponse) =>
  response.razorpay_subscription_id
    ? {
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_subscription_id: response.razorpay_subscription_id,
        razorpay_signature: response.razorpay_signature,
      }
    : {
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_order_id: response.razorpay_order_id ?? '',
        razorpay_signature: response.razorpay_signature,
      };
