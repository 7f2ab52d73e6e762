import type {
  AdminMovie,
  AdminMoviesQuery,
  CreateReview,
  ListMoviesQuery,
  Movie,
  MovieDetail,
  MovieInput,
  MovieRating,
  MovieSections,
  MovieSectionsQuery,
  MovieUpdate,
  MovieWriteResult,
  Page,
  Review,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

type Token = string | null | undefined;
const moviePath = (id: string) => `/api/movies/${encodeURIComponent(id)}`;

/** `GET /api/movies`: published titles, one page at a time. */
export const listMovies = (
  client: ApiClient,
  query: ListMoviesQuery,
  signal?: AbortSignal,
): Promise<Page<Movie>> => client.get<Page<Movie>>('/api/movies', { query, signal });

export const getSections = (client: ApiClient, query: MovieSectionsQuery, signal?: AbortSignal) =>
  client.get<MovieSections>('/api/movies/sections', { query, signal });

export const getGenres = (client: ApiClient, signal?: AbortSignal) => client.get<string[]>('/api/movies/genres', { signal });

/** Drafts only for an admin token; anyone else gets 404 for them. */
export const getMovie = (client: ApiClient, id: string, token: Token, signal?: AbortSignal) =>
  client.get<MovieDetail>(moviePath(id), { token, signal });

export const getMovieRating = (client: ApiClient, id: string, signal?: AbortSignal) =>
  client.get<MovieRating>(`${moviePath(id)}/rating`, { signal });

export const listReviews = (client: ApiClient, id: string, signal?: AbortSignal) =>
  client.get<Review[]>(`${moviePath(id)}/reviews`, { signal });

export const createReview = (client: ApiClient, id: string, body: CreateReview, token: Token) =>
  client.post<Review>(`${moviePath(id)}/reviews`, { body, token });

export const deleteReview = (client: ApiClient, movieId: string, reviewId: string, token: Token) =>
  client.delete(`${moviePath(movieId)}/reviews/${encodeURIComponent(reviewId)}`, { token });

export const listAdminMovies = (client: ApiClient, query: AdminMoviesQuery, token: Token, signal?: AbortSignal) =>
  client.get<Page<AdminMovie>>('/api/admin/movies', { query, token, signal });

export const createMovie = (client: ApiClient, body: MovieInput, token: Token) =>
  client.post<MovieWriteResult>('/api/movies', { body, token });

export const updateMovie = (client: ApiClient, id: string, body: MovieUpdate, token: Token) =>
  client.put<MovieWriteResult>(moviePath(id), { body, token });

export const publishMovie = (client: ApiClient, id: string, token: Token) =>
  client.put<MovieWriteResult>(`${moviePath(id)}/publish`, { token });

export const deleteMovie = (client: ApiClient, id: string, token: Token) => client.delete(moviePath(id), { token });
