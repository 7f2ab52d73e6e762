import './register-aliases';
import { acquireInfra, type Infra } from '../test-infra';

/** Jest runs globalSetup and globalTeardown in one process; globals set here are visible in teardown only. */
export const infraHolder = globalThis as typeof globalThis & { serverTestingInfra?: Infra };

/** Starts (or finds) MongoDB, Redis and NATS once per jest run; workers read MONGODB_URI / REDIS_URL / NATS_URL. */
export default async function globalSetup(): Promise<void> {
  const infra = await acquireInfra();
  infraHolder.serverTestingInfra = infra;
  process.env.MONGODB_URI = infra.mongoUri;
  process.env.REDIS_URL = infra.redisUrl;
  process.env.NATS_URL = infra.natsUrl;
}
