import { z } from 'zod';
import { ObjectIdSchema } from '../common';
import {
  AdminMoviesQuerySchema,
  ListMoviesQuerySchema,
  MovieDetailsRequestSchema,
  MovieIdSchema,
  MovieInputSchema,
  MovieSectionsQuerySchema,
  MovieUpdateSchema,
} from '../movies';
import { CreateReviewSchema, ReviewSchema } from '../reviews';
import {
  AdminMoviePageReply,
  GenresReply,
  MovieDetailReply,
  MovieListReply,
  MoviePageReply,
  MovieRatingReply,
  MovieSectionsReply,
  MovieWriteReply,
  ReviewListReply,
} from './replies';
import { json, noContent, route } from './route';

const movieNotFound = 'No published title with this id (drafts: admins only)';
const ReviewPathSchema = z.object({ id: ObjectIdSchema, reviewId: ObjectIdSchema }).strict();

/** Browse, movie pages and reviews of `/api/movies`. */
export const MovieRoutes = {
  list: route({
    method: 'get',
    path: '/api/movies',
    tag: 'movies',
    access: 'public',
    summary:
      'Published titles, paginated: { data, page, pageSize, total }; each with its classification and descriptors',
    query: ListMoviesQuerySchema,
    ok: json(200, MoviePageReply),
    rateLimit: 'browse',
  }),
  sections: route({
    method: 'get',
    path: '/api/movies/sections',
    tag: 'movies',
    access: 'public',
    summary: 'Every list of the home page: hero, newlyLaunched, topRated, free, premium, popular, trending',
    query: MovieSectionsQuerySchema,
    ok: json(200, MovieSectionsReply),
    rateLimit: 'browse',
  }),
  genres: route({
    method: 'get',
    path: '/api/movies/genres',
    tag: 'movies',
    access: 'public',
    summary: 'Genres of the published titles',
    ok: json(200, GenresReply),
  }),
  movie: route({
    method: 'get',
    path: '/api/movies/{id}',
    tag: 'movies',
    access: 'public',
    summary: 'A title with its 5 newest reviews (drafts for admins only)',
    params: MovieIdSchema,
    ok: json(200, MovieDetailReply),
    errors: { 404: movieNotFound },
  }),
  rating: route({
    method: 'get',
    path: '/api/movies/{id}/rating',
    tag: 'movies',
    access: 'public',
    summary: "External rating: { rating ('N/A' when unknown), votes, imdbId }",
    params: MovieIdSchema,
    ok: json(200, MovieRatingReply),
    errors: { 404: movieNotFound },
  }),
  reviews: route({
    method: 'get',
    path: '/api/movies/{id}/reviews',
    tag: 'movies',
    access: 'public',
    summary: 'Reviews of a title, newest first',
    params: MovieIdSchema,
    ok: json(200, ReviewListReply),
    errors: { 404: movieNotFound },
  }),
  addReview: route({
    method: 'post',
    path: '/api/movies/{id}/reviews',
    tag: 'movies',
    access: 'user',
    summary: 'Review a title (one per user per title)',
    params: MovieIdSchema,
    body: CreateReviewSchema,
    ok: json(201, ReviewSchema, 'Created'),
    errors: { 404: movieNotFound, 409: 'You have already reviewed this title' },
  }),
  details: route({
    method: 'post',
    path: '/api/movie-details',
    tag: 'movies',
    access: 'public',
    summary: 'Published titles by id (≤ 50), in the order asked; unknown ids skipped',
    body: MovieDetailsRequestSchema,
    ok: json(200, MovieListReply),
  }),
} as const;

/** The admin's catalogue: the Manage Movies grid and every write of `/api/movies`. */
export const AdminMovieRoutes = {
  list: route({
    method: 'get',
    path: '/api/admin/movies',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: every title (filter by status, search), each with its reviews',
    query: AdminMoviesQuerySchema,
    ok: json(200, AdminMoviePageReply),
  }),
  create: route({
    method: 'post',
    path: '/api/movies',
    tag: 'movies',
    access: 'admin',
    summary:
      "Admin: add a title (a draft unless status is 'published') with its classification (U, UA7, UA13, UA16, A) and content descriptors; the same idempotencyKey answers the same title",
    body: MovieInputSchema,
    ok: json(201, MovieWriteReply, 'Created'),
  }),
  update: route({
    method: 'put',
    path: '/api/movies/{id}',
    tag: 'movies',
    access: 'admin',
    summary: 'Admin: edit a title (partial; a classification can be changed, not removed)',
    params: MovieIdSchema,
    body: MovieUpdateSchema,
    ok: json(200, MovieWriteReply),
    errors: { 404: 'Movie not found' },
  }),
  publish: route({
    method: 'put',
    path: '/api/movies/{id}/publish',
    tag: 'movies',
    access: 'admin',
    summary: 'Admin: publish a draft',
    params: MovieIdSchema,
    ok: json(200, MovieWriteReply),
    errors: { 404: 'Movie not found', 409: 'Only drafts can be published' },
  }),
  remove: route({
    method: 'delete',
    path: '/api/movies/{id}',
    tag: 'movies',
    access: 'admin',
    summary: 'Admin: delete a title and its reviews',
    params: MovieIdSchema,
    ok: noContent,
    errors: { 404: 'Movie not found' },
  }),
  removeReview: route({
    method: 'delete',
    path: '/api/movies/{id}/reviews/{reviewId}',
    tag: 'movies',
    access: 'admin',
    summary: 'Admin: remove a review',
    params: ReviewPathSchema,
    ok: noContent,
    errors: { 404: 'No such review of this title' },
  }),
} as const;
