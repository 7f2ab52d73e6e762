import { z } from 'zod';
import { GATEWAY_DEFAULT_PORT, ServiceDefaults } from '@app/contracts';
import { admissionEnvShape, GATEWAY_ADMISSION_DEFAULTS, LogLevels, natsEnvShape } from '@app/server-core';

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LogLevels).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(GATEWAY_DEFAULT_PORT),
  /** Every service is reached over NATS (request/reply to its queue group): no per-service address. */
  ...natsEnvShape,
  STREAMING_HTTP_URL: z.url().default(`http://127.0.0.1:${ServiceDefaults['streaming-service'].httpPort}`),
  /** Admission control of `/api` (issue 29 §2): requests worked on at once, and how many may wait for a place. */
  ...admissionEnvShape(GATEWAY_ADMISSION_DEFAULTS),
  /** How long the gateway waits for a service's reply (a read with no answer is sent once more, so twice this). */
  RPC_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
  /** Where the rate limits are counted: one Redis for every gateway replica, so they share each client's budget. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  /**
   * Requests a minute one client may make to the gateway's routes, all together (a signed-in caller by their
   * account, anyone else by IP address, IPv6 by its /64). Health probes and Razorpay's webhook are not counted.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Requests a minute one client may make to each expensive public read: search, sections, recommendations, series. */
  RATE_LIMIT_BROWSE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Contact-form messages one client may send an hour (issue 14, finding 11). */
  RATE_LIMIT_CONTACT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /**
   * How long this gateway reuses a resolved session (seconds, fractions allowed; 0 asks auth-service on every
   * request). A revocation made through another replica or inside auth-service (logout elsewhere, ban, role or
   * password change) reaches this replica within this window; capped at 60 so a typo cannot make it an hour.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /**
   * How long this gateway reuses the catalogue's answers every visitor reads alike (browse pages, sections, genres,
   * a title's page; seconds, 0 asks catalogue-service every time). Only a safety net: any catalogue write drops them
   * on every replica at once (PublicCatalogue); capped at 300, the catalogue's own list cache's.
   */
  CATALOGUE_HOLD_SECONDS: z.coerce.number().min(0).max(300).default(60),
  /** When set, the gateway also serves the built web app from this folder (one URL for everything). */
  WEB_DIST_DIR: z.string().optional(),
  /** Google sign-in; without a client id, /auth/google answers 503. The URLs point at a local fake in dev and tests. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z
    .url()
    .regex(/\/userinfo$/, 'must end in /userinfo')
    .default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** Where browsers reach the product (Google's callback URL is built from it). */
  PUBLIC_URL: z.url().default(`http://localhost:${GATEWAY_DEFAULT_PORT}`),
  /** Where the web app loads Razorpay Checkout from (the same setting payment-service hands out): allowed by the CSP. */
  RAZORPAY_CHECKOUT_URL: z.url().default('https://checkout.razorpay.com/v1/checkout.js'),
  /** A Razorpay-compatible API (the local stand-in in `npm start` and tests): its Checkout talks to it. */
  RAZORPAY_API_URL: z.url().optional(),
  /** More origins the CSP allows for scripts, frames and requests, space-separated (e.g. reCAPTCHA's when used). */
  CSP_EXTRA_ORIGINS: z.string().optional(),
  /** Express `trust proxy`: which proxies may set X-Forwarded-For (the client IP rate limits use). */
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * When set, Prometheus' `/metrics` is served on this port only, never on PORT (which the ingress publishes):
   * issue 14, finding 10. Unset (dev), `/metrics` stays on PORT.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** The OpenAPI document at `/api/docs`: on by default, off by default when NODE_ENV=production. */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /**
   * Each JSON answer checked against the reply its route describes (a mismatch is a 500 and a logged error): on by
   * default, off by default when NODE_ENV=production (the services' replies are already parsed by their contracts).
   */
  API_REPLY_CHECKS: z.enum(['on', 'off']).optional(),
});
export type Env = z.infer<typeof envSchema>;

/** Whether `/api/docs` is served: asked for, or by default outside production. */
export const apiDocsEnabled = (env: Pick<Env, 'API_DOCS' | 'NODE_ENV'>): boolean =>
  env.API_DOCS ? env.API_DOCS === 'on' : env.NODE_ENV !== 'production';

/** Whether answers are checked against their routes' replies: asked for, or by default outside production. */
export const replyChecksEnabled = (env: Pick<Env, 'API_REPLY_CHECKS' | 'NODE_ENV'>): boolean =>
  env.API_REPLY_CHECKS ? env.API_REPLY_CHECKS === 'on' : env.NODE_ENV !== 'production';
