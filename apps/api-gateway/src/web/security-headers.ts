import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Env } from '../env';

/** Razorpay Checkout's own hosts beyond checkout.js (its payment frame and telemetry). */
const RAZORPAY_HOSTS = ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'];

const originOf = (url: string | undefined) => (url ? new URL(url).origin : null);

/** Origins the web app loads code from or talks to besides its own: Razorpay Checkout, and what ops add. */
export const thirdPartyOrigins = (env: Env): string[] => [
  ...new Set(
    [
      originOf(env.RAZORPAY_CHECKOUT_URL),
      originOf(env.RAZORPAY_API_URL),
      ...RAZORPAY_HOSTS,
      ...(env.CSP_EXTRA_ORIGINS?.split(/\s+/).filter(Boolean) ?? []),
    ].filter((origin): origin is string => origin !== null),
  ),
];

/** A Connect-style middleware on Node's own request and response (helmet's kind). */
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a middleware that depends on nothing in the request writes, worked out once at boot; the answer
 * copies them onto a response (the gateway's first hook). helmet builds and re-validates its Content-Security-Policy
 * string on each request otherwise (issue 29 §3). Holds only while every CSP directive is a fixed string (a function,
 * e.g. a nonce, would need the request): the spec checks the copy against helmet's own output.
 */
export const fixedHeaders = (middleware: Middleware): ((res: ServerResponse) => void) => {
  const writes: Array<(res: ServerResponse) => void> = [];
  const recorder = {
    setHeader: (name: string, value: string) => writes.push((res) => res.setHeader(name, value)),
    removeHeader: (name: string) => writes.push((res) => res.removeHeader(name)),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return (res) => {
    for (const write of writes) write(res);
  };
};

/** helmet as the gateway configures it (see securityHeaders). */
export const helmetFor = (https: boolean, third: string[]) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...third],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Posters: generated ones here, imported ones from the movie database's image host.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // hls.js gives each subtitle track an empty inline WebVTT (`data:,WEBVTT`) and fills it with cues itself.
        mediaSrc: ["'self'", 'blob:', 'data:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...third],
        frameSrc: third.length ? third : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Checkout opens bank and UPI pages in pop-ups that report back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // The CSP's frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
  });

/**
 * helmet with a strict Content-Security-Policy (issue 14, finding 5): code only from this origin and Razorpay
 * Checkout; media and workers from blobs too (hls.js feeds the player through MediaSource and runs a worker);
 * inline styles allowed because media-chrome's controls and Checkout's modal style themselves; never framed.
 * HSTS and upgrading requests only where the product is served over https, so `npm start` on http still works.
 */
export const securityHeaders = (env: Env) => {
  const https = new URL(env.PUBLIC_URL).protocol === 'https:';
  const third = thirdPartyOrigins(env);
  return fixedHeaders(helmetFor(https, third));
};

/**
 * API answers are personal unless a handler says otherwise (posters and the web app's assets set their own
 * caching): no shared cache or browser history keeps a session, a profile or an entitlement.
 */
export const noStoreApi = (res: ServerResponse) => {
  res.setHeader('Cache-Control', 'no-store');
};
