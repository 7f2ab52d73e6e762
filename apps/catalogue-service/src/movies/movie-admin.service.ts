import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
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
import { type Announcement, AppError, AuditTrail, Outbox } from '@app/server-core';
import { Types } from 'mongoose';
import { movieDeleted, movieEdited, moviePublished } from '../audit/catalogue-audit';
import { RatingCache } from '../ratings/rating.cache';
import { toReview } from '../reviews/review.mapper';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { ScheduleQueue } from '../schedule/schedule.queue';
import { editedFields, newTitle, TitleWrites, toDate } from '../titles/title-admin';
import { assertSchedule } from '../titles/title-schedule';
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
    private readonly outbox: Outbox,
    private readonly audit: AuditTrail,
    private readonly schedule: ScheduleQueue,
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
    assertSchedule(null, { ...input, status });
    // Its id is chosen first: the event, stored before the title, names it.
    const record = {
      ...newTitle(input, status),
      _id: new Types.ObjectId(),
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
    };
    const { title: movie, created } = await this.outbox.announce(
      announcement(record, status === MovieStatus.Published, ({ title }: { title: StoredMovie }) => title),
      async () => {
        const made = await this.writes.create(record, sourceKey);
        if (made.created) await this.listCache.invalidate();
        return made;
      },
      (made) => made.created,
    );
    if (created && status === MovieStatus.Published) await this.audit.record(moviePublished(movie));
    await this.schedule.plan('movie', movie);
    return toMovie(movie);
  }

  /** Partial; a draft saved as published is published (publish date, event), once. */
  async update(id: string, changes: MovieUpdate): Promise<Movie> {
    const current = await this.writes.findOrFail(id);
    assertSchedule(current, changes);
    const plan = this.writes.plan(current, movieFields(changes), changes);
    const expected = {
      ...current,
      ...plan.fields,
      ...(plan.publishing ? { status: MovieStatus.Published, publishDate: plan.publishDate } : {}),
    };
    const { before, after, published } = await this.outbox.announce(
      announcement(expected, plan.publishing, (saved: { after: StoredMovie }) => saved.after),
      async () => {
        const saved = await this.writes.apply(current, plan);
        await this.ratingCache.forget(id);
        await this.listCache.invalidate();
        return saved;
      },
      // Not published by this save: a save racing it published the draft, and announced that.
      (saved) => saved.published === plan.publishing,
    );
    // This save's fields landed after that announcement: the title as stored now is news.
    if (plan.publishing && !published)
      await this.outbox.announce(
        announcement(after, false, () => after),
        async () => after,
      );
    for (const note of movieEdited(before, after, published)) await this.audit.record(note);
    await this.schedule.plan('movie', after);
    return toMovie(after);
  }

  async publish(id: string): Promise<Movie> {
    const draft = await this.writes.findOrFail(id);
    if (draft.status !== MovieStatus.Draft)
      throw new AppError(ErrorCode.Conflict, MovieMessages.onlyDraftsPublish);
    const movie = await this.publishDraft(draft, (date) => this.writes.publish(id, date));
    if (!movie) throw new AppError(ErrorCode.Conflict, MovieMessages.onlyDraftsPublish);
    return toMovie(movie);
  }

  /**
   * A scheduled publish falling due (issue 28): the draft goes live as an admin's Publish makes it live, with its
   * `movie.published`, only if it is still a draft scheduled for `at` (a title published by hand meanwhile, or
   * rescheduled, is left alone; a second run of the job finds it published and does nothing).
   */
  async publishScheduled(id: string, at: Date): Promise<boolean> {
    const draft = await this.movies.findById(id);
    if (draft?.status !== MovieStatus.Draft || draft.publishAt?.getTime() !== at.getTime()) return false;
    return (await this.publishDraft(draft, (date) => this.movies.publishDraft(id, date, at))) !== null;
  }

  /**
   * A licence end falling due (issue 28): the lists (cached) drop the title now, and consumers that keep lists of
   * their own (the recommender) hear it by `movie.updated`, whose card carries the end. Only a published title
   * ending at `at` (a moved end has its own job).
   */
  async expire(id: string, at: Date): Promise<boolean> {
    const movie = await this.movies.findById(id);
    if (movie?.availableUntil?.getTime() !== at.getTime()) return false;
    await this.listCache.invalidate();
    if (movie.status === MovieStatus.Published)
      await this.outbox.announce(
        announcement(movie, false, () => movie),
        async () => movie,
      );
    return true;
  }

  /** Publishes `draft` by `publish` (conditional: null when it was no longer a draft), announced and audited. */
  private async publishDraft(
    draft: StoredMovie,
    publish: (publishDate: Date) => Promise<StoredMovie | null>,
  ): Promise<StoredMovie | null> {
    const publishDate = new Date();
    const movie = await this.outbox.announce(
      announcement(
        { ...draft, status: MovieStatus.Published, publishDate },
        true,
        (published: StoredMovie | null) => published ?? draft,
      ),
      async () => {
        const published = await publish(publishDate);
        if (published) await this.listCache.invalidate();
        return published;
      },
      (published) => published !== null,
    );
    if (movie) await this.audit.record(moviePublished(movie));
    return movie;
  }

  async remove(id: string): Promise<{ id: string }> {
    const name = await this.outbox.announce({ type: 'movie.deleted', payload: { movieId: id } }, async () => {
      const removed = await this.writes.remove(id);
      await this.reviews.removeOfMovie(id);
      await this.ratingCache.forget(id);
      await this.listCache.invalidate();
      return removed;
    });
    await this.audit.record(movieDeleted(id, name));
    // An RPC reply needs a value.
    return { id };
  }
}

type AnnouncedMovie = Parameters<typeof moviePublishedEvent>[0] & Parameters<typeof movieUpdatedEvent>[0];

/**
 * What a write of `movie` announces: `movie.published` when it publishes it, else `movie.updated`; stored as the
 * write is expected to leave it, then announced as it did (`storedOf` its result).
 */
const announcement = <R>(
  movie: AnnouncedMovie,
  publishes: boolean,
  storedOf: (result: R) => StoredMovie,
): Announcement<R> =>
  publishes
    ? {
        type: 'movie.published',
        payload: moviePublishedEvent(movie),
        stored: (result) => moviePublishedEvent(storedOf(result)),
      }
    : {
        type: 'movie.updated',
        payload: movieUpdatedEvent(movie),
        stored: (result) => movieUpdatedEvent(storedOf(result)),
      };
