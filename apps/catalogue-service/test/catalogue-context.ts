import {
  Classification,
  accessForRating,
  DEFAULT_PURCHASE_PRICE_INR,
  DEFAULT_RENTAL_PRICE_INR,
  MovieStatus,
} from '@app/contracts';
import {
  startServiceUnderTest,
  suiteInfra,
  uniqueSuffix,
  type ServiceUnderTest,
  type TmdbFake,
} from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { ImportModule } from '../src/import/import.module';
import { MovieListCache } from '../src/movies/movie-list.cache';
import type { MovieRecord } from '../src/movies/movie.schema';
import { MoviesRepository, type StoredMovie } from '../src/movies/movies.repository';
import { normalizeTitle } from '../src/titles/title-search';
import type { StoredReview } from '../src/reviews/review.mapper';
import { ReviewsRepository, type NewReview } from '../src/reviews/reviews.repository';
import type { EpisodeRecord } from '../src/series/episode.schema';
import { EpisodesRepository, type StoredEpisode } from '../src/series/episodes.repository';
import type { SeriesRecord } from '../src/series/series.schema';
import { SeriesRepository, type StoredSeries } from '../src/series/series.repository';

/**
 * catalogue-service on the shared test MongoDB and Redis, in a database of the suite's own; `env` adds settings.
 * Given a TMDB fake, it runs with its import module too (as the import job does), importing from that fake.
 */
export const startCatalogue = (
  suite: string,
  { env = {}, tmdb }: { env?: Record<string, string>; tmdb?: TmdbFake } = {},
): Promise<ServiceUnderTest> => {
  const infra = suiteInfra(suite);
  const service = AppModule.register(
    envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      ...(tmdb && {
        TMDB_BASE_URL: tmdb.url,
        TMDB_API_KEY: tmdb.apiKey,
        TMDB_IMAGE_BASE_URL: 'https://image.tmdb.org/t/p',
      }),
      ...env,
    }),
  );
  return startServiceUnderTest(
    'catalogue-service',
    tmdb ? { module: class CatalogueWithImport {}, imports: [service, ImportModule] } : service,
    infra.mongoUri,
  );
};

export type TestMovie = StoredMovie & { id: string };
export type TestReview = StoredReview & { id: string };
export type TestSeries = StoredSeries & { id: string };
export type TestEpisode = StoredEpisode & { id: string };

/**
 * Factories for the catalogue-service integration suites (Immich's medium tests are the model): each test
 * makes the titles and reviews it needs through the service's real repositories, with unique defaults it
 * may override, instead of sharing one seeded catalogue.
 */
export const catalogueContext = (service: ServiceUnderTest) => {
  const movies = service.app.get(MoviesRepository);
  const reviews = service.app.get(ReviewsRepository);
  const listCache = service.app.get(MovieListCache);
  const series = service.app.get(SeriesRepository);
  const episodes = service.app.get(EpisodesRepository);

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
      classification: Classification.UA13,
      descriptors: [],
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
    if (!stored) throw new Error(`a movie with source key ${overrides.sourceKey} exists`);
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

  /**
   * A published series named `Series <unique>` (Drama, rated 7, so free) with seasons 1 and 2 and no episodes;
   * `title` also sets the search key. Cached lists are dropped, as after an admin write.
   */
  const newSeries = async (overrides: Partial<SeriesRecord> = {}): Promise<TestSeries> => {
    const title = overrides.title ?? `Series ${uniqueSuffix()}`;
    const rating = overrides.rating === undefined ? 7 : overrides.rating;
    const genre = overrides.genre ?? 'Drama';
    const status = overrides.status ?? MovieStatus.Published;
    const stored = await series.create({
      description: 'Made by a test.',
      genres: [genre],
      votes: 100,
      posterUrl: 'https://images.example.in/series.jpg',
      classification: Classification.UA13,
      descriptors: [],
      access: accessForRating(rating),
      firstAirDate: new Date('2020-01-10T00:00:00Z'),
      language: null,
      creators: [],
      cast: [],
      demo: false,
      seasons: [1, 2].map((number) => ({ number, title: `Season ${number}`, overview: '', airDate: null })),
      publishDate: status === MovieStatus.Draft ? null : new Date(),
      popularity: 0,
      ...overrides,
      title,
      titleNormalized: normalizeTitle(title),
      genre,
      rating,
      status,
    });
    if (!stored) throw new Error(`a series with source key ${overrides.sourceKey} exists`);
    await listCache.invalidate();
    return { ...stored, id: stored._id.toHexString() };
  };

  /** Episode `number` of `seasonNumber` (which the series should have) of `of`, 30 minutes, no intro; overrides win. */
  const newEpisode = async (
    of: { _id: StoredSeries['_id'] },
    seasonNumber: number,
    number: number,
    overrides: Partial<EpisodeRecord> = {},
  ): Promise<TestEpisode> => {
    const stored = await episodes.create({
      overview: 'Made by a test.',
      runtimeMinutes: 30,
      airDate: null,
      stillUrl: null,
      intro: null,
      mediaReady: false,
      mediaDurationSeconds: null,
      mediaReadyAt: null,
      title: `Episode ${uniqueSuffix()}`,
      ...overrides,
      seriesId: of._id,
      seasonNumber,
      number,
    });
    if (!stored) throw new Error(`S${seasonNumber}:E${number} already exists`);
    return { ...stored, id: stored._id.toHexString() };
  };

  return { movies, reviews, series, episodes, newMovie, newReview, newSeries, newEpisode };
};

export type CatalogueContext = ReturnType<typeof catalogueContext>;
