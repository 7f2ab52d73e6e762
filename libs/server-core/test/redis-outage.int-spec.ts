import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { ErrorCode } from '@app/contracts';
import { findStablePort, startRedis, type RedisHandle } from '@app/local-infra';
import {
  AppError,
  createRedisClient,
  ENVELOPE_FIELD,
  EventBus,
  EventConsumer,
  isRedisUnavailable,
  REDIS_OUTAGE_WAIT_MS,
} from '../src';
import { waitUntil } from './int-helpers';

// The event bus and its consumers against a Redis of this suite's own (AOF on, fixed port) that is stopped and
// started again: what a publish does while Redis is away for less, or more, than the client's wait; whether a
// consumer resumes its group; and where it starts again when Redis came back without its data.

/** Away for this long: well inside REDIS_OUTAGE_WAIT_MS, as a restart is. */
const SHORT_OUTAGE_MS = Math.min(500, REDIS_OUTAGE_WAIT_MS / 4);
/** A client that gives up on Redis sooner, so a long outage takes no more of the test's time than this. */
const QUICK_GIVE_UP_MS = 300;

const published = (n: number) => ({
  movieId: `movie-${n}`,
  title: `Movie ${n}`,
  genre: 'Drama',
  publishDate: '2025-01-01',
});

describe('Redis restarted under the event bus', () => {
  let dir: string;
  let port: number;
  let server: RedisHandle;
  let redis: Redis;
  let stream: string;
  const consumers: EventConsumer[] = [];
  const clients: Redis[] = [];

  const start = (dataDir = dir) => startRedis({ dir: dataDir, persist: true, port });
  const client = (options?: Parameters<typeof createRedisClient>[1]) => {
    // Each outage is reported by an 'error' event; the tests look at what commands do instead.
    const created = createRedisClient(server.url, options).on('error', () => undefined);
    clients.push(created);
    return created;
  };
  const busOn = (on: Redis) => new EventBus(on, { stream });
  /** Envelope ids in the stream, in order. */
  const streamIds = async () =>
    (await redis.xrange(stream, '-', '+')).map(([, fields]) => {
      const value = fields[fields.indexOf(ENVELOPE_FIELD) + 1];
      return (JSON.parse(value) as { id: string }).id;
    });
  /** A consumer of this test's stream recording each movie.published it handles (event ids, in order). */
  const consumer = (group: string) => {
    const handled: string[] = [];
    const created = new EventConsumer(redis, {
      group,
      consumer: `${group}-1`,
      stream,
      deadLetterStream: `${stream}:dead`,
      blockMs: 200,
      errorBackoffMs: 50,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      handlers: {
        'movie.published': async (event) => {
          handled.push(event.id);
        },
      },
    });
    consumers.push(created);
    return Object.assign(created, { handled });
  };
  const restart = async (dataDir?: string) => {
    await server.stop();
    await sleep(SHORT_OUTAGE_MS);
    server = await start(dataDir);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redis-outage-'));
    port = await findStablePort();
    server = await start();
  });

  beforeEach(() => {
    stream = `events-${randomUUID()}`;
    redis = client();
  });

  afterEach(async () => {
    // Closed even when a stop fails: a client left open reconnects for ever once afterAll stops this Redis.
    try {
      await Promise.all(consumers.splice(0).map((c) => c.stop()));
    } finally {
      for (const c of clients.splice(0)) c.disconnect();
    }
  });

  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('waits for Redis through a restart: a publish made while it is away lands, once', async () => {
    const bus = busOn(redis);
    await server.stop();
    const publishing = bus.publish('movie.published', published(1));
    await sleep(SHORT_OUTAGE_MS);
    server = await start();

    const id = await publishing;
    expect(await streamIds()).toEqual([id]);
  });

  it('fails a publish with SERVICE_UNAVAILABLE once Redis is away longer than the wait, and never sends it later', async () => {
    const bus = busOn(client({ outageWaitMs: QUICK_GIVE_UP_MS }));
    await server.stop();
    try {
      const failure = await bus.publish('movie.published', published(1)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).code).toBe(ErrorCode.ServiceUnavailable);
    } finally {
      server = await start();
    }

    // Back: the failed publish stayed failed (it was dropped, not queued), and the next one lands.
    const next = await bus.publish('movie.published', published(2));
    expect(await streamIds()).toEqual([next]);
  });

  it('keeps a consumer group through a restart (AOF): events published before, during and after are handled once', async () => {
    const bus = busOn(redis);
    const reader = consumer('group-kept');
    await reader.start();
    const before = await bus.publish('movie.published', published(1));
    await waitUntil('the first event is handled', () => reader.handled.length === 1);

    await server.stop();
    const during = bus.publish('movie.published', published(2));
    await sleep(SHORT_OUTAGE_MS);
    server = await start();
    const ids = [before, await during, await bus.publish('movie.published', published(3))];

    await waitUntil('every event is handled', () => reader.handled.length >= ids.length);
    await sleep(300);
    expect(reader.handled).toEqual(ids);
  });

  it('recreates its group when Redis comes back empty, and handles every event published since', async () => {
    const bus = busOn(redis);
    const reader = consumer('group-lost');
    await reader.start();
    await bus.publish('movie.published', published(1));
    await waitUntil('the first event is handled', () => reader.handled.length === 1);

    // Redis comes back without its data (a fresh dir: no AOF, no RDB).
    const emptyDir = await mkdtemp(join(tmpdir(), 'redis-outage-empty-'));
    try {
      await restart(emptyDir);
      // Published at once, before the consumer has noticed that its group is gone: starting the new group at `$`
      // would skip these.
      const after = [
        await bus.publish('movie.published', published(2)),
        await bus.publish('movie.published', published(3)),
      ];
      await waitUntil('the events published since are handled', () => reader.handled.length >= 3);
      await sleep(300);
      expect(reader.handled.slice(1)).toEqual(after);
    } finally {
      // Back on the suite's own data for the next test.
      await server.stop();
      server = await start();
      await rm(emptyDir, { recursive: true, force: true });
    }
  });

  it('stops promptly while Redis is away (its blocked read is between reconnect attempts)', async () => {
    const reader = consumer('group-stopping');
    await reader.start();
    await server.stop();
    try {
      // Long enough for the read's connection to close and wait for its next reconnect attempt.
      await sleep(SHORT_OUTAGE_MS);
      const stopped = await Promise.race([
        reader.stop().then(() => 'stopped'),
        sleep(10_000, 'still running'),
      ]);
      expect(stopped).toBe('stopped');
    } finally {
      server = await start();
    }
  });

  it('recreates a group deleted by hand after the last event it handled, without replaying the stream', async () => {
    const bus = busOn(redis);
    const reader = consumer('group-deleted');
    await reader.start();
    const before = [
      await bus.publish('movie.published', published(1)),
      await bus.publish('movie.published', published(2)),
    ];
    await waitUntil('the first events are handled', () => reader.handled.length === 2);

    await redis.xgroup('DESTROY', stream, 'group-deleted');
    const after = await bus.publish('movie.published', published(3));
    await waitUntil('the new event is handled', () => reader.handled.length >= 3);
    await sleep(300);
    expect(reader.handled).toEqual([...before, after]);
  });
});

describe('isRedisUnavailable', () => {
  it('tells a lost connection from a wrong command', async () => {
    const port = await findStablePort();
    // Nothing listens there: the command waits, then is dropped with MaxRetriesPerRequestError.
    const nowhere = createRedisClient(`redis://127.0.0.1:${port}`, { outageWaitMs: QUICK_GIVE_UP_MS });
    nowhere.on('error', () => undefined);
    try {
      const lost = await nowhere.get('key').catch((error: unknown) => error);
      expect(isRedisUnavailable(lost)).toBe(true);
    } finally {
      nowhere.disconnect();
    }
    const closed = await nowhere.get('key').catch((error: unknown) => error);
    expect(isRedisUnavailable(closed)).toBe(true);
    expect(
      isRedisUnavailable(new Error('WRONGTYPE Operation against a key holding the wrong kind of value')),
    ).toBe(false);
    expect(isRedisUnavailable('Command timed out')).toBe(false);
  });
});
