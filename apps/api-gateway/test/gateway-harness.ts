import { Controller, Module, type INestApplication, type INestMicroservice, type Type } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import {
  ACCESS_CHANGES_CHANNEL,
  AuthPatterns,
  CATALOGUE_CHANGES_CHANNEL,
  ParentalPatterns,
} from '@app/contracts';
import type { RpcEnvelope } from '@app/contracts';
import { AllExceptionsFilter, RpcServer, type NatsSettings, type RpcAdmission } from '@app/server-core';
import { findFreePort, testNatsUrl } from '@app/server-testing';
import type { Env } from '../src/env';
import { envSchema } from '../src/env';
import { createGateway } from '../src/gateway';
import { resolveFakeSession } from './fakes';

/**
 * A stand-in for one or more services: `module`'s controllers on the real transport (the test run's NATS, a queue
 * group of their own), errors shaped as a service's are. Subjects nobody stands in for answer "no responders",
 * which the gateway turns into 503. With `admission`, it sheds as a service does (else it admits everything).
 */
export const startFakeService = async (
  module: Type,
  nats: NatsSettings = { url: testNatsUrl() },
  admission?: RpcAdmission,
): Promise<{ app: INestMicroservice }> => {
  const app = await NestFactory.createMicroservice(module, {
    strategy: new RpcServer(`fake-${module.name}`, nats, { admission }),
    logger: false,
  });
  app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost)));
  await app.listen();
  return { app };
};

/** A request a stand-in received: its pattern and data. */
export type RpcCall = { pattern: string; data: Record<string, unknown> };

/**
 * A stand-in service module: each of `handlers`' patterns answers what its handler returns (or throws, as an
 * `AppError`) for the request's data. With `calls`, every request is recorded there before it is answered.
 */
export const standIn = (handlers: Record<string, (data: never) => unknown>, calls?: RpcCall[]): Type => {
  @Controller()
  class StandInController {}
  for (const [pattern, handle] of Object.entries(handlers)) {
    const answer = ({ data }: RpcEnvelope<Record<string, unknown>>) => {
      calls?.push({ pattern, data });
      return handle(data as never);
    };
    Object.defineProperty(StandInController.prototype, pattern, { value: answer });
    MessagePattern(pattern)(StandInController.prototype, pattern, { value: answer });
  }
  @Module({ controllers: [StandInController] })
  class StandInModule {}
  return StandInModule;
};

/** auth-service as most suites need it: it knows the sessions of `fakeTokens` (fakes.ts). */
export const FakeSessionsModule = standIn({
  [AuthPatterns.resolveSession]: ({ token }: { token: string }) => resolveFakeSession(token),
  // The fake accounts set no parental PIN and play no A title: every playback may start (issue 25).
  [ParentalPatterns.check]: () => ({ allowed: true }),
});

export type GatewayUnderTest = { app: INestApplication; url: string };

/**
 * Budgets and limits no suite reaches: the suites send hundreds of requests from one address (127.0.0.1) and are about
 * other things. rate-limits.int-spec.ts sets low ones to prove the limits.
 */
const UNREACHED_LIMITS = {
  RATE_LIMIT_PER_MINUTE: 1_000_000,
  RATE_LIMIT_BROWSE_PER_MINUTE: 1_000_000,
  RATE_LIMIT_CONTACT_PER_HOUR: 1_000_000,
  // Admission control too: admission.int-spec.ts sets low limits to prove them.
  ADMISSION_MAX_IN_FLIGHT: 100_000,
  ADMISSION_MAX_QUEUED: 100_000,
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

/**
 * What payment-service does after any write to a subscription or a title grant: announces it, and every gateway drops
 * the entitlement answers it holds for heartbeats (HeldEntitlements). A test that changes what a payment stand-in
 * answers says so with this, as the real service would.
 */
export const announceAccessChange = () => announceOn(ACCESS_CHANGES_CHANNEL);

/** A catalogue write, as catalogue-service announces it to the gateways (they drop what they hold for visitors). */
export const announceCatalogueChange = () => announceOn(CATALOGUE_CHANGES_CHANNEL);

const announceOn = async (channel: string) => {
  const redis = new Redis(process.env.REDIS_URL ?? '');
  try {
    await redis.publish(channel, '1');
  } finally {
    redis.disconnect();
  }
  // The gateway reads the message on a connection of its own: a moment before the test's next request.
  await sleep(50);
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

/**
 * The real gateway in front of `modules`' stand-ins, for the tests of the describe block this is called in: started
 * before them, closed after them. `call` sends as `callGateway` does, to this gateway.
 */
export const useGatewayWithFakes = (
  modules: Type[],
  overrides: Partial<Record<keyof Env, string | number>> = {},
) => {
  const apps: Array<INestApplication | INestMicroservice> = [];
  const gateway = {
    url: '',
    call: (method: string, path: string, options?: CallOptions) =>
      callGateway(gateway.url, method, path, options),
  };
  beforeAll(async () => {
    // Each one kept as it starts, so afterAll closes those that did when another fails.
    await Promise.all(modules.map(async (module) => apps.push((await startFakeService(module)).app)));
    const started = await startGateway(overrides);
    apps.unshift(started.app);
    gateway.url = started.url;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  return gateway;
};
