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
import { AppError, AuditTrail, EventBus } from '@app/server-core';
import { movieDeleted, movieEdited, moviePublished } from '../audit/catalogue-audit';
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
    private readonly audit: AuditTrail,
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

  /**
   * A new title is a draft unless it is created published; access defaults from the rating (DECISIONS 5). An Add
   * sent again with its idempotency key (a double click, a retry) answers the title the first one made.
   */
  async create(input: MovieInput): Promise<Movie> {
    const sourceKey = `admin:${input.idempotencyKey ?? randomUUID()}`;
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
      // Every title has a source key (the unique index's partial filter is not relied upon); the Add's key
      // makes it the same for a repeated Add, so the index keeps one.
      sourceKey,
    };
    const movie = await this.movies.create(record);
    if (!movie) {
      // The same Add again: the title the first one made (deleted since, only if an admin raced it).
      const first = await this.movies.findBySourceKey(sourceKey);
      if (!first) throw AppError.notFound(MovieMessages.notFound);
      return toMovie(first);
    }
    await this.afterWrite(movie, status === MovieStatus.Published);
    if (status === MovieStatus.Published) await this.audit.record(moviePublished(movie));
    return toMovie(movie);
  }

  /**
   * Partial; a draft saved as published is published (publish date, event), like Publish, and as conditionally:
   * the same save sent twice publishes once.
   */
  async update(id: string, changes: MovieUpdate): Promise<Movie> {
    const current = await this.findOrFail(id);
    const fields = formFields(changes);
    if (changes.genre !== undefined)
      fields.genres = [
        changes.genre,
        ...current.genres.filter((g) => g !== current.genre && g !== changes.genre),
      ];
    const publishing = changes.status === MovieStatus.Published && current.status === MovieStatus.Draft;
    if (changes.status !== undefined && !publishing) fields.status = changes.status;
    const updated = await this.movies.update(id, fields);
    if (!updated) throw AppError.notFound(MovieMessages.notFound);
    const published = publishing ? await this.movies.publishDraft(id, new Date()) : null;
    // Not published by this save: a save racing it did, after this one read the title; answer it as it now is.
    const movie = published ?? (publishing ? await this.findOrFail(id) : updated);
    await this.ratingCache.forget(id);
    await this.afterWrite(movie, published !== null);
    for (const note of movieEdited(current, movie, published !== null)) await this.audit.record(note);
    return toMovie(movie);
  }

  async publish(id: string): Promise<Movie> {
    const movie = await this.movies.publishDraft(id, new Date());
    if (!movie) {
      await this.findOrFail(id);
      throw new AppError(ErrorCode.Conflict, MovieMessages.onlyDraftsPublish);
    }
    await this.afterWrite(movie, true);
    await this.audit.record(moviePublished(movie));
    return toMovie(movie);
  }

  async remove(id: string): Promise<{ id: string }> {
    const name = (await this.movies.findById(id))?.title ?? id;
    if (!(await this.movies.delete(id))) throw AppError.notFound(MovieMessages.notFound);
    await this.reviews.removeOfMovie(id);
    await this.ratingCache.forget(id);
    await this.listCache.invalidate();
    await this.events.publish('movie.deleted', { movieId: id });
    await this.audit.record(movieDeleted(id, name));
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
