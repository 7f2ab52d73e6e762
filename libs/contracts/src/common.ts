import { z } from 'zod';

/** A MongoDB ObjectId on the wire: 24 lower-case hex digits. The one id rule; `message` names what the id is of. */
export const objectId = (message = 'must be an id') => z.string().regex(/^[a-f0-9]{24}$/, message);
export const ObjectIdSchema = objectId();

/** A rating a person gives (admin movie form, reviews): 0–10 in steps of 0.1. */
export const TenPointRatingSchema = z
  .number()
  .min(0)
  .max(10)
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'Rating must be in steps of 0.1');

/**
 * A button press's idempotency key (checkout, an admin's Add): the client makes one per press and sends it again
 * on a retry or a second click, so the server answers with what the first request made instead of making another.
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, _ or -');

/** A device id (issue 27): a UUID, or a session id for a session from before devices. */
export const DeviceIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a session id');
