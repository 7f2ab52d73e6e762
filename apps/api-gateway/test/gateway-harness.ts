import type { INestApplication, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AllExceptionsFilter, RpcServer, type NatsSettings } from '@app/server-core';
import { findFreePort, testNatsUrl } from '@app/server-testing';
import type { Env } from '../src/env';
import { envSchema } from '../src/env';
import { createGateway } from '../src/gateway';

/**
 * A stand-in for one or more services: `module`'s controllers on the real transport (the test run's NATS, a queue
 * group of their own), errors shaped as a service's are. Subjects nobody stands in for answer "no responders",
 * which the gateway turns into 503.
 */
export const startFakeService = async (
  module: Type,
  nats: NatsSettings = { url: testNatsUrl() },
): Promise<{ app: INestMicroservice }> => {
  const app = await NestFactory.createMicroservice(module, {
    strategy: new RpcServer(`fake-${module.name}`, nats),
    logger: false,
  });
  app.useGlobalFilters(new AllExceptionsFilter());
  await app.listen();
  return { app };
};

export type GatewayUnderTest = { app: INestApplication; url: string };

/**
 * Budgets no suite reaches: the suites send hundreds of requests from one address (127.0.0.1) and are about
 * other things. rate-limits.int-spec.ts sets low ones to prove the limits.
 */
const UNREACHED_LIMITS = {
  RATE_LIMIT_PER_MINUTE: 1_000_000,
  RATE_LIMIT_BROWSE_PER_MINUTE: 1_000_000,
  RATE_LIMIT_CONTACT_PER_HOUR: 1_000_000,
};

/**
 * The real gateway on a free port, counting its rate limits in the suite's Redis and sending its requests over the
 * run's NATS (jest's global setup). A request for a service nobody stands in for answers 503 (no responders).
 */
export const startGateway = async (
  overrides: Partial<Record<keyof Env, string | number>> = {},
): Promise<GatewayUnderTest> => {
  const port = await findFreePort();
  const app = await createGateway(
    envSchema.parse({
      LOG_LEVEL: 'error',
      RPC_TIMEOUT_MS: 5000,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      REDIS_URL: process.env.REDIS_URL,
      NATS_URL: testNatsUrl(),
      ...UNREACHED_LIMITS,
      ...overrides,
    }),
  );
  await app.listen(port, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${port}` };
};

export type CallOptions = { body?: unknown; token?: string | null; headers?: Record<string, string> };

/** A call to the gateway under test as a browser makes it: a JSON body and a bearer token when given. */
export const callGateway = (
  url: string,
  method: string,
  path: string,
  { body, token, headers = {} }: CallOptions = {},
) =>
  fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
