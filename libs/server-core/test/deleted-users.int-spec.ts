import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { EventPayload } from '@app/contracts';
import type { EventConsumerOptions } from '../src';
import {
  DeletedUsers,
  deletedUsersKey,
  ENVELOPE_FIELD,
  EventBus,
  EventConsumer,
  LATE_EVENT_WINDOW_MS,
} from '../src';
import { requireEnv, waitUntil } from './int-helpers';

const favorite = (userId: string, movieId = 'movie-1'): EventPayload<'favorite.added'> => ({
  userId,
  movieId,
  addedAt: new Date().toISOString(),
});

const silent = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Issue 22, finding 3: every consumer group tombstones a deleted user and skips later events about them. */
describe('tombstones of deleted users in the event consumer', () => {
  let redis: Redis;
  let stream: string;
  let bus: EventBus;
  const consumers: EventConsumer[] = [];

  const consumer = (options: Omit<EventConsumerOptions, 'stream' | 'deadLetterStream' | 'logger'>) => {
    const created = new EventConsumer(redis, {
      stream,
      deadLetterStream: `${stream}.dead`,
      logger: silent,
      ...options,
    });
    consumers.push(created);
    return created;
  };
  const pending = async (group: string) => Number((await redis.xpending(stream, group))[0]);

  beforeAll(() => {
    redis = new Redis(requireEnv('REDIS_URL'));
  });

  beforeEach(() => {
    stream = `test.events.${randomUUID()}`;
    bus = new EventBus(redis, { stream });
  });

  afterEach(async () => {
    await Promise.all(consumers.splice(0).map((c) => c.stop()));
    await redis.del(stream, `${stream}.dead`, deletedUsersKey(stream));
  });

  afterAll(() => redis?.quit());

  it('handles events about a user published before their deletion, skips (and acks) those after it', async () => {
    const [deleted, other] = [randomUUID(), randomUUID()];
    const seen: string[] = [];
    const deletions: string[] = [];
    const c = consumer({
      group: 'user-data-service',
      handlers: {
        'favorite.added': async ({ payload }) => {
          seen.push(`${payload.userId}:${payload.movieId}`);
        },
        'user.deleted': async ({ payload }) => {
          deletions.push(payload.userId);
        },
      },
    });
    await bus.publish('favorite.added', favorite(deleted, 'before'));
    await bus.publish('user.deleted', { userId: deleted });
    await bus.publish('favorite.added', favorite(deleted, 'after'));
    await bus.publish('favorite.added', favorite(other, 'after'));
    // Redelivered (published again): the deletion itself is never skipped, so it still erases.
    await bus.publish('user.deleted', { userId: deleted });
    await c.start();

    // Nothing is pending before the first read either: wait for the last event (the second deletion) as well.
    await waitUntil(
      'every event is handled and acked',
      async () => deletions.length === 2 && (await pending('user-data-service')) === 0,
    );
    expect(seen).toEqual([`${deleted}:before`, `${other}:after`]);
    expect(deletions).toEqual([deleted, deleted]);
    expect(await new DeletedUsers(redis, { stream }).isDeleted(deleted)).toBe(true);
    expect(await new DeletedUsers(redis, { stream }).isDeleted(other)).toBe(false);
  });

  it('a group without a user.deleted handler tombstones all the same, also within one batch', async () => {
    const userId = randomUUID();
    const seen: string[] = [];
    const c = consumer({
      group: 'recommendation-service',
      handlers: {
        'favorite.added': async ({ payload }) => {
          seen.push(payload.movieId);
        },
      },
    });
    // One batch: the deletion is seen between two reports of the same read.
    await bus.publish('favorite.added', favorite(userId, 'before'));
    await bus.publish('user.deleted', { userId });
    await bus.publish('favorite.added', favorite(userId, 'after'));
    await bus.publish('favorite.added', favorite(randomUUID(), 'marker'));
    await c.start();

    await waitUntil('the marker is handled', () => seen.includes('marker'));
    await waitUntil('every event is acked', async () => (await pending('recommendation-service')) === 0);
    expect(seen).toEqual(['before', 'marker']);
    expect(await new DeletedUsers(redis, { stream }).isDeleted(userId)).toBe(true);
  });

  it('skips late events in every group, whichever group recorded the tombstone first', async () => {
    const userId = randomUUID();
    const first = consumer({ group: 'first', handlers: {} });
    await first.start();
    await bus.publish('user.deleted', { userId });
    await waitUntil('the first group tombstones the user', () =>
      new DeletedUsers(redis, { stream }).isDeleted(userId),
    );

    const seen: string[] = [];
    await bus.publish('favorite.added', favorite(userId, 'late'));
    const second = consumer({
      group: 'second',
      handlers: {
        'favorite.added': async ({ payload }) => {
          seen.push(payload.movieId);
        },
      },
    });
    await bus.publish('favorite.added', favorite(randomUUID(), 'marker'));
    await second.start();
    await waitUntil('the marker is handled', () => seen.includes('marker'));
    await waitUntil('the second group acks everything', async () => (await pending('second')) === 0);
    expect(seen).toEqual(['marker']);
  });

  it('keeps the earliest deletion and drops tombstones no event left in the stream can concern', async () => {
    const tombstones = new DeletedUsers(redis, { stream });
    const [old, recent] = [randomUUID(), randomUUID()];
    const now = Date.now();
    // A deletion far older than the stream's oldest entry (by more than the late-event window): forgettable.
    await redis.zadd(deletedUsersKey(stream), now - LATE_EVENT_WINDOW_MS - 60_000, old);
    await redis.xadd(stream, `${now}-0`, ENVELOPE_FIELD, '{}');

    expect(await tombstones.record(recent, `${now + 5}-0`)).toBe(now + 5);
    expect(await tombstones.record(recent, `${now + 9}-0`)).toBe(now + 5);
    expect(await tombstones.record(recent, `${now + 1}-3`)).toBe(now + 1);
    expect(await tombstones.isDeleted(old)).toBe(false);
    expect(await tombstones.deletedAt([recent, old, recent])).toEqual(new Map([[recent, now + 1]]));
  });
});
