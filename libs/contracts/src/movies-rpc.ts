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
import { NoPayloadSchema, query, rpc } from './rpc';

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
  list: query(MoviePatterns.list, ListMoviesQuerySchema, pageSchemaOf(MovieSchema)),
  poster: query(MoviePatterns.poster, PosterRequestSchema, z.object({ svg: z.string() })),
  sections: query(MoviePatterns.sections, MovieSectionsQuerySchema, MovieSectionsSchema),
  genres: query(MoviePatterns.genres, NoPayloadSchema, z.array(z.string())),
  get: query(MoviePatterns.get, GetMoviePayloadSchema, MovieDetailSchema),
  rating: query(MoviePatterns.rating, MovieIdSchema, MovieRatingSchema),
  details: query(MoviePatterns.details, MovieDetailsRequestSchema, movies),
  adminList: query(MoviePatterns.adminList, AdminMoviesQuerySchema, pageSchemaOf(AdminMovieSchema)),
  create: rpc(MoviePatterns.create, MovieInputSchema, MovieSchema),
  update: rpc(MoviePatterns.update, UpdateMoviePayloadSchema, MovieSchema),
  publish: rpc(MoviePatterns.publish, MovieIdSchema, MovieSchema),
  remove: rpc(MoviePatterns.remove, MovieIdSchema, RemovedSchema),
} as const;

/** Every RPC of catalogue-service's reviews. */
export const ReviewRpc = {
  list: query(ReviewPatterns.list, MovieReviewsRequestSchema, z.array(ReviewSchema)),
  create: rpc(ReviewPatterns.create, CreateReviewPayloadSchema, ReviewSchema),
  remove: rpc(ReviewPatterns.remove, RemoveReviewPayloadSchema, RemovedSchema),
} as const;

/**
 * Redis pub/sub channel catalogue-service announces on after every write that changes what visitors read (each time
 * it drops its list cache): the gateways drop the catalogue answers they hold for visitors (PublicCatalogue).
 */
export const CATALOGUE_CHANGES_CHANNEL = 'catalogue:changed';
