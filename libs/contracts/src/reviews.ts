import { z } from 'zod';
import { ObjectIdSchema, TenPointRatingSchema } from './common';
import type { Movie } from './movies';

export const ReviewSchema = z.object({
  id: z.string(),
  movieId: z.string(),
  userId: z.string(),
  username: z.string(),
  /** 0–10 in steps of 0.1. */
  rating: z.number().min(0).max(10),
  content: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** `POST /api/movies/:id/reviews` */
export const CreateReviewSchema = z
  .object({
    rating: TenPointRatingSchema,
    content: z.string().trim().min(1).max(2000),
  })
  .strict();
export type CreateReview = z.infer<typeof CreateReviewSchema>;

/** `GET /api/movies/:id`: the title with its 5 newest reviews (SPEC 9). */
export type MovieDetail = Movie & { topReviews: Review[] };
/** `GET /api/admin/movies` items. */
export type AdminMovie = Movie & { reviews: Review[] };

export const TOP_REVIEWS = 5;

export const ReviewMessages = {
  alreadyReviewed: 'You have already reviewed this title',
  notFound: 'Review not found',
} as const;

/** RPC payloads: the author comes from the gateway's session, never from the body. */
export const CreateReviewPayloadSchema = CreateReviewSchema.extend({
  movieId: ObjectIdSchema,
  userId: z.string().min(1).max(64),
  username: z.string().min(1).max(100),
}).strict();
export type CreateReviewPayload = z.infer<typeof CreateReviewPayloadSchema>;

export const MovieReviewsRequestSchema = z.object({ movieId: ObjectIdSchema }).strict();
export type MovieReviewsRequest = z.infer<typeof MovieReviewsRequestSchema>;

export const RemoveReviewPayloadSchema = z
  .object({ movieId: ObjectIdSchema, reviewId: ObjectIdSchema })
  .strict();
export type RemoveReviewPayload = z.infer<typeof RemoveReviewPayloadSchema>;

export const ReviewPatterns = {
  list: 'catalogue.reviews.list',
  create: 'catalogue.reviews.create',
  remove: 'catalogue.reviews.remove',
} as const;
