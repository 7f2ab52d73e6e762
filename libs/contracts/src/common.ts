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
