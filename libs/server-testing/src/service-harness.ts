import type { DynamicModule, INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { HealthReport, RpcDescriptor, RpcReply, RpcRequest, ServiceName } from '@app/contracts';
import { healthRpc, rpcByPattern } from '@app/contracts';
import { findFreePort } from '@app/local-infra';
import { createServiceApp, ServiceClient, startServiceApp } from '@app/server-core';
import { dropDatabase, testMongoUri } from './mongo';

export type ServiceUnderTest = {
  app: INestApplication;
  /** The same typed NATS client the gateway uses. */
  client: ServiceClient;
  httpUrl: string;
  /**
   * Calls a described RPC the way the gateway does, and answers its reply as the reply schema parses it; the reply
   * must be exactly what that schema describes (nothing missing, nothing extra), or the call fails.
   */
  call<D extends RpcDescriptor>(rpc: D, payload: RpcRequest<D>): Promise<RpcReply<D>>;
  /**
   * Sends a raw message, for what a contract forbids (a malformed payload): use `call` for anything else. A
   * successful reply to a described RPC is checked as `call` checks it.
   */
  send(pattern: string, data: unknown): Promise<unknown>;
  health(): Promise<HealthReport>;
  close(): Promise<void>;
};

/**
 * A described RPC's reply as its reply schema parses it; fails when the reply differs from what the schema makes of
 * it (a field missing, extra or wrong).
 */
const contractReply = <D extends RpcDescriptor>(rpc: D, reply: unknown): RpcReply<D> => {
  const parsed = rpc.reply.safeParse(reply);
  if (!parsed.success || !isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), reply)) {
    throw new Error(
      `reply of ${rpc.pattern} breaks its contract: ${parsed.success ? 'fields the schema does not describe' : parsed.error.message}\n${JSON.stringify(reply)}`,
    );
  }
  // safeParse of D['reply'] yields z.output<D['reply']>; TypeScript loses that through the generic.
  return parsed.data as RpcReply<D>;
};

/** Infrastructure for a suite: the URIs jest's global setup exported, and a database of its own. */
export const suiteInfra = (suite: string) => {
  const mongoBase = process.env.MONGODB_URI;
  const redisUrl = process.env.REDIS_URL;
  const natsUrl = testNatsUrl();
  if (!mongoBase || !redisUrl)
    throw new Error('MONGODB_URI / REDIS_URL missing: run through the int-test jest config');
  const mongoUri = testMongoUri(mongoBase, suite);
  return { mongoUri, mongoDb: new URL(mongoUri).pathname.slice(1), mongoBase, redisUrl, natsUrl };
};

/** The NATS server of the test run (jest's global setup exports it). */
export const testNatsUrl = (): string => {
  const natsUrl = process.env.NATS_URL;
  if (!natsUrl) throw new Error('NATS_URL missing: run through the int-test jest config');
  return natsUrl;
};

/**
 * Boots a service's real module as a hybrid app (NATS listener in its queue group + HTTP on a free port), against
 * the suite's database and Redis and the run's NATS, and returns a client to talk to it as the gateway would.
 */
export const startServiceUnderTest = async (
  name: ServiceName,
  module: DynamicModule,
  mongoUri: string,
): Promise<ServiceUnderTest> => {
  const env = {
    LOG_LEVEL: 'warn' as const,
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: await findFreePort(),
    NATS_URL: testNatsUrl(),
  };
  // Subjects of its own: two services under test (two suites, or two configurations in one) never share requests.
  const subjectPrefix = `test-${randomUUID().slice(0, 8)}.`;
  const app = await createServiceApp({ name, module, env, subjectPrefix });
  await startServiceApp(app, { name, module, env });
  const client = ServiceClient.connect(name, { url: env.NATS_URL }, { timeoutMs: 10_000, subjectPrefix });
  return {
    app,
    client,
    httpUrl: `http://127.0.0.1:${env.HTTP_PORT}`,
    call: async (rpc, payload) =>
      contractReply(
        rpc,
        await client.request(rpc.pattern, payload, { retryUnanswered: rpc.idempotent === true }),
      ),
    send: async (pattern, data) => {
      const reply = await client.request(pattern, data);
      const contract = rpcByPattern.get(pattern);
      if (contract) contractReply(contract, reply);
      return reply;
    },
    health: () => client.send(healthRpc(name), {}),
    async close() {
      await client.close();
      await app.close();
      await dropDatabase(mongoUri);
    },
  };
};
