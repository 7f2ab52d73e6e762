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
});
export type Env = z.infer<typeof envSchema>;
export const ENV = Symbol('GATEWAY_ENV');
