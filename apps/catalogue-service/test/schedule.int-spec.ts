import type { Redis } from 'ioredis';
import { ComingSoonRpc, ErrorCode, MovieRpc, MovieStatus, ScheduleMessages, SeriesRpc } from '@app/contracts';
import { REDIS_CLIENT } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import {
  dropDatabase,
  eventsOnStream,
  failure,
  startServiceUnderTest,
  suiteInfra,
  uniqueSuffix,
  waitUntil,
} from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { MoviesRepository } from '../src/movies/movies.repository';
import { ScheduleRunner } from '../src/schedule/schedule-runner';
import { type ScheduleJob, ScheduleQueue } from '../src/schedule/schedule.queue';
import { catalogueContext } from './catalogue-context';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 28, scheduling on real MongoDB, Redis (BullMQ) and NATS: a scheduled draft goes live with its event once,
 * even when its time passes while no service runs and two replicas come back at once; the same job added twice is
 * one job; a licence end takes the title out of every list while its own reads (what buyers play and keep) answer.
 */
describe('scheduled publishing and licence ends (real MongoDB, Redis and NATS)', () => {
  const infra = suiteInfra('catalogue-schedule');
  const running: ServiceUnderTest[] = [];

  /** A catalogue-service process on the suite's one database: several may run (replicas), one after another (restarts). */
  const start = async () => {
    const module = AppModule.register(
      envSchema.parse({
        MONGODB_URI: infra.mongoUri,
        MONGODB_DB: infra.mongoDb,
        REDIS_URL: infra.redisUrl,
        OUTBOX_RELAY_INTERVAL_MS: '100',
      }),
    );
    const service = await startServiceUnderTest('catalogue-service', module, infra.mongoUri);
    running.push(service);
    return service;
  };

  /** Stops a process, as a deploy or a crash would, leaving the database and Redis as they are. */
  const stop = async (service: ServiceUnderTest) => {
    running.splice(running.indexOf(service), 1);
    await service.client.close();
    await service.app.close();
  };

  afterAll(async () => {
    for (const service of [...running]) await stop(service);
    await dropDatabase(infra.mongoUri);
  });

  const form = (title: string) => ({
    title,
    description: 'Scheduled by a test.',
    genre: 'Drama' as const,
    rating: 7.2,
    posterUrl: 'https://images.example.in/scheduled.jpg',
    classification: 'UA13' as const,
    descriptors: [],
  });

  const publishedEventsOf = async (redis: Redis, movieId: string) =>
    (await eventsOnStream(redis, 'movie.published')).filter(({ payload }) => payload.movieId === movieId);

  it('refuses a schedule in the past or a licence end before the publish time with a 400, storing nothing', async () => {
    const service = await start();
    const title = `Refused ${uniqueSuffix()}`;
    const past = await failure(
      service.call(MovieRpc.create, {
        ...form(title),
        publishAt: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    expect(past).toMatchObject({ code: ErrorCode.ValidationFailed, message: ScheduleMessages.publishAtPast });
    const inverted = await failure(
      service.call(MovieRpc.create, {
        ...form(title),
        publishAt: new Date(Date.now() + 7_200_000).toISOString(),
        availableUntil: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    expect(inverted).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: ScheduleMessages.availableUntilBeforePublish,
    });
    const movies = service.app.get(MoviesRepository);
    expect((await movies.list({ search: title.toLowerCase() }, 'added', 1, 10)).total).toBe(0);

    // An edit of a published title cannot schedule it; the stored title stays as it was.
    const ctx = catalogueContext(service);
    const live = await ctx.newMovie();
    const edit = await failure(
      service.call(MovieRpc.update, {
        id: live.id,
        changes: { description: 'Changed?', publishAt: new Date(Date.now() + 60_000).toISOString() },
      }),
    );
    expect(edit).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: ScheduleMessages.publishAtNotDraft,
    });
    expect(await movies.findById(live.id)).toMatchObject({ description: live.description, publishAt: null });
    await stop(service);
  });

  it('publishes a draft whose time passed while the service was down when it comes back, once, across two replicas', async () => {
    const first = await start();
    const publishAt = new Date(Date.now() + 1_500);
    const draft = await first.call(MovieRpc.create, {
      ...form(`Scheduled ${uniqueSuffix()}`),
      publishAt: publishAt.toISOString(),
    });
    expect(draft).toMatchObject({ status: 'draft', publishAt: publishAt.toISOString() });
    // Coming soon lists it with its date while it waits.
    expect((await first.call(ComingSoonRpc.list, {})).map(({ id }) => id)).toContain(draft.id);
    await stop(first);

    // Its time passes with no process running: nothing publishes it.
    await sleep(publishAt.getTime() - Date.now() + 500);
    const [replicaA, replicaB] = await Promise.all([start(), start()]);
    const movies = replicaA.app.get(MoviesRepository);
    const redis = replicaA.app.get<Redis>(REDIS_CLIENT);

    await waitUntil(
      async () => (await movies.findById(draft.id))?.status === MovieStatus.Published,
      'the scheduled draft to be published after the restart',
    );
    await waitUntil(async () => (await publishedEventsOf(redis, draft.id)).length > 0, 'its movie.published');
    const stored = await movies.findById(draft.id);
    expect(stored).toMatchObject({ status: 'published', publishAt: null });
    expect(stored?.publishDate?.getTime()).toBeGreaterThanOrEqual(publishAt.getTime());

    // Sweeps of both replicas and a job added again do nothing more.
    const job: ScheduleJob = { action: 'publish', kind: 'movie', id: draft.id, at: publishAt.toISOString() };
    await Promise.all([replicaA, replicaB].map((replica) => replica.app.get(ScheduleRunner).sweep()));
    await replicaB.app.get(ScheduleRunner).run(job);
    await sleep(500);
    expect(await publishedEventsOf(redis, draft.id)).toHaveLength(1);
    expect((await replicaA.call(ComingSoonRpc.list, {})).map(({ id }) => id)).not.toContain(draft.id);
    // Live now: listed, and no longer "coming soon".
    expect((await replicaA.call(MovieRpc.get, { id: draft.id, asAdmin: false })).status).toBe('published');
    await failure(replicaA.call(ComingSoonRpc.get, { id: draft.id }));
  });

  it('holds one job for the same schedule added twice, and a new one for a new time', async () => {
    const service = running[0] ?? (await start());
    const queue = service.app.get(ScheduleQueue);
    const id = '0'.repeat(23) + '1';
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const job: ScheduleJob = { action: 'publish', kind: 'movie', id, at };
    await queue.add(job);
    await queue.add(job);
    const held = await queue.find(job);
    expect(held?.id).toBe(`publish-movie-${id}-${new Date(at).getTime()}`);
    expect(await held?.isDelayed()).toBe(true);
    const moved = { ...job, at: new Date(Date.now() + 7_200_000).toISOString() };
    await queue.add(moved);
    expect((await queue.find(moved))?.id).not.toBe(held?.id);
    // The old time's job, should it run, finds no draft scheduled then and does nothing.
    await expect(service.app.get(ScheduleRunner).run(job)).resolves.toBeUndefined();
  });

  it('takes a title whose licence ended out of lists, search, sections and genres, while buyers still reach it', async () => {
    const service = running[0] ?? (await start());
    const redis = service.app.get<Redis>(REDIS_CLIENT);
    const ctx = catalogueContext(service);
    const genre = `Licenced${uniqueSuffix().replace(/[^a-z0-9]/gi, '')}`;
    const movie = await ctx.newMovie({ genre, genres: [genre], popularity: 1e9 });
    const availableUntil = new Date(Date.now() + 1_500);
    const saved = await service.call(MovieRpc.update, {
      id: movie.id,
      changes: { availableUntil: availableUntil.toISOString() },
    });
    expect(saved.availableUntil).toBe(availableUntil.toISOString());

    const searched = async () =>
      (await service.call(MovieRpc.list, { page: 1, pageSize: 20, search: movie.title })).data.map(
        ({ id }) => id,
      );
    const sectioned = async () =>
      Object.values(await service.call(MovieRpc.sections, {}))
        .flatMap((row) => (Array.isArray(row) ? row : row ? [row] : []))
        .map(({ id }) => id);
    // Before its end (and cached so: the end must empty the cache, not wait for it to age).
    expect(await searched()).toContain(movie.id);
    expect(await sectioned()).toContain(movie.id);
    expect(await service.call(MovieRpc.genres, {})).toContain(genre);

    await waitUntil(
      async () => !(await sectioned()).includes(movie.id),
      'the licence end to empty the lists',
    );
    expect(await searched()).not.toContain(movie.id);
    expect(await service.call(MovieRpc.genres, {})).not.toContain(genre);
    // Consumers that keep lists (the recommender) hear it with the end on the card.
    await waitUntil(
      async () =>
        (await eventsOnStream(redis, 'movie.updated')).some(
          ({ payload }) =>
            payload.movieId === movie.id && payload.availableUntil === availableUntil.toISOString(),
        ),
      'movie.updated with the licence end',
    );

    // What a buyer reaches it by still answers: its page, the playable facts (payment-service decides, by the
    // end they carry, that only buyers and running rentals play), and My titles' look-up.
    expect((await service.call(MovieRpc.get, { id: movie.id, asAdmin: false })).id).toBe(movie.id);
    const playable = await service.call(SeriesRpc.playable, { id: movie.id, asAdmin: false });
    expect(playable.facts.availableUntil).toBe(availableUntil.toISOString());
    expect((await service.call(MovieRpc.details, { movieIds: [movie.id] })).map(({ id }) => id)).toEqual([
      movie.id,
    ]);
  });
});
