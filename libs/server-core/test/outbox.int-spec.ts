import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { ErrorCode } from '@app/contracts';
import {
  createRedisClient,
  ENVELOPE_FIELD,
  EventBus,
  Outbox,
  OUTBOX_COLLECTION,
  OutboxRepository,
  OutboxState,
  type SettledChecks,
} from '../src';
import { requireEnv, waitUntil } from './int-helpers';

type StreamEvent = { id: string; type: string; occurredAt: string; payload: { userId: string } };

// The outbox against the real MongoDB-wire server and Redis: an event stored before its change reaches the stream
// once, under its stored id, when the publish fails, when the process dies before saying whether its change was
// made, and when several replicas relay at once.
describe('event outbox', () => {
  let redis: Redis;
  let connection: Connection;
  let store: OutboxRepository;
  let stream: string;
  /** The users whose deletion is stored: what the settled check of `user.deleted` reads. */
  let deletedUsers: Set<string>;
  const checks: SettledChecks = { 'user.deleted': async ({ userId }) => deletedUsers.has(userId) };
  /** A client whose Redis is gone: every command fails as an outage does ("Connection is closed."). */
  const redisAway = async () => {
    const client = createRedisClient(requireEnv('REDIS_URL')).on('error', () => undefined);
    await client.quit();
    return client;
  };

  const outboxOn = (bus: EventBus, graceMs = 60_000) => new Outbox(store, bus, checks, { graceMs });
  const busOn = (client: Redis) => new EventBus(client, { stream });
  const onStream = async () =>
    (await redis.xrange(stream, '-', '+')).map(
      ([, fields]) => JSON.parse(fields[fields.indexOf(ENVELOPE_FIELD) + 1]) as StreamEvent,
    );
  const entries = () => connection.collection(OUTBOX_COLLECTION).find().toArray();
  const deleted = (userId: string) => ({ type: 'user.deleted' as const, payload: { userId } });

  beforeAll(async () => {
    redis = new Redis(requireEnv('REDIS_URL'));
    connection = await mongoose
      .createConnection(requireEnv('MONGODB_URI'), {
        dbName: `test_server_core_outbox_${randomUUID().slice(0, 8)}`,
        serverSelectionTimeoutMS: 10_000,
      })
      .asPromise();
    store = new OutboxRepository(connection);
    // As MongoModelsReady does in a service: indexes before the first write.
    await Promise.all(Object.values(connection.models).map((model) => model.init()));
  });

  beforeEach(() => {
    stream = `test.outbox.${randomUUID()}`;
    deletedUsers = new Set();
  });

  afterEach(async () => {
    await redis.del(stream);
    await connection.collection(OUTBOX_COLLECTION).deleteMany({});
  });

  afterAll(async () => {
    await redis?.quit();
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('stores the event before the change, publishes it under that id after, and keeps nothing', async () => {
    const outbox = outboxOn(busOn(redis));
    let storedBefore: unknown[] = [];
    await outbox.announce(deleted('u1'), async () => {
      storedBefore = await entries();
      deletedUsers.add('u1');
    });
    expect(storedBefore).toEqual([
      expect.objectContaining({ type: 'user.deleted', state: OutboxState.Pending }),
    ]);
    expect(await onStream()).toEqual([
      expect.objectContaining({ id: (storedBefore[0] as { _id: string })._id, payload: { userId: 'u1' } }),
    ]);
    expect(await entries()).toEqual([]);
  });

  it('while Redis is away: the request fails with 503, the event waits ready, and a relay publishes it once', async () => {
    const away = await redisAway();
    await expect(
      outboxOn(busOn(away)).announce(deleted('u2'), async () => {
        deletedUsers.add('u2');
      }),
    ).rejects.toMatchObject({ code: ErrorCode.ServiceUnavailable });
    const [waiting] = await entries();
    expect(waiting).toMatchObject({ state: OutboxState.Ready, payload: { userId: 'u2' } });

    // Another replica (or this one, Redis back) relays it.
    const relay = outboxOn(busOn(redis));
    await relay.relay();
    await relay.relay();
    expect(await onStream()).toEqual([
      {
        id: waiting._id,
        type: 'user.deleted',
        occurredAt: (waiting.occurredAt as Date).toISOString(),
        payload: { userId: 'u2' },
      },
    ]);
    expect(await entries()).toEqual([]);
  });

  it('after the process left its entries pending: publishes a change that was made, drops one that was not', async () => {
    // Long enough that a slow machine is still inside it when the first relay runs (200 ms was not, once).
    const graceMs = 3_000;
    const dying = outboxOn(busOn(redis), graceMs);
    // The database's reply is lost: whether the change landed is not known to the request.
    const lostReply = (userId: string, landed: boolean) =>
      dying.announce(deleted(userId), async () => {
        if (landed) deletedUsers.add(userId);
        throw new Error('connection reset');
      });
    await expect(lostReply('made', true)).rejects.toThrow('connection reset');
    await expect(lostReply('never-made', false)).rejects.toThrow('connection reset');
    expect(await entries()).toHaveLength(2);

    const relay = outboxOn(busOn(redis), graceMs);
    expect(await relay.relay()).toBe(0);
    await sleep(graceMs);
    await waitUntil(
      'both entries are settled',
      async () => (await relay.relay(), (await entries()).length === 0),
    );
    expect((await onStream()).map(({ payload }) => payload.userId)).toEqual(['made']);
  });

  it('three replicas relaying at once publish each waiting event exactly once', async () => {
    const away = await redisAway();
    const failing = outboxOn(busOn(away));
    const users = Array.from({ length: 12 }, (_, i) => `user-${String(i).padStart(2, '0')}`);
    for (const userId of users) {
      await failing.announce(deleted(userId), async () => undefined).catch(() => undefined);
    }
    expect(await entries()).toHaveLength(users.length);

    const replicas = [1, 2, 3].map(() => outboxOn(busOn(redis)));
    await Promise.all(replicas.map((replica) => replica.relay()));
    const published = await onStream();
    expect(published.map(({ payload }) => payload.userId).sort()).toEqual(users);
    expect(new Set(published.map(({ id }) => id)).size).toBe(users.length);
    expect(await entries()).toEqual([]);
  });
});
