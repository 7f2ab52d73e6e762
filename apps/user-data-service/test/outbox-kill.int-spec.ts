import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { UserDataRpc } from '@app/contracts';
import { EventConsumer, OUTBOX_COLLECTION, ServiceClient } from '@app/server-core';
import {
  eventsOnStream,
  newId,
  startServiceProcess,
  suiteInfra,
  uniqueSuffix,
  waitUntil,
  type ServiceProcess,
} from '@app/server-testing';

/** Short, so the restarted process takes over what the dead one left within a second. */
const GRACE_MS = 500;
const RELAY_INTERVAL_MS = 100;

// Issue 29 §1: user-data-service, run as its own process, dies between storing a favorite and publishing
// `favorite.added` (the outbox's test hook kills it right after the change). Restarted, it announces the favorite:
// the event reaches the stream exactly once, under the id stored before the change, and a consumer applies it once.
describe('user-data-service killed between the write and the publish (issue 29 §1)', () => {
  const infra = suiteInfra('user-data-outbox-kill');
  let redis: Redis;
  let db: Connection;
  let client: ServiceClient;
  let consumer: EventConsumer;
  const processes: ServiceProcess[] = [];
  /** favorite.added events the witness consumer group applied, by user id. */
  const applied = new Map<string, number>();

  const start = async (env: Record<string, string> = {}) => {
    const started = await startServiceProcess('user-data-service', {
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'user-data-outbox-kill-')),
      OUTBOX_GRACE_MS: String(GRACE_MS),
      OUTBOX_RELAY_INTERVAL_MS: String(RELAY_INTERVAL_MS),
      ...env,
    });
    processes.push(started);
    return started;
  };
  const outboxEntries = () => db.collection(OUTBOX_COLLECTION).find().toArray();
  const additionsOf = async (userId: string) =>
    (await eventsOnStream(redis, 'favorite.added')).filter((event) => event.payload.userId === userId);

  beforeAll(async () => {
    redis = new Redis(infra.redisUrl);
    db = await mongoose.createConnection(infra.mongoUri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
    // No retries: the first process never answers the add it dies in.
    client = ServiceClient.connect('user-data-service', { url: infra.natsUrl }, { timeoutMs: 5_000 });
    consumer = new EventConsumer(redis, {
      group: `outbox-kill-witness-${uniqueSuffix()}`,
      blockMs: 100,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      handlers: {
        'favorite.added': async ({ payload }) => {
          applied.set(payload.userId, (applied.get(payload.userId) ?? 0) + 1);
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

  it('announces the stored favorite once after the restart, and the favorite stays', async () => {
    const dying = await start({ OUTBOX_TEST_CRASH_AFTER_CHANGE: 'favorite.added' });
    const userId = newId();
    const movieId = newId();

    // The favorite is stored, then the process is killed before marking or publishing its event: no answer comes.
    const add = client.request(UserDataRpc.addFavorite.pattern, {
      userId,
      movieId,
      snapshot: { title: 'Lagaan', posterUrl: '/posters/lagaan.svg', genre: 'Drama', rating: 8.1 },
    });
    await expect(add).rejects.toBeDefined();
    expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const favorite = await db.collection('favorites').findOne({ userId, movieId });
    if (!favorite) throw new Error('the add stored no favorite');
    expect(await additionsOf(userId)).toEqual([]);
    const left = await outboxEntries();
    expect(left.map(({ type, state }) => ({ type, state }))).toEqual([
      { type: 'favorite.added', state: 'pending' },
    ]);
    const storedId = left[0]._id;

    // Restarted (no hook): its relay finds the favorite stored, so the add was made, and announces it.
    const restarted = await start();
    await waitUntil(
      async () => (await additionsOf(userId)).length > 0 && (await outboxEntries()).length === 0,
      'the restarted service to announce the favorite and empty its outbox',
    );
    await waitUntil(async () => applied.has(userId), 'the witness consumer to apply it');
    // Several relay rounds later, still once.
    await sleep(5 * RELAY_INTERVAL_MS + GRACE_MS);
    const additions = await additionsOf(userId);
    expect(additions.map(({ id, payload }) => ({ id, payload }))).toEqual([
      { id: storedId, payload: { userId, movieId, addedAt: favorite.addedAt.toISOString() } },
    ]);
    expect(applied.get(userId)).toBe(1);
    // The favorite is listed as stored.
    await expect(client.request(UserDataRpc.listFavorites.pattern, { userId })).resolves.toEqual([
      expect.objectContaining({ movieId, addedAt: favorite.addedAt.toISOString() }),
    ]);
    const metrics = await (await fetch(`${restarted.httpUrl}/metrics`)).text();
    expect(metrics).toContain('outbox_published_total{by="relay"} 1');
    expect(metrics).toContain('outbox_waiting{state="pending"} 0');
  });
});
