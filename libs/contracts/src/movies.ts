import { z } from 'zod';
import { PageQuerySchema } from './pagination';

/** Genres the admin form offers (SPEC 5); imported and seeded titles may carry others. */
export const AdminGenres = ['Action', 'Comedy', 'Drama', 'Horror', 'Thriller'] as const;

export const MovieStatus = { Draft: 'draft', Published: 'published' } as const;
export type MovieStatus = (typeof MovieStatus)[keyof typeof MovieStatus];

export const MovieAccess = { Free: 'free', Premium: 'premium' } as const;
export type MovieAccess = (typeof MovieAccess)[keyof typeof MovieAccess];

/** DECISIONS 3. */
export const DEFAULT_PURCHASE_PRICE_INR = 1200;
export const DEFAULT_RENTAL_PRICE_INR = 500;
/** DECISIONS 5: premium when the rating is 8 or more. */
export const PREMIUM_RATING_THRESHOLD = 8;

export const accessForRating = (rating: number | null): MovieAccess =>
  rating !== null && rating >= PREMIUM_RATING_THRESHOLD ? MovieAccess.Premium : MovieAccess.Free;

export const MovieSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  genre: z.string(),
  /** Primary genre first, then any secondary ones (e.g. 'Sci-Fi'). */
  genres: z.array(z.string()),
  /** 0–10 in steps of 0.1; null when unknown. */
  rating: z.number().min(0).max(10).nullable(),
  votes: z.number().int().nonnegative().nullable(),
  posterUrl: z.string(),
  status: z.enum([MovieStatus.Draft, MovieStatus.Published]),
  access: z.enum([MovieAccess.Free, MovieAccess.Premium]),
  purchasePriceInr: z.number().int().positive(),
  rentalPriceInr: z.number().int().positive(),
  releaseDate: z.string().nullable(),
  runtimeMinutes: z.number().int().positive().nullable(),
  language: z.string().nullable(),
  director: z.string().nullable(),
  imdbId: z.string().nullable(),
  budgetUsd: z.number().nonnegative().nullable(),
  revenueUsd: z.number().nonnegative().nullable(),
  publishDate: z.string().nullable(),
});
export type Movie = z.infer<typeof MovieSchema>;

export const ListMoviesQuerySchema = PageQuerySchema;
export type ListMoviesQuery = z.infer<typeof ListMoviesQuerySchema>;

export const MoviePatterns = {
  list: 'catalogue.movies.list',
  poster: 'catalogue.movies.poster',
} as const;

/** Generated posters are served by the gateway's image route under this prefix. */
export const GENERATED_POSTER_PREFIX = '/generated/';

export const PosterRequestSchema = z.object({ id: z.string().regex(/^[a-f0-9]{24}$/) }).strict();
export type PosterRequest = z.infer<typeof PosterRequestSchema>;
