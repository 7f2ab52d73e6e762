import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { MovieAccess, MoviePatterns, PaymentPatterns, PlaybackEvent, SeriesPatterns } from '@app/contracts';
import type { ApiError, Favorite, HeartbeatReply, HistoryPage, PlaybackSession } from '@app/contracts';
import { findStablePort, startRedis, type RedisHandle } from '@app/local-infra';
import { createRedisClient, EventConsumer } from '@app/server-core';
import { dropDatabase, newId, planEntitlement, suiteInfra, waitUntil } from '@app/server-testing';
import { fakeMovie, moviePlayable } from './fakes';
import { callGateway, startFakeService, startGateway, standIn } from './gateway-harness';
import { recordReadyAssets, signUp, startServiceProcesses, suiteSecrets } from './real-services';
import type { ServiceProcess } from './service-process';

// Issue 15 part 4: Redis restarted during load. A signed-in viewer's players send steady progress reports
// (streaming-service: lease renewal in Redis, then `watch.progressed` on the Redis stream → user-data-service's
// history) and favourites (user-data-service: MongoDB, then `favorite.added`), while this suite's own Redis (AOF on,
// in a temp dir, on a fixed port) is stopped with SIGTERM and started again on the same port and dir. Real
// auth-service, streaming-service and user-data-service processes; catalogue and payment-service, which hold no
// state of this test, are stand-ins in this process.

/** Players of the one viewer, each on its own title (its own lease and history record). */
const PLAYERS = 3;
/** A player's pause between two requests: steady load a loaded 2-core machine keeps up with. */
const PACE_MS = 40;
/** Every this many progress reports a player also adds a favourite. */
const FAVOURITE_EVERY = 4;
/** Accepted progress reports each player needs before the restart, and again after it. */
const REPORTS_PER_PHASE = 15;
/** Upper bound of the load (the environment's rule: load loops are bounded in count and time). */
const MAX_LOAD_MS = 120_000;
/**
 * How long Redis stays down: a restart by a process manager or kubelet, with its AOF to load, takes about a
 * second (here redis-server alone comes back in about 100 ms, which hides what a real restart does).
 */
const DOWN_MS = 1_000;
const DURATION_SECONDS = 3_600;
/**
 * Watch time each report claims: less than a player's pause between reports, so the lease's clock credits all of it
 * (issue 22: watch time follows the clock) and the history's watch time counts the reports it applied.
 */
const WATCHED_PER_REPORT = 0.03;
const WITNESS_GROUP = 'faults-redis-witness';

/** Catalogue and payment-service as the gateway asks them here: every id is a published title the viewer may watch. */
const FakeCatalogueAndPaymentsModule = standIn({
  [MoviePatterns.get]: ({ id }: { id: string }) => fakeMovie(id, { access: MovieAccess.Free }),
  [SeriesPatterns.playable]: ({ id }: { id: string }) => moviePlayable(fakeMovie(id)),
  [PaymentPatterns.entitlement]: ({ title }: { title: { movieId: string } }) =>
    planEntitlement(title.movieId, { screens: PLAYERS + 1, plan: { id: 'premium', name: 'Premium' } }),
});

/** An answer, and when the request was sent and answered (performance.now()). */
type Outcome = { status: number | string; body: unknown; sentAt: number; answeredAt: number };
type Report = Outcome & { player: number; positionSeconds: number; afterRestart: boolean };
type FavouriteAdd = Outcome & { movieId: string; afterRestart: boolean };

const is2xx = ({ status }: Outcome) => typeof status === 'number' && status >= 200 && status < 300;

const outcomeOf = async (request: () => Promise<Response>): Promise<Outcome> => {
  const sentAt = performance.now();
  try {
    const res = await request();
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as unknown) : null,
      sentAt,
      answeredAt: performance.now(),
    };
  } catch (error) {
    // A refused connection or a reset: recorded as what it was, never as an answer.
    return { status: String(error), body: null, sentAt, answeredAt: performance.now() };
  }
};

describe('Redis restarted during load (issue 15, part 4)', () => {
  const stores = {
    auth: suiteInfra('faults-redis-auth'),
    streaming: suiteInfra('faults-redis-streaming'),
    userData: suiteInfra('faults-redis-user-data'),
  };
  const services: ServiceProcess[] = [];
  let redisDir: string;
  let redisPort: number;
  let redis: RedisHandle;
  let fakes: INestMicroservice;
  let gateway: INestApplication;
  let url: string;
  let witnessRedis: Redis;
  let witness: EventConsumer;
  /** What the witness group read from the stream: favourites added, and progress reports as `player:position`. */
  const seen = { favourites: new Set<string>(), reports: new Set<string>() };
  const movies = Array.from({ length: PLAYERS }, newId);
  let viewer: { id: string; token: string };

  const call = (method: string, path: string, body?: unknown) =>
    callGateway(url, method, path, { body, token: viewer.token });

  const startOwnRedis = () => startRedis({ dir: redisDir, persist: true, port: redisPort });

  beforeAll(async () => {
    redisDir = await mkdtemp(join(tmpdir(), 'faults-redis-'));
    redisPort = await findStablePort();
    redis = await startOwnRedis();
    const outbox = join(redisDir, 'outbox');
    const envOf = (store: (typeof stores)[keyof typeof stores]) => ({
      MONGODB_URI: store.mongoUri,
      MONGODB_DB: store.mongoDb,
      REDIS_URL: redis.url,
      OUTBOX_DIR: outbox,
      MEDIA_DIR: join(redisDir, 'media'),
      ...suiteSecrets('faults-redis'),
    });
    // No files: nothing is streamed here.
    await recordReadyAssets(
      stores.streaming.mongoUri,
      movies.map((movieId) => ({ movieId, durationSeconds: DURATION_SECONDS, renditions: ['720p', '480p'] })),
    );
    await startServiceProcesses(services, [
      ['auth-service', envOf(stores.auth)],
      ['streaming-service', envOf(stores.streaming)],
      ['user-data-service', envOf(stores.userData)],
    ]);
    ({ app: fakes } = await startFakeService(FakeCatalogueAndPaymentsModule));
    // Every request asks auth-service (no session cache), so the session's survival in Redis is what is tested.
    ({ app: gateway, url } = await startGateway({
      REDIS_URL: redis.url,
      SESSION_CACHE_SECONDS: 0,
      LOG_LEVEL: 'error',
    }));
    // A consumer group of its own on the services' stream: sees every event published, as any consumer would.
    // The outage is reported as 'error' events; what the witness reads is what counts.
    witnessRedis = createRedisClient(redis.url).on('error', () => undefined);
    witness = new EventConsumer(witnessRedis, {
      group: WITNESS_GROUP,
      consumer: 'witness',
      blockMs: 500,
      errorBackoffMs: 200,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      handlers: {
        'favorite.added': async ({ payload }) => {
          if (payload.userId === viewer.id) seen.favourites.add(payload.movieId);
        },
        'watch.progressed': async ({ payload }) => {
          const player = movies.indexOf(payload.movieId);
          if (payload.userId === viewer.id) seen.reports.add(`${player}:${payload.positionSeconds}`);
        },
      },
    });
    await witness.start();
    // auth-service keeps the session in Redis.
    viewer = await signUp(url, 'Pw-faults-redis-1');
  }, 180_000);

  afterAll(async () => {
    await witness?.stop();
    witnessRedis?.disconnect();
    await gateway?.close();
    await fakes?.close();
    await Promise.all(services.map((service) => service.stop()));
    await redis?.stop();
    if (redisDir) await rm(redisDir, { recursive: true, force: true });
    await Promise.all(Object.values(stores).map((store) => dropDatabase(store.mongoUri)));
  });

  it('loses no accepted write or event, answers any failure with a clean 503, keeps the session, and goes on', async () => {
    const playbacks: PlaybackSession[] = [];
    for (const movieId of movies) {
      const started = await outcomeOf(() => call('POST', `/api/playback/${movieId}`, {}));
      expect(started.status).toBe(200);
      playbacks.push(started.body as PlaybackSession);
    }

    const reports: Report[] = [];
    const favourites: FavouriteAdd[] = [];
    let afterRestart = false;
    let running = true;
    const loadDeadline = Date.now() + MAX_LOAD_MS;
    const player = async (index: number) => {
      const { leaseId } = playbacks[index];
      let { token } = playbacks[index];
      for (let n = 1; running && Date.now() < loadDeadline; n++) {
        const positionSeconds = n * 10;
        const marker = afterRestart;
        const heartbeat = {
          token,
          leaseId,
          positionSeconds,
          durationSeconds: DURATION_SECONDS,
          // A seek: its position is the player's own, where a tick may run ahead of the clock by 2 s only (the
          // positions jump 10 s per report, and each must arrive as sent to be matched with the witness's).
          event: PlaybackEvent.Seek,
          watchedSeconds: WATCHED_PER_REPORT,
        };
        const outcome = await outcomeOf(() =>
          callGateway(url, 'POST', '/api/playback/heartbeat', { body: heartbeat }),
        );
        reports.push({ player: index, positionSeconds, afterRestart: marker, ...outcome });
        // As the player does: the next report carries the token this one renewed (DECISIONS 35).
        token = (outcome.body as HeartbeatReply | null)?.token ?? token;
        if (n % FAVOURITE_EVERY === 0) {
          const movieId = newId();
          favourites.push({
            movieId,
            afterRestart: marker,
            ...(await outcomeOf(() => call('POST', `/api/users/${viewer.id}/favorites`, { movieId }))),
          });
        }
        await sleep(PACE_MS);
      }
    };
    const acceptedOf = (index: number, phase: boolean) =>
      reports.filter((r) => r.player === index && r.afterRestart === phase && is2xx(r)).length;
    const everyPlayerHas = (phase: boolean) => async () =>
      movies.every((_, index) => acceptedOf(index, phase) >= REPORTS_PER_PHASE);

    const load = Promise.all(movies.map((_, index) => player(index)));
    /** From the moment Redis has stopped to the moment it answers again. */
    const outage = { from: 0, to: 0 };
    try {
      await waitUntil(everyPlayerHas(false), 'reports accepted before the restart', MAX_LOAD_MS);
      await redis.stop();
      outage.from = performance.now();
      await sleep(DOWN_MS);
      redis = await startOwnRedis();
      outage.to = performance.now();
      afterRestart = true;
      await waitUntil(everyPlayerHas(true), 'reports accepted after the restart', MAX_LOAD_MS);
    } finally {
      running = false;
      await load;
    }

    const outcomes = [...reports, ...favourites];
    const failed = outcomes.filter((outcome) => !is2xx(outcome));
    /** Requests that were waiting on their answer while Redis was down: what the restart really met. */
    const acrossOutage = outcomes.filter((o) => o.sentAt < outage.to && o.answeredAt > outage.from);
    const figures = {
      outageMs: Math.round(outage.to - outage.from),
      acrossOutage: acrossOutage.length,
      acrossOutageAccepted: acrossOutage.filter(is2xx).length,
      reports: reports.length,
      reportsAccepted: reports.filter(is2xx).length,
      favourites: favourites.length,
      favouritesAccepted: favourites.filter(is2xx).length,
      failed: failed.map(({ status, body }) => ({ status, code: (body as ApiError | null)?.code })),
      // Reads of the services' consumer groups that failed and were tried again (they wait out a short outage).
      consumerLoopErrors: services
        .flatMap((s) => s.lines)
        .filter((l) => l.msg === 'event consumer loop error').length,
    };
    console.info(`Redis restart under load: ${JSON.stringify(figures)}`);

    // The restart met requests in flight (otherwise this test proved nothing).
    expect(acrossOutage.length).toBeGreaterThan(0);
    // The viewer's session (in Redis, kept by AOF) still signs them in, and nothing was restarted but Redis.
    expect((await call('GET', '/api/user')).status).toBe(200);

    // Every accepted progress report reached user-data-service: each applied report adds WATCHED_PER_REPORT of watch
    // time, and a report is applied once however often it is delivered.
    const historyOf = async () => {
      const res = await call('GET', `/api/users/${viewer.id}/watch-history?page=1&pageSize=50`);
      expect(res.status).toBe(200);
      return ((await res.json()) as HistoryPage).data;
    };
    const acceptedReports = (index: number) => reports.filter((r) => r.player === index && is2xx(r));
    const lastAccepted = (index: number) => Math.max(...acceptedReports(index).map((r) => r.positionSeconds));
    const caughtUp = async () => {
      const history = await historyOf();
      return movies.every((movieId, index) => {
        const item = history.find((entry) => entry.movieId === movieId);
        return item !== undefined && item.positionSeconds >= lastAccepted(index);
      });
    };
    await waitUntil(
      caughtUp,
      'user-data-service to apply the last accepted report of every player',
      60_000,
    ).catch(() => undefined);
    const history = await historyOf();
    for (const [index, movieId] of movies.entries()) {
      const item = history.find((entry) => entry.movieId === movieId);
      const sent = reports.filter((r) => r.player === index).length;
      expect({ movieId, positionSeconds: item?.positionSeconds }).toEqual({
        movieId,
        positionSeconds: lastAccepted(index),
      });
      // Sums of 0.03: compared to a millisecond.
      expect(item?.watchTime).toBeGreaterThanOrEqual(
        acceptedReports(index).length * WATCHED_PER_REPORT - 0.001,
      );
      expect(item?.watchTime).toBeLessThanOrEqual(sent * WATCHED_PER_REPORT + 0.001);
    }

    // Every accepted favourite is stored, and its event reached a consumer group reading the stream.
    const accepted = favourites.filter(is2xx).map((f) => f.movieId);
    await waitUntil(
      async () => accepted.every((movieId) => seen.favourites.has(movieId)),
      'the witness group to read every accepted favourite',
      30_000,
    ).catch(() => undefined);
    const listed = await call('GET', `/api/users/${viewer.id}/favorites`);
    expect(listed.status).toBe(200);
    const stored = new Set(((await listed.json()) as Favorite[]).map((f) => f.movieId));
    // Not asserted, reported: a refused add whose favourite was stored all the same but never announced (the
    // publish after the MongoDB write failed) is the window a transactional outbox would close.
    const refusedYetStored = favourites.filter((f) => !is2xx(f) && stored.has(f.movieId));
    console.info(
      `Refused favourites stored anyway: ${refusedYetStored.length}, of which announced: ${
        refusedYetStored.filter((f) => seen.favourites.has(f.movieId)).length
      }`,
    );
    expect(accepted.filter((movieId) => !stored.has(movieId))).toEqual([]);
    expect(accepted.filter((movieId) => !seen.favourites.has(movieId))).toEqual([]);
    const unseenReports = reports
      .filter(is2xx)
      .filter((r) => !seen.reports.has(`${r.player}:${r.positionSeconds}`));
    expect(unseenReports).toEqual([]);

    // Few failed, each a clean 503 (never a 500 or a dropped connection): at most the one request each player
    // had in flight when Redis went away.
    expect(failed.filter((outcome) => outcome.status !== 503)).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(PLAYERS);
  }, 300_000);
});
