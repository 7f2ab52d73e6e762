import type { Redis } from 'ioredis';
import type { EventEnvelope, EventPayload, EventType } from '@app/contracts';
import { EVENT_STREAM } from '@app/contracts';

/**
 * The envelopes of one type on the event stream, oldest first. The stream is shared by every suite of a run:
 * callers keep their own by the ids in the payloads.
 */
export const eventsOnStream = async <T extends EventType>(
  redis: Redis,
  type: T,
): Promise<Array<EventEnvelope<EventPayload<T>>>> =>
  (await redis.xrange(EVENT_STREAM, '-', '+'))
    .map(([, fields]) => JSON.parse(fields[1]) as EventEnvelope<EventPayload<T>>)
    .filter((envelope) => envelope.type === type);
