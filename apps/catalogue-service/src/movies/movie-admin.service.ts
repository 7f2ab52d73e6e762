import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  accessForRating,
  AdminMovie,
  AdminMoviesQuery,
  DEFAULT_PURCHASE_PRICE_INR,
  DEFAULT_RENTAL_PRICE_INR,
  ErrorCode,
  Movie,
  MovieInput,
  MovieMessages,
  MovieStatus,
  MovieUpdate,
  Page,
  Review,
} from '@app/contracts';
import { AppError, EventBus } from '@app/server-core';
import { adminPage } from '../data/admin-page';
import { RatingCache } from '../ratings/rating.cache';
import { toReview } from '../reviews/review.mapper';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { moviePublishedEvent, movieUpdatedEvent } from './movie-events';
import { toMovie } from './movie.mapper';
import { MovieRecord } from './movie.schema';
import { MovieListCache } from './movie-list.cache';
import { MoviesRepository, StoredMovie } from './movies.repository';
import { normalizeTitle } from './title';

const toDate = (value: string | null | undefined) => (value ? new Date(`${value}T00:00:00.000Z`) : null);

/** The form's fields as stored; only the keys present in `input` are set (an update is partial). */
const formFields = (input: MovieUpdate): Partial<MovieRecord> => {
  const { title, releaseDate, status: _status, ...rest } = input;
  return {
    ...rest,
    ...(title !== undefined ? { title, titleNormalized: normalizeTitle(title) } : {}),
    ...(releaseDate !== undefined ? { releaseDate: toDate(releaseDate) } : {}),
  };
};

/** Admin catalogue management (DECISIONS 16: the gateway lets only admins here). Every write invalidates the lists. */
@Injectable()
export class MovieAdminService {
  constructor(
    private readonly movies: MoviesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly listCache: MovieListCache,
    private readonly ratingCache: RatingCache,
    private readonly events: EventBus,
  ) {}

  async list(query: AdminMoviesQuery): Promise<Page<AdminMovie>> {
    const result = await adminPage(this.movies, query);
    const reviews = await this.reviews.ofMovies(result.data.map((movie) => movie._id.toHexString()));
    const byMovie = new Map<string, Review[]>();
    for (const review of reviews.map(toReview))
      byMovie.set(review.movieId, [...(byMovie.get(review.movieId) ?? []), review]);
    return {
      ...result,
      data: result.data.map((movie) => ({
        ...toMovie(movie),
        reviews: byMovie.get(movie._id.toHexString()) ?? [],
      })),
    };
  }

  /** A new title is a draft unless it is created published; access defaults from the rating (DECISIONS 5). */
  async create(input: MovieInput): Promise<Movie> {
    const status = input.status ?? MovieStatus.Draft;
    const now = new Date();
    const record: MovieRecord = {
      title: input.title,
      titleNormalized: normalizeTitle(input.title),
      description: input.description,
      genre: input.genre,
      genres: [input.genre],
      rating: input.rating,
      votes: null,
      posterUrl: input.posterUrl,
      status,
      access: input.access ?? accessForRating(input.rating),
      purchasePriceInr: input.purchasePriceInr ?? DEFAULT_PURCHASE_PRICE_INR,
      rentalPriceInr: input.rentalPriceInr ?? DEFAULT_RENTAL_PRICE_INR,
      releaseDate: toDate(input.releaseDate),
      runtimeMinutes: input.runtimeMinutes ?? null,
      language: input.language ?? null,
      director: input.director ?? null,
      writers: input.writers ?? [],
      cast: input.cast ?? [],
      awards: null,
      imdbId: null,
      tmdbId: null,
      budgetUsd: null,
      revenueUsd: null,
      publishDate: status === MovieStatus.Published ? now : null,
      popularity: 0,
      // Every title has a source key (the unique index's partial filter is not relied upon).
      sourceKey: `admin:${randomUUID()}`,
    };
    const movie = await this.movies.create(record);
    await this.afterWrite(movie, status === MovieStatus.Published);
    return toMovie(movie);
  }

  /** Partial; a draft saved as published is published (publish date, event), like Publish. */
  async update(id: string, changes: MovieUpdate): Promise<Movie> {
    const current = await this.findOrFail(id);
    const fields = formFields(changes);
    if (changes.genre !== undefined)
      fields.genres = [
        changes.genre,
        ...current.genres.filter((g) => g !== current.genre && g !== changes.genre),
      ];
    const publishing = changes.status === MovieStatus.Published && current.status === MovieStatus.Draft;
    if (changes.status !== undefined) fields.status = changes.status;
    if (publishing) fields.publishDate = new Date();
    const movie = await this.movies.update(id, fields);
    if (!movie) throw AppError.notFound(MovieMessages.notFound);
    await this.ratingCache.forget(id);
    await this.afterWrite(movie, publishing);
    return toMovie(movie);
  }

  async publish(id: string): Promise<Movie> {
    const movie = await this.movies.publishDraft(id, new Date());
    if (!movie) {
      await this.findOrFail(id);
      throw new AppError(ErrorCode.Conflict, MovieMessages.onlyDraftsPublish);
    }
    await this.afterWrite(movie, true);
    return toMovie(movie);
  }

  async remove(id: string): Promise<{ id: string }> {
    if (!(await this.movies.delete(id))) throw AppError.notFound(MovieMessages.notFound);
    await this.reviews.removeOfMovie(id);
    await this.ratingCache.forget(id);
    await this.listCache.invalidate();
    await this.events.publish('movie.deleted', { movieId: id });
    // An RPC reply needs a value.
    return { id };
  }

  private async afterWrite(movie: StoredMovie, published: boolean) {
    await this.listCache.invalidate();
    if (published) {
      await this.events.publish('movie.published', moviePublishedEvent(movie));
    } else {
      await this.events.publish('movie.updated', movieUpdatedEvent(movie));
    }
  }

  private async findOrFail(id: string) {
    const movie = await this.movies.findById(id);
    if (!movie) throw AppError.notFound(MovieMessages.notFound);
    return movie;
  }
}
