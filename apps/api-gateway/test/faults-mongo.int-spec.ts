import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { ErrorCode, HealthStatus, MovieRpc, MovieStatus } from '@app/contracts';
import type { HealthReport, Movie, Page } from '@app/contracts';
import { startMongo, type MongoHandle } from '@app/local-infra';
import { ServiceClient } from '@app/server-core';
import { suiteInfra, testNatsUrl, uniqueSuffix, waitUntil } from '@app/server-testing';
import { type Answer, timedCall } from './faults';
import { startGateway } from './gateway-harness';
import { startServiceProcess, type LogLine, type ServiceProcess } from './service-process';

/**
 * The fail-fast bound: services give up on an absent MongoDB after 1 s (server selection, CoreModule); the rest is
 * two process hops on a loaded 2-core box. Before, the same request waited 5-10 s and answered 500.
 */
const FAIL_FAST_MS = 2_500;
/** Recovery: the next operation re-checks the server at once, so a few seconds at most. */
const RECOVERY_MS = 15_000;
/** The text every service answers with while its database is away (libs/server-core, database). */
const UNAVAILABLE = 'The database is unavailable right now; try again in a moment.';

/** Polls until `path` of `baseUrl` answers 200; returns that answer and how long it took since `since`. */
const firstOk = async (baseUrl: string, path: string, since: number) => {
  let answer: Answer<unknown> | undefined;
  await waitUntil(
    async () => {
      answer = await timedCall<unknown>(baseUrl, { path });
      return answer.status === 200;
    },
    `${path} to answer 200 again`,
    RECOVERY_MS,
  );
  return { answer: answer as Answer<unknown>, afterMs: Math.round(performance.now() - since) };
};

/**
 * Issue 15, faults: the MongoDB-wire server of a running catalogue-service (a process of its own, as a pod) is
 * stopped and started again on the same port and data file. Meanwhile requests that need the database answer 503
 * within about a second with the house message, health says the database is down, and afterwards the same process serves the
 * same data again by itself. A replica started while the database is away waits for it.
 */
describe('MongoDB restarted under a running service', () => {
  const infra = suiteInfra('gateway-faults-mongo');
  const suffix = uniqueSuffix();
  // A database of this run, so list pages cached in the shared Redis by an earlier run never answer for it.
  const env = () => ({
    MONGODB_URI: mongo.uri,
    MONGODB_DB: `faults_mongo_${suffix}`,
    REDIS_URL: infra.redisUrl,
  });
  const replicas: ServiceProcess[] = [];
  const figures: string[] = [];
  let dataDir: string;
  let dataFile: string;
  let port: number;
  let mongo: MongoHandle;
  let gateway: INestApplication;
  let url: string;
  let movie: Movie;
  /** A title whose page nobody asks for before the outage: nothing of it is kept in Redis. */
  let unasked: Movie;

  /** What the gateway's /api/health says of catalogue-service (the other services are not running here). */
  const catalogueHealth = async () =>
    (await timedCall<HealthReport>(url, { path: '/api/health' })).body?.components['catalogue-service'];

  const restartMongo = async () => {
    mongo = await startMongo({ dataFile, port });
    return performance.now();
  };

  beforeAll(async () => {
    // Not suiteInfra's server (other suites use it): this one is stopped and started again, on a file.
    dataDir = await mkdtemp(path.join(tmpdir(), 'faults-mongo-'));
    dataFile = path.join(dataDir, 'mongo.h2');
    mongo = await startMongo({ dataFile });
    port = Number(new URL(mongo.uri).port);
    replicas.push(await startServiceProcess('catalogue-service', env()));
    ({ app: gateway, url } = await startGateway());

    // Created as the gateway creates one for an admin: the service's own RPC.
    const catalogue = ServiceClient.connect(
      'catalogue-service',
      { url: testNatsUrl() },
      { timeoutMs: 10_000 },
    );
    const create = (title: string) =>
      catalogue.send(MovieRpc.create, {
        title,
        description: 'A title that outlives a database restart.',
        genre: 'Drama',
        rating: 7.5,
        classification: 'UA13',
        descriptors: [],
        posterUrl: 'https://posters.example/outage.jpg',
        status: MovieStatus.Published,
      });
    try {
      movie = await create(`Outage ${suffix}`);
      unasked = await create(`Unasked ${suffix}`);
    } finally {
      await catalogue.close();
    }
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await mongo?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (figures.length) process.stderr.write(`faults-mongo figures: ${figures.join('; ')}\n`);
  });

  it('fails fast with 503 while MongoDB is away, reports it down, and serves again by itself when it is back', async () => {
    const [service] = replicas;
    const kept = { path: `/api/movies/${movie.id}` };
    // Nothing of these is kept in Redis yet (the first list of this database, a page never asked): they need MongoDB.
    const detail = { path: `/api/movies/${unasked.id}` };
    const list = { path: '/api/movies?page=1&pageSize=5' };
    const keptPage = await timedCall(url, kept);
    expect(keptPage.status).toBe(200);

    await mongo.stop();
    const linesBefore = service.lines.length;
    const outage = [await timedCall(url, detail), await timedCall(url, list), await timedCall(url, detail)];
    // A viewer's title page asked before is kept with the lists (issue 29 §3): it still answers.
    const keptDuringOutage = await timedCall(url, kept);
    expect(keptDuringOutage.status).toBe(200);
    expect(keptDuringOutage.body).toEqual(keptPage.body);
    const gatewayHealth = await catalogueHealth();
    const serviceHealth = await timedCall<HealthReport>(service.httpUrl, { path: '/health' });
    // Liveness leaves the database out: k8s must not restart replicas that recover by themselves.
    const serviceLive = await timedCall(service.httpUrl, { path: '/health/live' });

    for (const answer of outage) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        code: ErrorCode.ServiceUnavailable,
        message: UNAVAILABLE,
        correlationId: expect.any(String),
      });
      expect(answer.ms).toBeLessThan(FAIL_FAST_MS);
    }
    figures.push(`503 in ${outage.map((answer) => Math.round(answer.ms)).join(' / ')} ms`);
    expect(gatewayHealth).toEqual({
      status: HealthStatus.Down,
      message: expect.stringContaining('mongo down'),
    });
    expect(serviceHealth.status).toBe(503);
    const { mongo: db, redis } = (serviceHealth.body as HealthReport).components;
    expect([db.status, redis.status]).toEqual([HealthStatus.Down, HealthStatus.Up]);
    expect(serviceLive.status).toBe(200);

    // The service warned once per refused request, by correlation id, and logged no error (no stack per request).
    const outageLines: LogLine[] = service.lines.slice(linesBefore);
    const warned = outageLines.filter((line) => line.msg === 'database unavailable');
    expect(warned.map((line) => [line.level, line.correlationId])).toEqual(
      outage.map((answer) => ['warn', answer.body?.correlationId]),
    );
    expect(outageLines.filter((line) => line.level === 'error')).toEqual([]);

    const restarted = await restartMongo();
    const detailAgain = await firstOk(url, detail.path, restarted);
    const listAgain = await firstOk(url, list.path, restarted);
    figures.push(
      `200 again ${detailAgain.afterMs} ms (detail) / ${listAgain.afterMs} ms (list) after the restart`,
    );
    expect(detailAgain.answer.body).toMatchObject({ id: unasked.id, title: unasked.title });
    expect((listAgain.answer.body as Page<Movie>).data.map((m) => m.id).sort()).toEqual(
      [movie.id, unasked.id].sort(),
    );
    await waitUntil(
      async () => (await catalogueHealth())?.status === HealthStatus.Up,
      'the gateway health to report catalogue-service up',
      RECOVERY_MS,
    );
    // The same process served throughout: it never exited.
    expect(service.lines.filter((line) => line.msg === 'ready')).toHaveLength(1);
  });

  it('keeps a replica started while MongoDB is away waiting, and it serves once the database is back', async () => {
    // Only the new replica answers from here on.
    await replicas[0].stop();
    await mongo.stop();
    const lines: LogLine[] = [];
    const starting = startServiceProcess('catalogue-service', env(), lines);
    // Kept to be stopped by afterAll even if this test fails early.
    const late = starting.then((replica) => {
      replicas.push(replica);
      return replica;
    });
    void late.catch(() => undefined);

    await waitUntil(
      async () => lines.some((line) => line.msg?.startsWith('Unable to connect to the database')),
      'the new replica to try its database',
      60_000,
    );
    const restarted = await restartMongo();
    await late;
    figures.push(`late replica ready ${Math.round(performance.now() - restarted)} ms after the database`);

    const detail = await timedCall(url, { path: `/api/movies/${movie.id}` });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: movie.id, title: movie.title });
  });
});
