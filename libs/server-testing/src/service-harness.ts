import { DynamicModule, INestApplication } from '@nestjs/common';
import { healthPattern, HealthReport, ServiceName } from '@app/contracts';
import { findFreePort } from '@app/local-infra';
import { createServiceApp, ServiceClient, startServiceApp } from '@app/server-core';
import { dropDatabase, testMongoUri } from './mongo';

export type ServiceUnderTest = {
  app: INestApplication;
  /** The same typed TCP client the gateway uses. */
  client: ServiceClient;
  httpUrl: string;
  /** Sends a message the way the gateway does, with a test correlation id. */
  send<R>(pattern: string, data: unknown): Promise<R>;
  health(): Promise<HealthReport>;
  close(): Promise<void>;
};

/** Infrastructure for a suite: the URIs jest's global setup exported, and a database of its own. */
export const suiteInfra = (suite: string) => {
  const mongoBase = process.env.MONGODB_URI;
  const redisUrl = process.env.REDIS_URL;
  if (!mongoBase || !redisUrl) throw new Error('MONGODB_URI / REDIS_URL missing: run through the int-test jest config');
  const mongoUri = testMongoUri(mongoBase, suite);
  return { mongoUri, mongoDb: new URL(mongoUri).pathname.slice(1), mongoBase, redisUrl };
};

/**
 * Boots a service's real module as a hybrid app on free ports (TCP + HTTP), against the suite's
 * database and Redis, and returns a client to talk to it as the gateway would.
 */
export const startServiceUnderTest = async (
  name: ServiceName,
  module: DynamicModule,
  mongoUri: string,
): Promise<ServiceUnderTest> => {
  const env = { LOG_LEVEL: 'warn' as const, TCP_HOST: '127.0.0.1', TCP_PORT: await findFreePort(), HTTP_PORT: await findFreePort() };
  const app = await createServiceApp({ name, module, env });
  await startServiceApp(app, { name, module, env });
  const client = new ServiceClient(name, { host: '127.0.0.1', port: env.TCP_PORT }, 10_000);
  return {
    app,
    client,
    httpUrl: `http://127.0.0.1:${env.HTTP_PORT}`,
    send: (pattern, data) => client.send(pattern, data, 'test'),
    health: () => client.send(healthPattern(name), {}, 'test'),
    async close() {
      await client.close();
      await app.close();
      await dropDatabase(mongoUri);
    },
  };
};
