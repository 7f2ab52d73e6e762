import { Inject, Injectable, Optional } from '@nestjs/common';
import { Redis } from 'ioredis';
import { EVENT_STREAM, EventPayload, EventType } from '@app/contracts';
import { InjectRedis } from '../database/redis';
import { buildEnvelope, ENVELOPE_FIELD } from './event-envelope';

/** Approximate cap (`MAXLEN ~`): Redis trims whole macro-nodes, so the stream holds at least this many entries. */
export const DEFAULT_STREAM_MAX_LEN = 100_000;

export type EventBusOptions = {
  /** Defaults to EVENT_STREAM; tests use their own stream. */
  stream?: string;
  maxLen?: number;
};

export const EVENT_BUS_OPTIONS = Symbol('EVENT_BUS_OPTIONS');

/** Publishes domain events to the Redis stream that every service's consumer group reads. */
@Injectable()
export class EventBus {
  private readonly stream: string;
  private readonly maxLen: number;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @Optional() @Inject(EVENT_BUS_OPTIONS) options: EventBusOptions = {},
  ) {
    this.stream = options.stream ?? EVENT_STREAM;
    this.maxLen = options.maxLen ?? DEFAULT_STREAM_MAX_LEN;
  }

  /** Validates the payload against its contract, appends the envelope and returns the event id (`envelope.id`). */
  async publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<string> {
    const envelope = buildEnvelope(type, payload);
    await this.redis.xadd(
      this.stream,
      'MAXLEN',
      '~',
      this.maxLen,
      '*',
      ENVELOPE_FIELD,
      JSON.stringify(envelope),
    );
    return envelope.id;
  }
}
