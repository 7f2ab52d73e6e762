import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServiceName } from '@app/contracts';
import {
  EdgeLinkShape,
  ErrorCode,
  GATEWAY_DEFAULT_PORT,
  NATS_DEFAULT_PORT,
  ServiceDefaults,
  OVERLOADED_RETRY_AFTER_SECONDS,
  PRODUCT_BUSY_MESSAGE,
  ServiceNames,
} from '@app/contracts';
import {
  findNginx,
  findStablePort,
  MEDIA_ACCEL_PREFIX,
  portIsFree,
  startFrontProxy,
  startMongo,
  startNats,
  startRedis,
  type FrontProxyHandle,
} from '@app/local-infra';
import { GATEWAY_ADMISSION_DEFAULTS } from '@app/server-core';
import { startDevFakes } from './fakes';
import type { Managed } from './processes';
import { runStep, startLogged, waitForHttp } from './processes';

/** A service's own port: HTTP for health and metrics (its RPC arrives over NATS). */
export type ServicePorts = { http: number };

/** Dev defaults: the ports of `ServiceDefaults` (libs/contracts), the table the services and the gateway default to. */
export const DEFAULT_PORTS = Object.fromEntries(
  ServiceNames.map((name) => [name, { http: ServiceDefaults[name].httpPort }]),
) as Record<ServiceName, ServicePorts>;
export const DEFAULT_GATEWAY_PORT = GATEWAY_DEFAULT_PORT;
/** The gateway's own port when nginx is the one URL in front of it (npm start); loopback only. */
const DEFAULT_GATEWAY_BEHIND_FRONT_PORT = GATEWAY_DEFAULT_PORT + 100;
/** streaming-service's stream-checks listener behind nginx (STREAM_DELIVERY_PORT). */
const DEFAULT_STREAM_CHECKS_PORT = ServiceDefaults['streaming-service'].httpPort + 1;

/**
 * Whether nginx becomes the one URL in front (issue 29 §4: video bytes by sendfile): yes when it is installed
 * (`npm start` and `npm test` install it) unless FRONT_PROXY=off; without it the gateway is the one URL and
 * proxies `/stream` itself, as before.
 */
const useFrontProxy = (log: (line: string) => void): boolean => {
  if (process.env.FRONT_PROXY === 'off') return false;
  if (findNginx()) return true;
  log('nginx is not installed: the gateway serves /stream itself (slower; Debian: apt-get install nginx).');
  return false;
};

/**
 * The gateway's rate limits when the system runs for tests and benches (not `npm start`, which keeps the production
 * defaults): the browser journeys all come from the browser's loopback address, the system API tests from one
 * RUN_CLIENT_IP, the benches from a few addresses, thousands of requests a minute in all. They test features; the
 * gateway's integration tests prove the limits with low budgets.
 */
const TEST_RATE_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_BROWSE_PER_MINUTE: '1000000',
  RATE_LIMIT_CONTACT_PER_HOUR: '10000',
};

/**
 * The gateway as every launch runs it: production behaviour, and the OpenAPI document at `/api/docs` as the README
 * promises (production alone keeps it off: `apiDocsEnabled` in apps/api-gateway/src/env.ts). `API_DOCS=off npm
 * start` turns it off.
 */
export const LAUNCHED_GATEWAY_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  HOST: '0.0.0.0',
  API_DOCS: process.env.API_DOCS ?? 'on',
} as const;

/**
 * How many `/api` requests nginx in front lets through at once before it sheds the rest itself (issue 29 §2):
 * FRONT_PROXY_API_MAX_IN_FLIGHT, else the gateway's admission places (in flight and queued; its ADMISSION_* settings,
 * inherited from this environment, else its defaults), so nginx never sheds later than the gateway would.
 */
const frontProxyApiPlaces = () => {
  const setting = (name: string, fallback: number, least = 0) => {
    const value = Number(process.env[name]);
    return process.env[name] && Number.isInteger(value) && value >= least ? value : fallback;
  };
  return setting(
    'FRONT_PROXY_API_MAX_IN_FLIGHT',
    setting('ADMISSION_MAX_IN_FLIGHT', GATEWAY_ADMISSION_DEFAULTS.maxInFlight) +
      setting('ADMISSION_MAX_QUEUED', GATEWAY_ADMISSION_DEFAULTS.maxQueued),
    1,
  );
};

/** Idempotent one-shot seeds run before the services start (each prints what it did). */
const SEEDS: Array<{ label: string; script: string }> = [
  { label: 'Seeding the catalogue', script: 'dist/apps/catalogue-service/seed.js' },
  { label: 'Seeding the demo accounts', script: 'dist/apps/auth-service/seed.js' },
  { label: 'Preparing sample films', script: 'dist/apps/streaming-service/seed-media.js' },
];

/**
 * The sample films of a test launch: fewer, shorter films, built once under `.cache/media-samples` and linked into
 * each throwaway media dir. Well over one stream token's life (below), so a journey plays past it on renewed tokens
 * (issue 22); long enough to seek past one 4 s segment and resume too (issue 10).
 */
const testSampleEnv = (root: string) => ({
  TRANSCODE_PRESET: 'ultrafast',
  SAMPLE_COUNT: '2',
  SAMPLE_SECONDS: '100',
  SAMPLE_CACHE_DIR: path.join(root, '.cache/media-samples'),
});

/**
 * Builds the test launch's sample films into their cache ahead of the launch (`npm test` does it beside the
 * integration tests, so the journeys' launch finds them made). Its output goes to `logFile`; resolves with the
 * seed's closing line. Expects the build.
 */
export const prepareTestSamples = async (root: string, logFile: string): Promise<string> => {
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'test-samples-'));
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'w');
  try {
    await runStep('Preparing sample films', process.execPath, ['dist/apps/streaming-service/seed-media.js'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', MEDIA_DIR: mediaDir, ...testSampleEnv(root) },
      stdio: ['ignore', log, log],
    });
  } finally {
    closeSync(log);
    rmSync(mediaDir, { recursive: true, force: true });
  }
  const lines = readFileSync(logFile, 'utf8').trim().split('\n');
  return lines[lines.length - 1] ?? '';
};

/**
 * Run beside the wait for every service's health, before the URL is given: the step that waits, with its progress bar, until
 * every seeded title is mapped to a sample film (through events: streaming-service maps, the catalogue applies), so
 * Play never answers "Coming soon" for a seeded title once the URL is out.
 */
export const READY_STEPS: Array<{ label: string; script: string }> = [
  { label: 'Waiting until every seeded title plays', script: 'dist/apps/catalogue-service/await-media.js' },
];

/**
 * Waits for the services' health and the READY_STEPS side by side, so a step's own start-up (a Nest context) overlaps
 * the services' and the mapping they begin at once; the first failure aborts the steps still running and is thrown.
 */
export const waitUntilReady = async (
  healthy: () => Promise<void>,
  steps: ReadonlyArray<(signal: AbortSignal) => Promise<void>>,
): Promise<void> => {
  const abort = new AbortController();
  const waits = [healthy(), ...steps.map((step) => step(abort.signal))];
  try {
    await Promise.all(waits);
  } catch (error) {
    abort.abort();
    await Promise.allSettled(waits);
    throw error;
  }
};

/**
 * Media for the sample films and streaming-service: `.data/media` for npm start; a throwaway dir for tests,
 * with fewer, shorter films built once under `.cache/media-samples` and linked in. The stream secret is kept
 * in the data dir (like auth's), so signed URLs survive a restart.
 */
const mediaEnv = (root: string, dataDir: string, persist: boolean) => {
  const secretFile = path.join(dataDir, 'streaming-secrets.json');
  const kept = existsSync(secretFile)
    ? (JSON.parse(readFileSync(secretFile, 'utf8')) as Partial<Record<string, string>>)
    : {};
  // The edge secret came with issue 29 §4: a data dir from before gets one added, its token secret kept.
  const secrets = {
    STREAM_TOKEN_SECRET: kept.STREAM_TOKEN_SECRET ?? randomBytes(48).toString('base64url'),
    STREAM_EDGE_SECRET: kept.STREAM_EDGE_SECRET ?? randomBytes(32).toString('base64url'),
  };
  if (
    kept.STREAM_TOKEN_SECRET !== secrets.STREAM_TOKEN_SECRET ||
    kept.STREAM_EDGE_SECRET !== secrets.STREAM_EDGE_SECRET
  )
    writeFileSync(secretFile, JSON.stringify(secrets), { mode: 0o600 });
  const { STREAM_TOKEN_SECRET } = secrets;
  const MEDIA_DIR = path.join(dataDir, 'media');
  const TRANSCODE_PRESET = 'ultrafast';
  return {
    seed: persist
      ? { MEDIA_DIR, TRANSCODE_PRESET, SAMPLE_COUNT: '6', SAMPLE_SECONDS: '30' }
      : { MEDIA_DIR, ...testSampleEnv(root) },
    service: {
      MEDIA_DIR,
      TRANSCODE_PRESET,
      SAMPLE_MEDIA: 'on',
      STREAM_TOKEN_SECRET,
      // Tests: the shortest token life the service accepts, so renewal happens within a journey.
      ...(persist ? {} : { STREAM_TOKEN_TTL_SECONDS: '60' }),
    },
    /** For nginx in front: it checks segment and MP4 links alone (issue 29 §4). */
    edge: {
      secret: secrets.STREAM_EDGE_SECRET,
      revokedDir: path.join(dataDir, 'stream-revoked'),
      shape: EdgeLinkShape,
    },
  };
};

export type SystemOptions = {
  root: string;
  /** Where the database file, Redis data and logs live. */
  dataDir: string;
  /** Keep data across runs (npm start) or throw it away (tests). */
  persist: boolean;
  /** Fixed dev ports, or free ports so a test run never collides with a running `npm start`. */
  ports: 'default' | 'free';
  log?: (line: string) => void;
};

export type RunningSystem = {
  url: string;
  logDir: string;
  mongoUri: string;
  redisUrl: string;
  /** The RPC transport (benches call a service directly over it). */
  natsUrl: string;
  /** Where each service's HTTP listener is. */
  services: Record<ServiceName, ServicePorts>;
  processes: Managed[];
  /** nginx in front, when it runs (benches reload it with another `/api` limit). */
  frontProxy?: FrontProxyHandle;
  stop(): Promise<void>;
};

const freePorts = async (): Promise<{
  services: Record<ServiceName, ServicePorts>;
  gateway: number;
  gatewayBehindFront: number;
  streamChecks: number;
}> => {
  const services = {} as Record<ServiceName, ServicePorts>;
  const taken = new Set<number>();
  const pick = async () => {
    const port = await findStablePort(taken);
    taken.add(port);
    return port;
  };
  for (const name of ServiceNames) {
    services[name] = { http: await pick() };
  }
  return { services, gateway: await pick(), gatewayBehindFront: await pick(), streamChecks: await pick() };
};

/**
 * Starts the whole product the way `npm start` does: MongoDB-wire server, Redis and NATS (unless MONGODB_URI /
 * REDIS_URL / NATS_URL are given), the catalogue seed, the six services and the gateway serving the built web app,
 * and answers once every seeded title plays (READY_STEPS). Expects `nx run-many -t build` to have run.
 */
export const startSystem = async ({
  root,
  dataDir,
  persist,
  ports,
  log = console.log,
}: SystemOptions): Promise<RunningSystem> => {
  const logDir = path.join(dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const mongoUri =
      process.env.MONGODB_URI ??
      (await (async () => {
        log('Starting the MongoDB-wire server…');
        const mongo = await startMongo(persist ? { dataFile: path.join(dataDir, 'mongo.h2') } : {});
        stops.push(() => mongo.stop());
        return mongo.uri;
      })());
    const redisUrl =
      process.env.REDIS_URL ??
      (await (async () => {
        log('Starting Redis…');
        const redisDir = path.join(dataDir, 'redis');
        mkdirSync(redisDir, { recursive: true });
        const redis = await startRedis(persist ? { dir: redisDir, persist: true } : {});
        stops.push(() => redis.stop());
        return redis.url;
      })());
    const natsUrl =
      process.env.NATS_URL ??
      (await (async () => {
        // npm start takes NATS' usual port when it is free (so `nats sub '>'` finds it); tests always a free one.
        const port =
          ports === 'default' && (await portIsFree(NATS_DEFAULT_PORT)) ? NATS_DEFAULT_PORT : undefined;
        log('Starting NATS…');
        const nats = await startNats({ port });
        stops.push(() => nats.stop());
        return nats.url;
      })());

    const { services, gateway, gatewayBehindFront, streamChecks } =
      ports === 'free'
        ? await freePorts()
        : {
            services: DEFAULT_PORTS,
            gateway: DEFAULT_GATEWAY_PORT,
            gatewayBehindFront: DEFAULT_GATEWAY_BEHIND_FRONT_PORT,
            streamChecks: DEFAULT_STREAM_CHECKS_PORT,
          };
    const front = useFrontProxy(log);
    const fakes = await startDevFakes({ dataDir, gatewayUrl: `http://127.0.0.1:${gateway}`, log });
    stops.push(() => fakes.stop());
    const shared = {
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      ...fakes.env,
      MONGODB_URI: mongoUri,
      REDIS_URL: redisUrl,
      NATS_URL: natsUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HTTP_HOST: '127.0.0.1',
      // Where browsers reach the product: the gateway's callback URLs and auth-service's mailed links.
      PUBLIC_URL: `http://localhost:${gateway}`,
    };

    const media = mediaEnv(root, dataDir, persist);
    for (const seed of SEEDS) {
      log(`${seed.label}…`);
      await runStep(seed.label, process.execPath, [seed.script], {
        cwd: root,
        env: { ...process.env, ...shared, ...media.seed },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    }

    const processes: Managed[] = [];
    for (const [name, port] of Object.entries(services) as Array<[ServiceName, ServicePorts]>) {
      const proc = startLogged(
        name,
        `dist/apps/${name}/main.js`,
        {
          ...shared,
          ...(name === 'streaming-service' ? media.service : {}),
          ...(name === 'streaming-service' && front
            ? {
                STREAM_ACCEL_REDIRECT: MEDIA_ACCEL_PREFIX,
                STREAM_DELIVERY_PORT: String(streamChecks),
                STREAM_EDGE_SECRET: media.edge.secret,
                STREAM_EDGE_REVOKED_DIR: media.edge.revokedDir,
              }
            : {}),
          HTTP_PORT: String(port.http),
        },
        logDir,
        root,
      );
      processes.push(proc);
      stops.push(() => proc.stop());
    }
    const webDist = path.join(root, 'dist/apps/web');
    const gatewayEnv: Record<string, string> = {
      ...fakes.env,
      ...LAUNCHED_GATEWAY_ENV,
      // Behind nginx the gateway listens on loopback only: nginx is the one URL.
      ...(front ? { HOST: '127.0.0.1', PORT: String(gatewayBehindFront) } : { PORT: String(gateway) }),
      PUBLIC_URL: shared.PUBLIC_URL,
      // Where the rate limits are counted, shared by every gateway replica.
      REDIS_URL: redisUrl,
      // Every service is reached through NATS: no per-service address.
      NATS_URL: natsUrl,
      ...(persist ? {} : TEST_RATE_LIMITS),
      STREAMING_HTTP_URL: `http://127.0.0.1:${services['streaming-service'].http}`,
      ...(existsSync(path.join(webDist, 'index.html')) ? { WEB_DIST_DIR: webDist } : {}),
    };
    const gatewayProc = startLogged('api-gateway', 'dist/apps/api-gateway/main.js', gatewayEnv, logDir, root);
    processes.push(gatewayProc);
    stops.push(() => gatewayProc.stop());
    let frontProxy: FrontProxyHandle | undefined;
    if (front) {
      log('Starting nginx in front (the one URL; video bytes by sendfile)…');
      frontProxy = await startFrontProxy({
        dir: path.join(dataDir, 'front-proxy'),
        port: gateway,
        host: LAUNCHED_GATEWAY_ENV.HOST,
        gatewayPort: gatewayBehindFront,
        streamingPort: services['streaming-service'].http,
        streamChecksPort: streamChecks,
        mediaDir: media.service.MEDIA_DIR,
        errorLog: path.join(logDir, 'front-proxy.log'),
        edge: media.edge,
        apiAdmission: {
          maxInFlight: frontProxyApiPlaces(),
          retryAfterSeconds: OVERLOADED_RETRY_AFTER_SECONDS,
          code: ErrorCode.Overloaded,
          message: PRODUCT_BUSY_MESSAGE,
        },
      });
      const proxy = frontProxy;
      stops.push(() => proxy.stop());
    }

    const url = `http://localhost:${gateway}`;
    log('Waiting for every service to report healthy and every seeded title to play…');
    await waitUntilReady(
      () =>
        waitForHttp(`${url}/api/health`, 90_000, () =>
          processes.every((p) => p.child.exitCode === null),
        ).catch((error: Error) => {
          const dead = processes
            .filter((p) => p.child.exitCode !== null)
            .map((p) => `${logDir}/${p.name}.log`);
          const hint = dead.length
            ? `; it stopped, see ${dead.join(', ')} (is port ${gateway} or a service port already in use?)`
            : '';
          throw new Error(`${error.message}${hint}`);
        }),
      READY_STEPS.map(
        (step) => (signal) =>
          runStep(step.label, process.execPath, [step.script], {
            cwd: root,
            env: { ...process.env, ...shared },
            stdio: ['ignore', 'inherit', 'inherit'],
            signal,
          }),
      ),
    );
    return { url, logDir, mongoUri, redisUrl, natsUrl, services, processes, frontProxy, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
};
