import { z } from 'zod';
import {
  AdminMoviesQuerySchema,
  GetMoviePayloadSchema,
  ListMoviesQuerySchema,
  MovieDetailsRequestSchema,
  MovieIdSchema,
  MovieInputSchema,
  MoviePatterns,
  MovieSchema,
  MovieSectionsQuerySchema,
  PosterRequestSchema,
  UpdateMoviePayloadSchema,
} from './movies';
import { pageSchemaOf } from './pagination';
import {
  CreateReviewPayloadSchema,
  MovieReviewsRequestSchema,
  RemoveReviewPayloadSchema,
  ReviewPatterns,
  ReviewSchema,
} from './reviews';
import { NoPayloadSchema, rpc } from './rpc';

const movies = z.array(MovieSchema);
export const MovieSectionsSchema = z.object({
  hero: MovieSchema.nullable(),
  newlyLaunched: movies,
  topRated: movies,
  free: movies,
  premium: movies,
  popular: movies,
  trending: movies,
});
export const MovieRatingSchema = z.object({
  rating: z.string(),
  votes: z.string().nullable(),
  imdbId: z.string().nullable(),
});
export const MovieDetailSchema = MovieSchema.extend({ topReviews: z.array(ReviewSchema) });
export const AdminMovieSchema = MovieSchema.extend({ reviews: z.array(ReviewSchema) });
/** The HTTP answer of an admin write: the gateway wraps the service's Movie with SPEC's message. */
export const MovieWriteResultSchema = z.object({ data: MovieSchema, message: z.string().optional() });
const RemovedSchema = z.object({ id: z.string() });

/** Every RPC of catalogue-service's movies: pattern, payload and reply (see `rpc`). */
export const MovieRpc = {
  list: rpc(MoviePatterns.list, ListMoviesQuerySchema, pageSchemaOf(MovieSchema)),
  poster: rpc(MoviePatterns.poster, PosterRequestSchema, z.object({ svg: z.string() })),
  sections: rpc(MoviePatterns.sections, MovieSectionsQuerySchema, MovieSectionsSchema),
  genres: rpc(MoviePatterns.genres, NoPayloadSchema, z.array(z.string())),
  get: rpc(MoviePatterns.get, GetMoviePayloadSchema, MovieDetailSchema),
  rating: rpc(MoviePatterns.rating, MovieIdSchema, MovieRatingSchema),
  details: rpc(MoviePatterns.details, MovieDetailsRequestSchema, movies),
  adminList: rpc(MoviePatterns.adminList, AdminMoviesQuerySchema, pageSchemaOf(AdminMovieSchema)),
  create: rpc(MoviePatterns.create, MovieInputSchema, MovieSchema),
  update: rpc(MoviePatterns.update, UpdateMoviePayloadSchema, MovieSchema),
  publish: rpc(MoviePatterns.publish, MovieIdSchema, MovieSchema),
  remove: rpc(MoviePatterns.remove, MovieIdSchema, RemovedSchema),
} as const;

/** Every RPC of catalogue-service's reviews. */
export const ReviewRpc = {
  list: rpc(ReviewPatterns.list, MovieReviewsRequestSchema, z.array(ReviewSchema)),
  create: rpc(ReviewPatterns.create, CreateReviewPayloadSchema, ReviewSchema),
  remove: rpc(ReviewPatterns.remove, RemoveReviewPayloadSchema, RemovedSchema),
} as const;
