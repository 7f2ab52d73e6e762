import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import mongoose, { Connection } from 'mongoose';
import { EventPayload } from '@app/contracts';
import {
  CoreModule,
  DeadLetterReason,
  ENVELOPE_FIELD,
  EVENT_CONSUMER,
  EventBus,
  EventConsumer,
  EventConsumerOptions,
  EventHandlerContext,
  EventsModule,
  IdempotencyStore,
  JsonLogger,
  PROCESSED_EVENTS_COLLECTION,
  RequestContext,
  TypedEventEnvelope,
} from '../src';
import { requireEnv, waitUntil } from './int-helpers';

type Published = TypedEventEnvelope<'movie.published'>;

const moviePublished = (n: number): EventPayload<'movie.published'> => ({
  movieId: `movie-${n}`,
  title: `Movie ${n}`,
  genre: 'Drama',
  publishDate: '2025-01-01',
});

type LogLine = { level: 'log' | 'warn' | 'error'; entry: Record<string, unknown> };
const recordingLogger = () => {
  const lines: LogLine[] = [];
  const write = (level: LogLine['level']) => (entry: Record<string, unknown>) => {
    lines.push({ level, entry });
  };
  return { lines, logger: { log: write('log'), warn: write('warn'), error: write('error') } };
};

const fieldsRecord = (fields: string[]) =>
  Object.fromEntries(fields.flatMap((value, i) => (i % 2 === 0 ? [[value, fields[i + 1]]] : [])));

describe('Redis Streams event bus', () => {
  let redis: Redis;
  let connection: Connection;
  let store: IdempotencyStore;
  let stream: string;
  let deadLetterStream: string;
  let bus: EventBus;
  const consumers: EventConsumer[] = [];

  /** A consumer of this test's stream, stopped after the test; handler failures are recorded, not printed. */
  const consumer = (options: Omit<EventConsumerOptions, 'stream' | 'deadLetterStream'>) => {
    const log = recordingLogger();
    const created = new EventConsumer(redis, { stream, deadLetterStream, logger: log.logger, ...options });
    consumers.push(created);
    return Object.assign(created, { lines: log.lines });
  };

  const pendingCount = async (group: string) => Number((await redis.xpending(stream, group))[0]);

  const deadLetters = async () =>
    (await redis.xrange(deadLetterStream, '-', '+')).map(([, fields]) => fieldsRecord(fields));

  beforeAll(async () => {
    redis = new Redis(requireEnv('REDIS_URL'));
    // A database of this suite's own (server-testing's helpers would make server-core depend on its own test lib).
    connection = await mongoose
      .createConnection(requireEnv('MONGODB_URI'), {
        dbName: `test_server_core_events_${randomUUID().slice(0, 8)}`,
        serverSelectionTimeoutMS: 10_000,
      })
      .asPromise();
    store = new IdempotencyStore(connection);
  });

  beforeEach(() => {
    stream = `test.events.${randomUUID()}`;
    deadLetterStream = `${stream}.dead`;
    bus = new EventBus(redis, { stream });
  });

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((c) => c.stop()));
    await redis.del(stream, deadLetterStream);
  });

  afterAll(async () => {
    await redis?.quit();
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('delivers a published event to its handler and acks it', async () => {
    const received: Published[] = [];
    const contexts: EventHandlerContext[] = [];
    const c = consumer({
      group: 'catalogue-service',
      handlers: {
        'movie.published': async (event, context) => {
          received.push(event);
          contexts.push(context);
        },
      },
    });
    await c.start();

    const eventId = await bus.publish('movie.published', moviePublished(1));

    await waitUntil(
      'the event is handled and acked',
      async () => received.length === 1 && (await pendingCount('catalogue-service')) === 0,
    );
    expect(received[0]).toEqual({
      id: eventId,
      type: 'movie.published',
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      payload: moviePublished(1),
    });
    expect(contexts[0]).toMatchObject({ group: 'catalogue-service', consumer: c.consumer, deliveries: 1 });
  });

  it("acknowledges what a read settled in one XACK: handled events and other services' alike", async () => {
    const handled: string[] = [];
    const c = consumer({
      group: 'catalogue-service',
      handlers: {
        'movie.published': async (event) => {
          handled.push(event.payload.movieId);
        },
      },
    });
    // Published before the consumer starts: its first read takes them all (a batch is up to 50 entries).
    for (let n = 0; n < 12; n++) {
      await bus.publish('movie.published', moviePublished(n));
      await bus.publish('favorite.added', {
        userId: `user-${n}`,
        movieId: `movie-${n}`,
        addedAt: new Date().toISOString(),
      });
    }
    const xack = jest.spyOn(Redis.prototype, 'xack');
    try {
      await c.start();
      await waitUntil(
        'every event is settled',
        async () => handled.length === 12 && (await pendingCount('catalogue-service')) === 0,
      );
      expect(xack).toHaveBeenCalledTimes(1);
      expect(xack.mock.calls[0]).toHaveLength(2 + 24);
    } finally {
      xack.mockRestore();
    }
  });

  it('reads a steady flow of events a few at a time (lingerMs), not one read each, and hands over all of them', async () => {
    const handled: string[] = [];
    const c = consumer({
      group: 'recommendation-service',
      lingerMs: 100,
      handlers: {
        'movie.published': async (event) => {
          handled.push(event.payload.movieId);
        },
      },
    });
    await c.start();
    const reads = jest.spyOn(Redis.prototype, 'xreadgroup');
    try {
      // 30 events over about 300 ms: one read each without the linger, three or four with it.
      for (let n = 0; n < 30; n++) {
        await bus.publish('movie.published', moviePublished(n));
        await sleep(10);
      }
      await waitUntil(
        'every event is handled and acked',
        async () => handled.length === 30 && (await pendingCount('recommendation-service')) === 0,
      );
      expect(handled).toEqual(Array.from({ length: 30 }, (_, n) => `movie-${n}`));
      expect(reads.mock.calls.length).toBeLessThanOrEqual(10);
    } finally {
      reads.mockRestore();
    }
  });

  it("carries the publishing request's correlation id to the handler, whose log lines print it", async () => {
    const seen: Array<string | undefined> = [];
    const logged: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    const logger = new JsonLogger('recommendation-service');
    const c = consumer({
      group: 'recommendation-service',
      handlers: {
        'movie.published': async () => {
          seen.push(RequestContext.correlationId());
          logger.log({ msg: 'handled' });
        },
      },
    });
    try {
      await c.start();
      const withRequest = await RequestContext.run({ correlationId: 'req-77' }, () =>
        bus.publish('movie.published', moviePublished(1)),
      );
      await bus.publish('movie.published', moviePublished(2));
      await waitUntil('both events are handled', () => seen.length === 2);
      expect(seen).toEqual(['req-77', undefined]);
      const [stored] = await redis.xrange(stream, '-', '+');
      expect(JSON.parse(fieldsRecord(stored[1])[ENVELOPE_FIELD])).toMatchObject({
        id: withRequest,
        correlationId: 'req-77',
      });
      const lines = logged
        .map((line) => JSON.parse(line) as { msg?: string; correlationId?: string })
        .filter((line) => line.msg === 'handled');
      expect(lines.map((line) => line.correlationId)).toEqual(['req-77', undefined]);
    } finally {
      write.mockRestore();
    }
  });

  it('refuses to publish a payload that breaks the contract, and writes nothing', async () => {
    const bad = { ...moviePublished(1), movieId: { $gt: '' } } as unknown as EventPayload<'movie.published'>;

    await expect(bus.publish('movie.published', bad)).rejects.toThrow(/movieId/);
    expect(await redis.exists(stream)).toBe(0);
  });

  it('caps the stream with an approximate MAXLEN', async () => {
    const capped = new EventBus(redis, { stream, maxLen: 10 });
    for (let n = 0; n < 300; n++) await capped.publish('movie.published', moviePublished(n));

    // `~` trims whole macro-nodes (100 entries by default), so the length lands near the cap, not on it.
    expect(await redis.xlen(stream)).toBeLessThan(300);
    expect(await redis.xlen(stream)).toBeGreaterThanOrEqual(10);
  });

  it('retries a handler that failed once, and then acks it', async () => {
    const deliveries: number[] = [];
    const c = consumer({
      group: 'user-data-service',
      minIdleMs: 50,
      claimIntervalMs: 20,
      handlers: {
        'movie.published': async (_event, context) => {
          deliveries.push(context.deliveries);
          if (deliveries.length === 1) throw new Error('database briefly unavailable');
        },
      },
    });
    await c.start();

    await bus.publish('movie.published', moviePublished(1));

    await waitUntil(
      'the retry succeeded and was acked',
      async () => deliveries.length === 2 && (await pendingCount('user-data-service')) === 0,
    );
    expect(deliveries).toEqual([1, 2]);
    expect(c.lines.filter((line) => line.level === 'warn').map((line) => line.entry.error)).toEqual([
      'database briefly unavailable',
    ]);
    expect(await redis.xlen(deadLetterStream)).toBe(0);
  });

  it('applies every event exactly once when a consumer is stopped midway through a batch and restarted', async () => {
    const group = 'recommendation-service';
    const effects = connection.collection<{ eventId: string }>(`effects_${randomUUID()}`);
    const eventIds = await Promise.all(
      Array.from({ length: 200 }, (_, n) => bus.publish('movie.published', moviePublished(n))),
    );
    const options = (handled: () => void) => ({
      group,
      consumer: 'reco-1',
      batchSize: 50,
      // No claims: what the first consumer leaves must come back through the restart's own-pending replay.
      minIdleMs: 600_000,
      handlers: {
        'movie.published': async (event: Published) => {
          await store.processOnce({ group, eventId: event.id }, async () => {
            await effects.insertOne({ eventId: event.id });
          });
          handled();
        },
      },
    });

    let firstHandled = 0;
    let stopping: Promise<void> | undefined;
    const first = consumer(
      options(() => {
        firstHandled += 1;
        // From inside the third batch (entries 101-150): the rest of it must stay pending.
        if (firstHandled === 110) stopping = first.stop();
      }),
    );
    await first.start();
    await waitUntil('the first consumer is stopping', () => stopping !== undefined);
    await stopping;

    expect(firstHandled).toBe(110);
    expect(await effects.countDocuments()).toBe(110);
    expect(await pendingCount(group)).toBe(40);

    let secondHandled = 0;
    const second = consumer(options(() => (secondHandled += 1)));
    await second.start();
    await waitUntil(
      'all 200 events are applied and acked',
      async () => secondHandled === 90 && (await pendingCount(group)) === 0,
    );

    const perEvent = await effects
      .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$eventId', n: { $sum: 1 } } }])
      .toArray();
    expect(perEvent).toHaveLength(200);
    expect(perEvent.filter(({ n }) => n !== 1)).toEqual([]);
    expect(new Set(perEvent.map(({ _id }) => _id))).toEqual(new Set(eventIds));
    expect(
      await connection
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ group, eventId: { $in: eventIds } }),
    ).toBe(200);
  });

  it('does not re-apply an event whose effect was recorded by a consumer that died before acking it', async () => {
    const group = 'payment-service';
    const effects = connection.collection<{ eventId: string }>(`effects_${randomUUID()}`);
    const apply = (eventId: string) =>
      store.processOnce({ group, eventId }, async () => void (await effects.insertOne({ eventId })));
    const eventId = await bus.publish('movie.published', moviePublished(1));
    await redis.xgroup('CREATE', stream, group, '0');
    // The dying consumer read the message and applied its effect; its XACK never happened.
    await redis.xreadgroup('GROUP', group, 'dead-payments', 'COUNT', 10, 'STREAMS', stream, '>');
    expect(await apply(eventId)).toBe(true);

    const results: boolean[] = [];
    const c = consumer({
      group,
      consumer: 'live-payments',
      minIdleMs: 50,
      claimIntervalMs: 20,
      handlers: { 'movie.published': async (event) => void results.push(await apply(event.id)) },
    });
    await c.start();

    await waitUntil(
      'the message is re-claimed and acked',
      async () => results.length === 1 && (await pendingCount(group)) === 0,
    );
    expect(results).toEqual([false]);
    expect(await effects.countDocuments({ eventId })).toBe(1);
  });

  it('re-claims the messages of a consumer that died holding them, once they are idle', async () => {
    const group = 'streaming-service';
    const eventIds = await Promise.all(
      Array.from({ length: 10 }, (_, n) => bus.publish('movie.published', moviePublished(n))),
    );
    await redis.xgroup('CREATE', stream, group, '0');
    const taken = await redis.xreadgroup(
      'GROUP',
      group,
      'dead-streamer',
      'COUNT',
      100,
      'STREAMS',
      stream,
      '>',
    );
    expect(taken?.[0]?.[1]).toHaveLength(10);

    const handled: { id: string; consumer: string; deliveries: number }[] = [];
    const c = consumer({
      group,
      consumer: 'live-streamer',
      minIdleMs: 200,
      claimIntervalMs: 20,
      handlers: {
        'movie.published': async (event, context) => void handled.push({ id: event.id, ...context }),
      },
    });
    await c.start();

    await waitUntil(
      'all ten are handled and acked',
      async () => handled.length === 10 && (await pendingCount(group)) === 0,
    );
    expect(handled.map(({ id }) => id).sort()).toEqual([...eventIds].sort());
    expect(handled.every((h) => h.consumer === 'live-streamer' && h.deliveries === 2)).toBe(true);
  });

  it('moves a poison message to the dead-letter stream after maxDeliveries and goes on with the next', async () => {
    const group = 'auth-service';
    const attempts: string[] = [];
    const handledAfter: string[] = [];
    const c = consumer({
      group,
      maxDeliveries: 3,
      minIdleMs: 20,
      claimIntervalMs: 10,
      handlers: {
        'movie.published': async (event) => {
          if (event.payload.movieId === 'movie-666') {
            attempts.push(event.id);
            throw new Error('cannot apply movie-666');
          }
          handledAfter.push(event.id);
        },
      },
    });
    const poisonId = await bus.publish('movie.published', moviePublished(666));
    const goodId = await bus.publish('movie.published', moviePublished(1));
    const [[poisonMessageId, poisonFields]] = await redis.xrange(stream, '-', '+', 'COUNT', 1);
    await c.start();

    await waitUntil(
      'the poison message is dead-lettered',
      async () => (await redis.xlen(deadLetterStream)) === 1,
    );
    await waitUntil('nothing is pending', async () => (await pendingCount(group)) === 0);

    expect(attempts).toEqual([poisonId, poisonId, poisonId]);
    expect(handledAfter).toEqual([goodId]);
    expect(await deadLetters()).toEqual([
      {
        [ENVELOPE_FIELD]: fieldsRecord(poisonFields)[ENVELOPE_FIELD],
        group,
        messageId: poisonMessageId,
        reason: DeadLetterReason.HandlerFailed,
        error: 'cannot apply movie-666',
        deliveries: '3',
        deadAt: expect.any(String),
      },
    ]);
  });

  it('keeps retrying, without counting it, an event whose handler meets a database outage', async () => {
    const group = 'user-data-service';
    let attempts = 0;
    const handled: string[] = [];
    const c = consumer({
      group,
      maxDeliveries: 2,
      minIdleMs: 20,
      claimIntervalMs: 10,
      handlers: {
        'movie.published': async (event) => {
          // Twice as many outage failures as maxDeliveries allows for failures of the handler's own.
          if (++attempts <= 4) throw new mongoose.mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:1');
          handled.push(event.id);
        },
      },
    });
    const eventId = await bus.publish('movie.published', moviePublished(7));
    await c.start();

    await waitUntil('the event is handled once the database is back', async () => handled.length === 1);
    await waitUntil('nothing is pending', async () => (await pendingCount(group)) === 0);

    expect(handled).toEqual([eventId]);
    expect(attempts).toBe(5);
    expect(await redis.xlen(deadLetterStream)).toBe(0);
    const outageWarnings = c.lines.filter(
      ({ level, entry }) => level === 'warn' && String(entry.msg).includes('met an outage'),
    );
    expect(outageWarnings).toHaveLength(4);
  });

  it('dead-letters a message whose handler never finishes because its consumers keep dying', async () => {
    const group = 'catalogue-service';
    await bus.publish('movie.published', moviePublished(1));
    await redis.xgroup('CREATE', stream, group, '0');
    // Three consumers each took the message and died with it (XAUTOCLAIM counts each taking as a delivery).
    await redis.xreadgroup('GROUP', group, 'dead-1', 'STREAMS', stream, '>');
    await redis.xautoclaim(stream, group, 'dead-2', 0, '0-0');
    await redis.xautoclaim(stream, group, 'dead-3', 0, '0-0');
    const handled: string[] = [];
    const c = consumer({
      group,
      maxDeliveries: 3,
      minIdleMs: 20,
      claimIntervalMs: 10,
      handlers: { 'movie.published': async (event) => void handled.push(event.id) },
    });
    await c.start();

    await waitUntil('it is dead-lettered', async () => (await redis.xlen(deadLetterStream)) === 1);
    expect(handled).toEqual([]);
    expect(await deadLetters()).toMatchObject([
      { reason: DeadLetterReason.TooManyDeliveries, deliveries: '4' },
    ]);
    expect(await pendingCount(group)).toBe(0);
  });

  it('logs, acks and dead-letters malformed messages instead of retrying them', async () => {
    const group = 'user-data-service';
    const handled: string[] = [];
    const c = consumer({
      group,
      handlers: { 'movie.published': async (event) => void handled.push(event.id) },
    });
    await redis.xadd(stream, '*', ENVELOPE_FIELD, '{not json');
    await redis.xadd(stream, '*', 'something', 'else');
    await redis.xadd(
      stream,
      '*',
      ENVELOPE_FIELD,
      JSON.stringify({
        id: 'e-bad',
        type: 'movie.published',
        occurredAt: new Date().toISOString(),
        payload: { movieId: 7 },
      }),
    );
    const goodId = await bus.publish('movie.published', moviePublished(1));
    await c.start();

    await waitUntil(
      'the good event is handled and nothing is pending',
      async () => handled.length === 1 && (await pendingCount(group)) === 0,
    );
    expect(handled).toEqual([goodId]);
    const dead = await deadLetters();
    expect(dead.map((d) => [d.reason, d.deliveries])).toEqual([
      [DeadLetterReason.Malformed, '1'],
      [DeadLetterReason.Malformed, '1'],
      [DeadLetterReason.Malformed, '1'],
    ]);
    expect(dead.map((d) => d.error)).toEqual([
      expect.stringMatching(/not JSON/),
      expect.stringMatching(/no "envelope" field/),
      expect.stringMatching(/movieId/),
    ]);
    expect(
      c.lines.filter((line) => line.level === 'warn' && line.entry.msg === 'event dead-lettered'),
    ).toHaveLength(3);
  });

  it('runs partitioned events of different keys side by side, one key in order, and any other type alone', async () => {
    const log: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const slow = async (label: string) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      log.push(`start ${label}`);
      await sleep(30);
      log.push(`end ${label}`);
      inFlight--;
    };
    const progress = (n: number): EventPayload<'watch.progressed'> => ({
      userId: `user-${n}`,
      movieId: 'movie-1',
      positionSeconds: n,
      durationSeconds: 100,
      event: 'tick',
      leaseId: `lease-${n}`,
      reportedAt: '2025-01-01T00:00:00.000Z',
      watchedSeconds: 1,
    });
    // Published before the consumer starts, so one read takes them all as one batch.
    for (const n of [1, 2, 3, 4]) await bus.publish('watch.progressed', progress(n));
    await bus.publish('movie.published', moviePublished(5));
    for (const n of [6, 7, 6]) await bus.publish('watch.progressed', progress(n));
    const c = consumer({
      group: 'user-data-service',
      partitionBy: { 'watch.progressed': ({ userId }) => userId },
      concurrency: 3,
      handlers: {
        'watch.progressed': (event) => slow(event.payload.userId),
        'movie.published': (event) => slow(event.payload.movieId),
      },
    });
    await c.start();

    await waitUntil(
      'every event is handled and acked',
      async () => log.length === 16 && (await pendingCount('user-data-service')) === 0,
    );
    // At most three at a time; the movie event waits for every report before it and runs alone.
    expect(mostInFlight).toBe(3);
    const movie = log.indexOf('start movie-5');
    expect(log.slice(0, movie).filter((line) => line.startsWith('end'))).toHaveLength(4);
    expect(log[movie + 1]).toBe('end movie-5');
    // user-6 twice: the second waits until the first has ended; user-7 runs beside the first.
    expect(log.slice(movie + 2, movie + 6).sort()).toEqual([
      'end user-6',
      'end user-7',
      'start user-6',
      'start user-7',
    ]);
    expect(log.slice(movie + 6)).toEqual(['start user-6', 'end user-6']);
  });

  it('acks events it has no handler for', async () => {
    const c = consumer({ group: 'payment-service', handlers: {} });
    await c.start();
    await bus.publish('movie.published', moviePublished(1));

    await waitUntil('the group has read the event and holds nothing', async () => {
      const [info] = (await redis.xinfo('GROUPS', stream)) as unknown[][];
      const fields = Object.fromEntries(
        info.flatMap((value, i) => (i % 2 === 0 ? [[value, info[i + 1]]] : [])),
      );
      return fields['entries-read'] === 1 && fields.pending === 0;
    });
  });

  it('gives every event to each consumer group', async () => {
    const seen: Record<string, string[]> = { 'catalogue-service': [], 'user-data-service': [] };
    for (const group of Object.keys(seen)) {
      await consumer({
        group,
        handlers: { 'movie.published': async (event) => void seen[group].push(event.id) },
      }).start();
    }

    const eventIds = await Promise.all(
      Array.from({ length: 20 }, (_, n) => bus.publish('movie.published', moviePublished(n))),
    );

    await waitUntil('both groups saw all 20', () => Object.values(seen).every((ids) => ids.length === 20));
    expect(seen['catalogue-service'].sort()).toEqual([...eventIds].sort());
    expect(seen['user-data-service'].sort()).toEqual([...eventIds].sort());
  });

  it('gives a group created after events were published the events from the beginning', async () => {
    const early = await bus.publish('movie.published', moviePublished(1));
    const seen: string[] = [];
    await consumer({
      group: 'recommendation-service',
      handlers: { 'movie.published': async (event) => void seen.push(event.id) },
    }).start();
    const late = await bus.publish('movie.published', moviePublished(2));

    await waitUntil('both events are seen', () => seen.length === 2);
    expect(seen).toEqual([early, late]);
  });

  it('recreates its group and goes on when the stream is deleted under it', async () => {
    const seen: string[] = [];
    const c = consumer({
      group: 'catalogue-service',
      errorBackoffMs: 10,
      handlers: { 'movie.published': async (event) => void seen.push(event.id) },
    });
    await c.start();
    const before = await bus.publish('movie.published', moviePublished(1));
    await waitUntil('the first event is seen', () => seen.length === 1);

    await redis.del(stream);
    const after = await bus.publish('movie.published', moviePublished(2));

    await waitUntil('the event published after the deletion is seen', () => seen.length === 2);
    expect(seen).toEqual([before, after]);
    expect(
      c.lines.some((line) => line.level === 'error' && String(line.entry.error).includes('NOGROUP')),
    ).toBe(true);
  });

  it('stops promptly while blocked in XREADGROUP, closing its blocking connection', async () => {
    const c = consumer({
      group: 'catalogue-service',
      consumer: `blocked-${randomUUID()}`,
      blockMs: 600_000,
      claimIntervalMs: 600_000,
      handlers: {},
    });
    await c.start();
    const blockedClient = async () =>
      String(await redis.client('LIST'))
        .split('\n')
        .find((line) => line.includes(`name=${c.group}:${c.consumer}`));
    await waitUntil(
      'the consumer is blocked reading',
      async () => (await blockedClient())?.includes('cmd=xreadgroup') === true,
    );

    // Would hang until the test timeout if stop() waited for the 10-minute block to end.
    await c.stop();

    await waitUntil('its blocking connection is gone', async () => (await blockedClient()) === undefined);
  });

  it('leaves one blocking connection for two starts at once, and none when stopped while starting', async () => {
    const c = consumer({
      group: 'catalogue-service',
      consumer: `racing-${randomUUID()}`,
      blockMs: 600_000,
      claimIntervalMs: 600_000,
      handlers: {},
    });
    const connections = async () =>
      String(await redis.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(`name=${c.group}:${c.consumer}`));

    await Promise.all([c.start(), c.start()]);
    await waitUntil('the consumer is blocked reading', async () =>
      (await connections()).some((line) => line.includes('cmd=xreadgroup')),
    );
    await sleep(200);
    expect(await connections()).toHaveLength(1);
    await c.stop();
    await waitUntil('its blocking connection is gone', async () => (await connections()).length === 0);

    // A stop while the group is still being made: once both are done, nothing goes on reading (a loop begun after
    // the stop would hold a connection that reconnects for ever once Redis goes away).
    const starting = c.start();
    await c.stop();
    await starting;
    await sleep(300);
    expect(await connections()).toEqual([]);
  });

  describe('batch handlers', () => {
    const idsOf = (events: Array<{ event: Published }>) => events.map(({ event }) => event.payload.movieId);

    it('hands a run of one type to its batch handler in one call, across events it does not handle, and acks them all', async () => {
      const calls: string[][] = [];
      const c = consumer({
        group: 'streaming-service.samples',
        handlers: {},
        batchHandlers: { 'movie.published': async (events) => void calls.push(idsOf(events)) },
      });
      // Published before the consumer starts: its first read takes them all.
      for (const n of [1, 2]) await bus.publish('movie.published', moviePublished(n));
      await bus.publish('media.ready', { movieId: 'movie-1', durationSeconds: 30 });
      for (const n of [3, 4, 5]) await bus.publish('movie.published', moviePublished(n));
      await c.start();

      await waitUntil(
        'the run is handled and everything acked',
        async () => calls.length === 1 && (await pendingCount('streaming-service.samples')) === 0,
      );
      expect(calls).toEqual([['movie-1', 'movie-2', 'movie-3', 'movie-4', 'movie-5']]);
    });

    it('still applies the rest of a batch with one bad event: the bad one alone is retried, then dead-lettered', async () => {
      const group = 'catalogue-service';
      const calls: string[][] = [];
      const applied: string[] = [];
      const c = consumer({
        group,
        maxDeliveries: 2,
        minIdleMs: 20,
        claimIntervalMs: 10,
        handlers: {},
        batchHandlers: {
          'movie.published': async (events) => {
            calls.push(idsOf(events));
            // One bulk write: a bad event fails the whole call.
            if (events.some(({ event }) => event.payload.movieId === 'movie-666'))
              throw new Error('cannot apply movie-666');
            applied.push(...idsOf(events));
          },
        },
      });
      for (const n of [1, 2, 666, 3]) await bus.publish('movie.published', moviePublished(n));
      await c.start();

      await waitUntil(
        'the bad event is dead-lettered',
        async () => (await redis.xlen(deadLetterStream)) === 1,
      );
      await waitUntil('nothing is pending', async () => (await pendingCount(group)) === 0);
      expect(applied).toEqual(['movie-1', 'movie-2', 'movie-3']);
      // The batch, then each of its events alone, then the bad one's retry.
      expect(calls).toEqual([
        ['movie-1', 'movie-2', 'movie-666', 'movie-3'],
        ['movie-1'],
        ['movie-2'],
        ['movie-666'],
        ['movie-3'],
        ['movie-666'],
      ]);
      expect(await deadLetters()).toMatchObject([
        { reason: DeadLetterReason.HandlerFailed, error: 'cannot apply movie-666', deliveries: '2' },
      ]);
    });

    it('gives a batch a consumer died holding to the next one whole, and an idempotent write applies each event once', async () => {
      const group = 'recommendation-service';
      const effects = connection.collection<{ _id: string; applied: number }>(`effects_${randomUUID()}`);
      /** Applied by natural key, as the services' batch handlers do (a conditional bulk write). */
      const apply = (movieIds: string[]) =>
        effects.bulkWrite(
          movieIds.map((id) => ({
            updateOne: { filter: { _id: id }, update: { $setOnInsert: { applied: 1 } }, upsert: true },
          })),
          { ordered: false },
        );
      for (let n = 1; n <= 5; n++) await bus.publish('movie.published', moviePublished(n));
      await redis.xgroup('CREATE', stream, group, '0');
      // The dying consumer read all five and applied two of them; its XACK never happened.
      await redis.xreadgroup('GROUP', group, 'dead-reco', 'COUNT', 10, 'STREAMS', stream, '>');
      await apply(['movie-1', 'movie-2']);

      const calls: Array<{ ids: string[]; deliveries: number[] }> = [];
      const c = consumer({
        group,
        consumer: 'live-reco',
        minIdleMs: 100,
        claimIntervalMs: 20,
        handlers: {},
        batchHandlers: {
          'movie.published': async (events) => {
            calls.push({ ids: idsOf(events), deliveries: events.map(({ context }) => context.deliveries) });
            await apply(idsOf(events));
          },
        },
      });
      await c.start();

      await waitUntil(
        'the batch is re-claimed, applied and acked',
        async () => calls.length === 1 && (await pendingCount(group)) === 0,
      );
      expect(calls).toEqual([
        { ids: ['movie-1', 'movie-2', 'movie-3', 'movie-4', 'movie-5'], deliveries: [2, 2, 2, 2, 2] },
      ]);
      expect(await effects.find().sort({ _id: 1 }).toArray()).toEqual(
        [1, 2, 3, 4, 5].map((n) => ({ _id: `movie-${n}`, applied: 1 })),
      );
    });

    it('keeps a batch whose handler meets a database outage pending, whole and uncounted, until it applies', async () => {
      const group = 'user-data-service';
      const calls: string[][] = [];
      let attempts = 0;
      const c = consumer({
        group,
        maxDeliveries: 2,
        minIdleMs: 20,
        claimIntervalMs: 10,
        handlers: {},
        batchHandlers: {
          'movie.published': async (events) => {
            calls.push(idsOf(events));
            if (++attempts <= 3)
              throw new mongoose.mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:1');
          },
        },
      });
      for (const n of [1, 2, 3]) await bus.publish('movie.published', moviePublished(n));
      await c.start();

      await waitUntil('the batch applies once the database is back', async () => attempts === 4);
      await waitUntil('nothing is pending', async () => (await pendingCount(group)) === 0);
      expect(calls).toEqual(Array.from({ length: 4 }, () => ['movie-1', 'movie-2', 'movie-3']));
      expect(await redis.xlen(deadLetterStream)).toBe(0);
    });

    it('refuses a type with both a handler and a batch handler', () => {
      expect(
        () =>
          new EventConsumer(redis, {
            group: 'g',
            stream,
            handlers: { 'movie.published': async () => undefined },
            batchHandlers: { 'movie.published': async () => undefined },
          }),
      ).toThrow('movie.published has two handlers');
    });
  });

  it('runs from Nest: EventsModule starts the consumer on bootstrap and stops it on shutdown', async () => {
    const group = 'user-data-service';
    const handled: boolean[] = [];

    @Module({
      imports: [
        CoreModule.forService('user-data-service', {
          MONGODB_URI: requireEnv('MONGODB_URI'),
          MONGODB_DB: connection.name,
          REDIS_URL: requireEnv('REDIS_URL'),
        }),
        EventsModule.forPublisher({ stream }),
        EventsModule.forConsumer({
          group,
          stream,
          deadLetterStream,
          consumer: 'nest-consumer',
          inject: [IdempotencyStore],
          handlers: (idempotency: IdempotencyStore) => ({
            'movie.published': async (event, context) =>
              void handled.push(
                await idempotency.processOnce(
                  { group: context.group, eventId: event.id },
                  async () => undefined,
                ),
              ),
          }),
        }),
      ],
    })
    class TestServiceModule {}

    const app = await NestFactory.createApplicationContext(TestServiceModule, { logger: false });
    const nestConsumer = app.get<EventConsumer>(EVENT_CONSUMER);
    try {
      const eventId = await app.get(EventBus).publish('movie.published', moviePublished(1));

      await waitUntil(
        'the Nest consumer handled it',
        async () => handled.length === 1 && (await pendingCount(group)) === 0,
      );
      expect(handled).toEqual([true]);
      expect(
        await connection.collection(PROCESSED_EVENTS_COLLECTION).countDocuments({ group, eventId }),
      ).toBe(1);
    } finally {
      // Closed even when a check fails: its Redis clients would reconnect for ever once the run's Redis stops.
      await app.close();
    }
    const consumersLeft = async () =>
      String(await redis.client('LIST')).includes(`name=${group}:${nestConsumer.consumer}`);
    await waitUntil('the consumer stopped with the app', async () => !(await consumersLeft()));
  });
});
