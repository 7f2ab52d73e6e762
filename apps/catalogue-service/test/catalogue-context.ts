import {
  accessForRating,
  DEFAULT_PURCHASE_PRICE_INR,
  DEFAULT_RENTAL_PRICE_INR,
  MovieStatus,
} from '@app/contracts';
import { uniqueSuffix, type ServiceUnderTest } from '@app/server-testing';
import { MovieListCache } from '../src/movies/movie-list.cache';
import type { MovieRecord } from '../src/movies/movie.schema';
import { MoviesRepository, type StoredMovie } from '../src/movies/movies.repository';
import { normalizeTitle } from '../src/movies/title';
import type { StoredReview } from '../src/reviews/review.mapper';
import { ReviewsRepository, type NewReview } from '../src/reviews/reviews.repository';

export type TestMovie = StoredMovie & { id: string };
export type TestReview = StoredReview & { id: string };

/**
 * Factories for the catalogue-service integration suites (Immich's medium tests are the model): each test
 * makes the titles and reviews it needs through the service's real repositories, with unique defaults it
 * may override, instead of sharing one seeded catalogue.
 */
export const catalogueContext = (service: ServiceUnderTest) => {
  const movies = service.app.get(MoviesRepository);
  const reviews = service.app.get(ReviewsRepository);
  const listCache = service.app.get(MovieListCache);

  /**
   * A published title named `Movie <unique>` (rated 6.5, so free, released 2001); `title` also sets the
   * search key. Cached lists are dropped, as after an admin write, so the title is listed at once.
   */
  const newMovie = async (overrides: Partial<MovieRecord> = {}): Promise<TestMovie> => {
    const title = overrides.title ?? `Movie ${uniqueSuffix()}`;
    const rating = overrides.rating === undefined ? 6.5 : overrides.rating;
    const genre = overrides.genre ?? 'Drama';
    const stored = await movies.create({
      description: 'Made by a test.',
      genres: [genre],
      votes: 100,
      posterUrl: 'https://images.example.in/test.jpg',
      status: MovieStatus.Published,
      access: accessForRating(rating),
      purchasePriceInr: DEFAULT_PURCHASE_PRICE_INR,
      rentalPriceInr: DEFAULT_RENTAL_PRICE_INR,
      releaseDate: new Date('2001-01-05T00:00:00Z'),
      runtimeMinutes: 120,
      language: null,
      director: null,
      writers: [],
      cast: [],
      awards: null,
      imdbId: null,
      tmdbId: null,
      budgetUsd: null,
      revenueUsd: null,
      publishDate: overrides.status === MovieStatus.Draft ? null : new Date(),
      popularity: 0,
      sourceKey: `test:${uniqueSuffix()}`,
      ...overrides,
      title,
      titleNormalized: normalizeTitle(title),
      genre,
      rating,
    });
    await listCache.invalidate();
    return { ...stored, id: stored._id.toHexString() };
  };

  /** A review of `movie` by a new user (`user-<unique>`), rated 7; overrides win. */
  const newReview = async (
    movie: { id: string },
    overrides: Partial<Omit<NewReview, 'movieId'>> = {},
  ): Promise<TestReview> => {
    const userId = overrides.userId ?? `user-${uniqueSuffix()}`;
    const stored = await reviews.create({
      userId,
      username: userId,
      rating: 7,
      content: 'Watchable.',
      ...overrides,
      movieId: movie.id,
    });
    if (!stored) throw new Error(`${userId} already reviewed ${movie.id}`);
    return { ...stored, id: stored._id.toHexString() };
  };

  return { movies, reviews, newMovie, newReview };
};

export type CatalogueContext = ReturnType<typeof catalogueContext>;
