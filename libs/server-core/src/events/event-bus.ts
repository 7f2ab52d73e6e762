import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Redis } from 'ioredis';
import { ErrorCode, EVENT_STREAM, EventPayload, EventType } from '@app/contracts';
import { InjectRedis, isRedisUnavailable, REDIS_UNAVAILABLE_MESSAGE } from '../database/redis';
import { AppError } from '../errors/app-error';
import { buildEnvelope, ENVELOPE_FIELD } from './event-envelope';

/** Approximate cap (`MAXLEN ~`): Redis trims whole macro-nodes, so the stream holds at least this many entries. */
export const DEFAULT_STREAM_MAX_LEN = 100_000;

export type EventBusOptions = {
  /** Defaults to EVENT_STREAM; tests use their own stream. */
  stream?: string;
  maxLen?: number;
};

export type PublishOptions = {
  /** When the fact happened; defaults to now. A stored fact announced again keeps its own time. */
  occurredAt?: Date;
  /** The event's own id and correlation id, when it was stored before (the outbox); default a new id, the request's. */
  id?: string;
  correlationId?: string;
};

/** One event of `publishMany`: its type, payload and `publish`'s options. */
export type Publication = {
  [T in EventType]: { type: T; payload: EventPayload<T> } & PublishOptions;
}[EventType];

export const EVENT_BUS_OPTIONS = Symbol('EVENT_BUS_OPTIONS');

/**
 * Publishes domain events to the Redis stream that every service's consumer group reads.
 *
 * The one publish policy, for every service: an event announces a fact already stored, so it is published after
 * the write, and a publish that fails fails the request (503 while Redis is away), never logged and swallowed. The
 * write stays made, so the caller's retry finds its record already stored: it publishes the event again, dated when
 * the fact happened (`occurredAt`), and consumers (idempotent, ordered by event time) take the repeat as the same
 * news. Announcing "only the first time" would lose the event for good whenever that first publish failed.
 * (AuditTrail's entries are the one exception: an admin action that happened is not failed for its log line.)
 */
@Injectable()
export class EventBus {
  private readonly logger = new Logger(EventBus.name);
  private readonly stream: string;
  private readonly maxLen: number;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @Optional() @Inject(EVENT_BUS_OPTIONS) options: EventBusOptions = {},
  ) {
    this.stream = options.stream ?? EVENT_STREAM;
    this.maxLen = options.maxLen ?? DEFAULT_STREAM_MAX_LEN;
  }

  /**
   * Validates the payload against its contract, appends the envelope and returns the event id (`envelope.id`).
   * While Redis is away the append waits for it (a restart), up to the client's bound (REDIS_OUTAGE_WAIT_MS); past
   * that it fails with SERVICE_UNAVAILABLE, so a request whose event is not on the stream never answers success.
   * `occurredAt` (default now): when the fact happened, for a fact announced again.
   */
  async publish<T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    { occurredAt, id, correlationId }: PublishOptions = {},
  ): Promise<string> {
    const envelope = buildEnvelope(type, payload, occurredAt, { id, correlationId });
    try {
      await this.redis.xadd(
        this.stream,
        'MAXLEN',
        '~',
        this.maxLen,
        '*',
        ENVELOPE_FIELD,
        JSON.stringify(envelope),
      );
    } catch (error) {
      this.unavailable(error, envelope, 1);
    }
    return envelope.id;
  }

  /**
   * `publish` for many events at once, in one pipeline (one round trip), in order; returns their ids. All of them
   * are validated before any is appended. A failure fails the call, as for one event: the caller publishes them all
   * again, and consumers take a repeat as the same news.
   */
  async publishMany(events: readonly Publication[]): Promise<string[]> {
    const envelopes = events.map(({ type, payload, occurredAt, id, correlationId }) =>
      buildEnvelope(type, payload, occurredAt, { id, correlationId }),
    );
    if (envelopes.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const envelope of envelopes)
      pipeline.xadd(this.stream, 'MAXLEN', '~', this.maxLen, '*', ENVELOPE_FIELD, JSON.stringify(envelope));
    try {
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error !== null);
      if (!results || failed) throw failed?.[0] ?? new Error('event pipeline aborted');
    } catch (error) {
      this.unavailable(error, envelopes[0], envelopes.length);
    }
    return envelopes.map(({ id }) => id);
  }

  /** A failed append: SERVICE_UNAVAILABLE while Redis is away, any other error as it is. */
  private unavailable(error: unknown, first: { type: string; id: string }, events: number): never {
    if (!isRedisUnavailable(error)) throw error;
    this.logger.warn({
      msg: 'event not published: Redis unavailable',
      type: first.type,
      eventId: first.id,
      ...(events > 1 ? { events } : {}),
      error: (error as Error).message,
    });
    throw new AppError(ErrorCode.ServiceUnavailable, REDIS_UNAVAILABLE_MESSAGE);
  }
}
