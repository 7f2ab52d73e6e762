import { z } from 'zod';
import { LogLevels } from '@app/server-core';

const address = z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LogLevels).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  AUTH_SERVICE_ADDR: address.default('127.0.0.1:4001'),
  CATALOGUE_SERVICE_ADDR: address.default('127.0.0.1:4002'),
  USER_DATA_SERVICE_ADDR: address.default('127.0.0.1:4003'),
  PAYMENT_SERVICE_ADDR: address.default('127.0.0.1:4004'),
  STREAMING_SERVICE_ADDR: address.default('127.0.0.1:4005'),
  RECOMMENDATION_SERVICE_ADDR: address.default('127.0.0.1:4006'),
  STREAMING_HTTP_URL: z.url().default('http://127.0.0.1:5010'),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
  /** When set, the gateway also serves the built web app from this folder (one URL for everything). */
  WEB_DIST_DIR: z.string().optional(),
  /** Google sign-in; without a client id, /auth/google answers 503. The URLs point at a local fake in dev and tests. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().regex(/\/userinfo$/, 'must end in /userinfo').default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** Where browsers reach the product (Google's callback URL is built from it). */
  PUBLIC_URL: z.url().default('http://localhost:5000'),
  /** Express `trust proxy`: which proxies may set X-Forwarded-For (the client IP rate limits use). */
  TRUST_PROXY: z.string().default('loopback'),
});
export type Env = z.infer<typeof envSchema>;
export const ENV = Symbol('GATEWAY_ENV');
