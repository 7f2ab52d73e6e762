import { Inject, Injectable, Optional } from '@nestjs/common';
import { Redis } from 'ioredis';
import { EVENT_STREAM } from '@app/contracts';
import { InjectRedis } from '../database/redis';
import { EVENT_BUS_OPTIONS, type EventBusOptions } from './event-bus';

/**
 * How long after a deletion an event about that user may still be published. The latest known: a payment
 * provider's webhook retried for up to 24 hours (a capture announced after the account went); then players still
 * reporting until their lease ends (seconds), requests admitted by a gateway's session cache (seconds) and
 * publishes held back by a Redis outage (REDIS_OUTAGE_WAIT_MS). A week leaves a wide margin over all of them.
 */
export const LATE_EVENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The time part (ms since the epoch) of a stream entry id `<ms>-<seq>`. */
export const entryTime = (entryId: string): number => Number(entryId.split('-', 1)[0]);

/** The sorted set of deleted users beside a stream: member = user id, score = time of its `user.deleted` entry. */
export const deletedUsersKey = (stream: string) => `${stream}:deleted-users`;

/** The user an event is about: its payload's top-level `userId`, when it has one. */
export const subjectOf = (payload: unknown): string | undefined =>
  typeof payload === 'object' && payload !== null && 'userId' in payload && typeof payload.userId === 'string'
    ? payload.userId
    : undefined;

/**
 * Tombstones of deleted users (issue 22, finding 3), kept in the Redis that holds the event stream. Every consumer
 * group records one when it handles `user.deleted` (the first to get there writes it; the score is the time of
 * that stream entry, so every group agrees on it), and then acknowledges without handling any later event whose
 * payload names that user: a late `watch.progressed` or `favorite.added` never re-creates what the deletion erased.
 * Events published before the deletion are still handled (the deletion erases what they did).
 *
 * Kept as long as the stream can hand out an event about the user: a pending event is retried for as long as it
 * stays in the stream (an outage's retries are not even counted), and a consumer group created or recreated at the
 * stream's start replays all of it. So a tombstone goes only once the stream's oldest entry is LATE_EVENT_WINDOW_MS
 * younger than the deletion: by then every event about the user, even one published late, has been trimmed. A
 * quiet stream (fewer than its cap of entries) therefore keeps its tombstones; each costs about 100 bytes.
 */
@Injectable()
export class DeletedUsers {
  private readonly stream: string;
  private readonly key: string;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @Optional() @Inject(EVENT_BUS_OPTIONS) options: EventBusOptions = {},
  ) {
    this.stream = options.stream ?? EVENT_STREAM;
    this.key = deletedUsersKey(this.stream);
  }

  /** True from the moment any consumer group handled the user's `user.deleted`. */
  async isDeleted(userId: string): Promise<boolean> {
    return (await this.redis.zscore(this.key, userId)) !== null;
  }

  /** When each of these users was deleted (the time of their `user.deleted` entry); users not deleted are absent. */
  async deletedAt(userIds: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map();
    const scores = await this.redis.zmscore(this.key, ...unique);
    return new Map(
      unique.flatMap((userId, i) => (scores[i] === null ? [] : [[userId, Number(scores[i])] as const])),
    );
  }

  /**
   * Records the deletion announced by stream entry `entryId` (the earliest, when announced twice) and drops the
   * tombstones no event in the stream can concern any more. Returns the time the deletion counts from.
   */
  async record(userId: string, entryId: string): Promise<number> {
    const at = entryTime(entryId);
    const [oldest] = await this.redis.xrange(this.stream, '-', '+', 'COUNT', 1);
    const horizon = (oldest ? entryTime(oldest[0]) : Date.now()) - LATE_EVENT_WINDOW_MS;
    const results = await this.redis
      .multi()
      .zadd(this.key, 'LT', at, userId)
      .zremrangebyscore(this.key, '-inf', `(${horizon}`)
      .zscore(this.key, userId)
      .exec();
    const failed = results?.find(([error]) => error !== null);
    if (!results || failed) throw failed?.[0] ?? new Error('tombstone transaction aborted');
    return Number(results[2][1]);
  }
}
