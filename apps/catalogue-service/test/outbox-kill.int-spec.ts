import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { MovieRpc, SeriesRpc } from '@app/contracts';
import { EventConsumer, OUTBOX_COLLECTION, ServiceClient } from '@app/server-core';
import {
  eventsOnStream,
  startServiceProcess,
  suiteInfra,
  uniqueSuffix,
  waitUntil,
  type ServiceProcess,
} from '@app/server-testing';

/** Short, so the restarted process takes over what the dead one left within a second. */
const GRACE_MS = 500;
const RELAY_INTERVAL_MS = 100;

// Issue 29 §1: catalogue-service, run as its own process, dies between a write and its events' publish (the outbox's
// test hook kills it right after the change): publishing a draft (`movie.published`), removing a series
// (`episode.deleted`, `series.deleted`). Restarted, it announces them: each event reaches the stream exactly once, under
// the id stored before the change, and a consumer applies it once.
describe('catalogue-service killed between the write and the publish (issue 29 §1)', () => {
  const infra = suiteInfra('catalogue-outbox-kill');
  let redis: Redis;
  let db: Connection;
  let client: ServiceClient;
  let consumer: EventConsumer;
  const processes: ServiceProcess[] = [];
  /** movie.published events the witness consumer group applied, by movie id. */
  const applied = new Map<string, number>();

  const start = async (env: Record<string, string> = {}) => {
    const started = await startServiceProcess('catalogue-service', {
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_GRACE_MS: String(GRACE_MS),
      OUTBOX_RELAY_INTERVAL_MS: String(RELAY_INTERVAL_MS),
      ...env,
    });
    processes.push(started);
    return started;
  };
  const outboxEntries = () => db.collection(OUTBOX_COLLECTION).find().toArray();
  /** Events of `type` on the stream whose payload names `id` (a movie, series or episode id). */
  const eventsNaming = async (type: 'series.deleted' | 'episode.deleted', id: string) =>
    (await eventsOnStream(redis, type)).filter((event) => Object.values(event.payload).includes(id));
  const publicationsOf = async (movieId: string) =>
    (await eventsOnStream(redis, 'movie.published')).filter((event) => event.payload.movieId === movieId);

  beforeAll(async () => {
    redis = new Redis(infra.redisUrl);
    db = await mongoose.createConnection(infra.mongoUri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
    // No retries: the first process never answers the publish it dies in.
    client = ServiceClient.connect('catalogue-service', { url: infra.natsUrl }, { timeoutMs: 5_000 });
    consumer = new EventConsumer(redis, {
      group: `outbox-kill-witness-${uniqueSuffix()}`,
      blockMs: 100,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      handlers: {
        'movie.published': async ({ payload }) => {
          applied.set(payload.movieId, (applied.get(payload.movieId) ?? 0) + 1);
        },
      },
    });
    await consumer.start();
  });

  afterAll(async () => {
    await Promise.all(processes.map((started) => started.kill()));
    await consumer?.stop();
    await client?.close();
    await db?.dropDatabase();
    await db?.close();
    redis?.disconnect();
  });

  it('announces the published title once after the restart, and it stays published', async () => {
    const dying = await start({ OUTBOX_TEST_CRASH_AFTER_CHANGE: 'movie.published' });
    const draft = MovieRpc.create.reply.parse(
      await client.request(MovieRpc.create.pattern, {
        title: `Lagaan ${uniqueSuffix()}`,
        description: 'Cricket.',
        genre: 'Drama',
        rating: 8.1,
        posterUrl: 'https://x.in/p.jpg',
      }),
    );
    const movieId = draft.id;

    // The draft is published, then the process is killed before marking or publishing its event: no answer comes.
    await expect(client.request(MovieRpc.publish.pattern, { id: movieId })).rejects.toBeDefined();
    expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const stored = await db.collection('movies').findOne({ _id: new mongoose.Types.ObjectId(movieId) });
    expect(stored).toMatchObject({ status: 'published', publishDate: expect.any(Date) });
    expect(await publicationsOf(movieId)).toEqual([]);
    const left = await outboxEntries();
    expect(left.map(({ type, state }) => ({ type, state }))).toEqual([
      { type: 'movie.published', state: 'pending' },
    ]);
    const storedId = left[0]._id;

    // Restarted (no hook): its relay finds the title published at the stored date, and announces it.
    const restarted = await start();
    await waitUntil(
      async () => (await publicationsOf(movieId)).length > 0 && (await outboxEntries()).length === 0,
      'the restarted service to announce the title and empty its outbox',
    );
    await waitUntil(async () => applied.has(movieId), 'the witness consumer to apply it');
    // Several relay rounds later, still once.
    await sleep(5 * RELAY_INTERVAL_MS + GRACE_MS);
    const publications = await publicationsOf(movieId);
    expect(
      publications.map(({ id, payload }) => ({ id, movieId: payload.movieId, at: payload.publishDate })),
    ).toEqual([{ id: storedId, movieId, at: (stored?.publishDate as Date).toISOString() }]);
    expect(applied.get(movieId)).toBe(1);
    const metrics = await (await fetch(`${restarted.httpUrl}/metrics`)).text();
    expect(metrics).toContain('outbox_published_total{by="relay"} 1');
    expect(metrics).toContain('outbox_waiting{state="pending"} 0');
  });

  it('announces a removed series and its episode once each after the restart', async () => {
    await Promise.all(processes.map((started) => started.kill()));
    const dying = await start({ OUTBOX_TEST_CRASH_AFTER_CHANGE: 'series.deleted' });
    const series = SeriesRpc.create.reply.parse(
      await client.request(SeriesRpc.create.pattern, {
        title: `Paatal Lok ${uniqueSuffix()}`,
        description: 'Crime.',
        genre: 'Drama',
        rating: 7,
        posterUrl: 'https://x.in/p.jpg',
        status: 'published',
      }),
    );
    await client.request(SeriesRpc.addSeason.pattern, { seriesId: series.id, season: { number: 1 } });
    const episode = SeriesRpc.addEpisode.reply.parse(
      await client.request(SeriesRpc.addEpisode.pattern, {
        seriesId: series.id,
        seasonNumber: 1,
        episode: { number: 1, title: 'Pilot' },
      }),
    );

    // The series and its episode are removed, then the process is killed before their events are published.
    await expect(client.request(SeriesRpc.remove.pattern, { id: series.id })).rejects.toBeDefined();
    expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await db.collection('series').findOne({ _id: new mongoose.Types.ObjectId(series.id) })).toBeNull();
    expect(await eventsNaming('series.deleted', series.id)).toEqual([]);
    expect((await outboxEntries()).map(({ type, state }) => ({ type, state }))).toEqual([
      { type: 'episode.deleted', state: 'pending' },
      { type: 'series.deleted', state: 'pending' },
    ]);

    await start();
    await waitUntil(
      async () =>
        (await eventsNaming('series.deleted', series.id)).length > 0 && (await outboxEntries()).length === 0,
      'the restarted service to announce the removal and empty its outbox',
    );
    await sleep(5 * RELAY_INTERVAL_MS + GRACE_MS);
    expect(await eventsNaming('series.deleted', series.id)).toHaveLength(1);
    expect((await eventsNaming('episode.deleted', episode.id)).map(({ payload }) => payload)).toEqual([
      { episodeId: episode.id, seriesId: series.id },
    ]);
  });
});
