import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AdminMovie,
  AdminMoviesQuery,
  DEFAULT_PURCHASE_PRICE_INR,
  DEFAULT_RENTAL_PRICE_INR,
  Movie,
  MovieInput,
  MovieMessages,
  MovieStatus,
  MovieUpdate,
  Page,
  Review,
} from '@app/contracts';
import { AuditTrail, EventBus } from '@app/server-core';
import { movieDeleted, movieEdited, moviePublished } from '../audit/catalogue-audit';
import { RatingCache } from '../ratings/rating.cache';
import { toReview } from '../reviews/review.mapper';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { editedFields, newTitle, TitleWrites, toDate } from '../titles/title-admin';
import { adminPage } from '../titles/title-lists';
import { moviePublishedEvent, movieUpdatedEvent } from './movie-events';
import { toMovie } from './movie.mapper';
import { MovieRecord } from './movie.schema';
import { MovieListCache } from './movie-list.cache';
import { MoviesRepository, StoredMovie } from './movies.repository';

/** The form's fields as stored; only the keys present in `changes` are set (an edit is partial). */
const movieFields = ({ releaseDate, ...changes }: MovieUpdate): Partial<MovieRecord> => ({
  ...editedFields(changes),
  ...(releaseDate !== undefined ? { releaseDate: toDate(releaseDate) } : {}),
});

/** Admin catalogue management of films. Every write invalidates the lists. */
@Injectable()
export class MovieAdminService {
  private readonly writes: TitleWrites<MovieRecord>;

  constructor(
    private readonly movies: MoviesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly listCache: MovieListCache,
    private readonly ratingCache: RatingCache,
    private readonly events: EventBus,
    private readonly audit: AuditTrail,
  ) {
    this.writes = new TitleWrites(movies, MovieMessages);
  }

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
   * A new title is a draft unless it is created published. An Add sent again with its idempotency key answers
   * the title the first one made, announcing nothing more.
   */
  async create(input: MovieInput): Promise<Movie> {
    // Every title has a source key (the unique index's partial filter is not relied upon); the Add's key makes it
    // the same for a repeated Add, so the index keeps one.
    const sourceKey = `admin:${input.idempotencyKey ?? randomUUID()}`;
    const status = input.status ?? MovieStatus.Draft;
    const { title: movie, created } = await this.writes.create(
      {
        ...newTitle(input, status),
        purchasePriceInr: input.purchasePriceInr ?? DEFAULT_PURCHASE_PRICE_INR,
        rentalPriceInr: input.rentalPriceInr ?? DEFAULT_RENTAL_PRICE_INR,
        releaseDate: toDate(input.releaseDate),
        runtimeMinutes: input.runtimeMinutes ?? null,
        director: input.director ?? null,
        writers: input.writers ?? [],
        awards: null,
        imdbId: null,
        tmdbId: null,
        budgetUsd: null,
        revenueUsd: null,
        sourceKey,
      },
      sourceKey,
    );
    if (!created) return toMovie(movie);
    await this.afterWrite(movie, status === MovieStatus.Published);
    if (status === MovieStatus.Published) await this.audit.record(moviePublished(movie));
    return toMovie(movie);
  }

  /** Partial; a draft saved as published is published (publish date, event), once. */
  async update(id: string, changes: MovieUpdate): Promise<Movie> {
    const { before, after, published } = await this.writes.save(id, movieFields(changes), changes);
    await this.ratingCache.forget(id);
    await this.afterWrite(after, published);
    for (const note of movieEdited(before, after, published)) await this.audit.record(note);
    return toMovie(after);
  }

  async publish(id: string): Promise<Movie> {
    const movie = await this.writes.publish(id);
    await this.afterWrite(movie, true);
    await this.audit.record(moviePublished(movie));
    return toMovie(movie);
  }

  async remove(id: string): Promise<{ id: string }> {
    const name = await this.writes.remove(id);
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
}
