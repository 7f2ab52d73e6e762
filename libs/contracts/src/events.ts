import { z } from 'zod';

/**
 * Every event on the bus travels in this envelope; `id` makes handlers idempotent. `correlationId` is the id of
 * the request that caused the event, when there was one (consumers log with it).
 */
export type EventEnvelope<T = unknown> = {
  id: string;
  type: string;
  occurredAt: string;
  payload: T;
  correlationId?: string;
};

export const MoviePublishedSchema = z.object({
  movieId: z.string(),
  title: z.string(),
  genre: z.string(),
  publishDate: z.string(),
});

export const UserRegisteredSchema = z.object({ userId: z.string(), username: z.string(), email: z.string() });
export const UserUpdatedSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
});
/** Other services drop what they hold for this user (history, favorites, entitlements). */
export const UserDeletedSchema = z.object({ userId: z.string() });

export const MovieUpdatedSchema = z.object({
  movieId: z.string(),
  title: z.string(),
  genre: z.string(),
  status: z.string(),
});

export const MovieDeletedSchema = z.object({ movieId: z.string() });

/** The event catalogue: type name → payload schema. */
export const Events = {
  'movie.published': MoviePublishedSchema,
  'movie.updated': MovieUpdatedSchema,
  'movie.deleted': MovieDeletedSchema,
  'user.registered': UserRegisteredSchema,
  'user.updated': UserUpdatedSchema,
  'user.deleted': UserDeletedSchema,
} as const;
export type EventType = keyof typeof Events;
export type EventPayload<T extends EventType> = z.infer<(typeof Events)[T]>;

/** Redis stream holding all domain events. */
export const EVENT_STREAM = 'events';
