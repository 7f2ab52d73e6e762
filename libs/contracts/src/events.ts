import { z } from 'zod';

/** Every event on the bus travels in this envelope; `id` makes handlers idempotent. */
export type EventEnvelope<T = unknown> = { id: string; type: string; occurredAt: string; payload: T };

export const MoviePublishedSchema = z.object({
  movieId: z.string(),
  title: z.string(),
  genre: z.string(),
  publishDate: z.string(),
});

/** The event catalogue: type name → payload schema. */
export const Events = {
  'movie.published': MoviePublishedSchema,
} as const;
export type EventType = keyof typeof Events;
export type EventPayload<T extends EventType> = z.infer<(typeof Events)[T]>;

/** Redis stream holding all domain events. */
export const EVENT_STREAM = 'events';
