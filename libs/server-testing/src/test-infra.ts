import { existsSync } from 'node:fs';
import { request, type RequestOptions } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { startMongo, startNats, startRedis } from '@app/local-infra';

export type InfraSource = 'env' | 'testcontainers' | 'local';
export type Infra = {
  mongoUri: string;
  redisUrl: string;
  /** The gateway → service RPC transport. */
  natsUrl: string;
  source: InfraSource;
  stop(): Promise<void>;
};
type Stores = Omit<Infra, 'natsUrl'>;

const DOCKER_PING_TIMEOUT_MS = 1_000;

/**
 * A MongoDB URI, a Redis URL and a NATS URL for integration tests, each from the first source that works:
 * MONGODB_URI + REDIS_URL (NATS_URL), then testcontainers when a Docker engine answers, then local servers.
 */
export async function acquireInfra(): Promise<Infra> {
  let answers: Promise<boolean> | undefined;
  // Asked once, and only when an address is missing from the environment.
  const docker = () => (answers ??= dockerEngineAnswers());
  const stores = await acquireStores(docker);
  try {
    const nats = await acquireNats(docker);
    return {
      ...stores,
      natsUrl: nats.url,
      stop: async () => {
        await Promise.all([stores.stop(), nats.stop()]);
      },
    };
  } catch (error) {
    await stores.stop();
    throw error;
  }
}

async function acquireStores(docker: () => Promise<boolean>): Promise<Stores> {
  const { MONGODB_URI: mongoUri, REDIS_URL: redisUrl } = process.env;
  if (mongoUri && redisUrl) return { mongoUri, redisUrl, source: 'env', stop: async () => undefined };
  if (mongoUri || redisUrl) {
    throw new Error(
      `Set both MONGODB_URI and REDIS_URL, or neither: only ${mongoUri ? 'MONGODB_URI' : 'REDIS_URL'} is set.`,
    );
  }
  if (await docker()) {
    try {
      return await startContainers();
    } catch (error) {
      // e.g. an engine that cannot pull images: local servers still give a real run.
      console.warn(
        `testcontainers failed, using local servers instead: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return startLocal();
}

/** NATS_URL, else a `nats:2` container, else a local nats-server on a free port. */
async function acquireNats(docker: () => Promise<boolean>): Promise<{ url: string; stop(): Promise<void> }> {
  const fromEnv = process.env.NATS_URL;
  if (fromEnv) return { url: fromEnv, stop: async () => undefined };
  if (await docker()) {
    try {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer('nats:2')
        .withExposedPorts(4222)
        .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
        .start();
      return {
        url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
        stop: async () => {
          await container.stop();
        },
      };
    } catch (error) {
      console.warn(
        `testcontainers could not start nats:2, using a local nats-server instead: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return startNats();
}

async function startContainers(): Promise<Stores> {
  // Loaded only here: testcontainers is heavy and most runs never need it.
  const [{ MongoDBContainer }, { RedisContainer }] = await Promise.all([
    import('@testcontainers/mongodb'),
    import('@testcontainers/redis'),
  ]);
  const [mongo, redis] = await startBoth(
    () => new MongoDBContainer('mongo:7').start(),
    () => new RedisContainer('redis:7').start(),
  );
  return {
    // The container runs a one-member replica set that names itself by its container host name.
    mongoUri: `${mongo.getConnectionString()}/?directConnection=true`,
    redisUrl: redis.getConnectionUrl(),
    source: 'testcontainers',
    stop: async () => {
      await Promise.all([mongo.stop(), redis.stop()]);
    },
  };
}

async function startLocal(): Promise<Stores> {
  const [mongo, redis] = await startBoth(
    () => startMongo(),
    () => startRedis(),
  );
  return {
    mongoUri: mongo.uri,
    redisUrl: redis.url,
    source: 'local',
    stop: async () => {
      await Promise.all([mongo.stop(), redis.stop()]);
    },
  };
}

type Stoppable = { stop(): Promise<unknown> };

/** Starts both in parallel; when one fails, stops the other so nothing is left running. */
async function startBoth<A extends Stoppable, B extends Stoppable>(
  startA: () => Promise<A>,
  startB: () => Promise<B>,
): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([startA(), startB()]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  const settled = [a, b];
  await Promise.allSettled(
    settled.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
  );
  throw settled.find((result): result is PromiseRejectedResult => result.status === 'rejected')?.reason;
}

async function dockerEngineAnswers(): Promise<boolean> {
  for (const endpoint of dockerEndpoints()) {
    if (await dockerPing(endpoint)) return true;
  }
  return false;
}

/** Where testcontainers would look for an engine: DOCKER_HOST, else the usual socket paths that exist. */
function dockerEndpoints(): RequestOptions[] {
  const dockerHost = process.env.DOCKER_HOST;
  if (dockerHost) {
    if (dockerHost.startsWith('unix://')) return [{ socketPath: dockerHost.slice('unix://'.length) }];
    if (dockerHost.startsWith('tcp://')) {
      const url = new URL(dockerHost);
      return [{ host: url.hostname, port: Number(url.port || 2375) }];
    }
    return [];
  }
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  return [
    '/var/run/docker.sock',
    join(homedir(), '.docker/run/docker.sock'),
    join(homedir(), '.docker/desktop/docker.sock'),
    ...(runtimeDir ? [join(runtimeDir, 'docker.sock')] : []),
  ]
    .filter((socketPath) => existsSync(socketPath))
    .map((socketPath) => ({ socketPath }));
}

/**
 * Docker (and Podman's compatible API) answer /_ping with an Api-Version header; a proxy that accepts any
 * connection does not. A TLS-only engine (DOCKER_TLS_VERIFY) answers plain HTTP with a bare 400, which counts.
 */
function dockerPing(endpoint: RequestOptions): Promise<boolean> {
  const tls = Boolean(process.env.DOCKER_TLS_VERIFY);
  return new Promise((answer) => {
    const req = request({ ...endpoint, path: '/_ping', timeout: DOCKER_PING_TIMEOUT_MS }, (res) => {
      res.resume();
      answer(tls || res.headers['api-version'] !== undefined);
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => answer(false));
    req.end();
  });
}
