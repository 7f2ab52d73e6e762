import { Injectable } from '@nestjs/common';
import {
  accessForRating,
  DEFAULT_PURCHASE_PRICE_INR,
  DEFAULT_RENTAL_PRICE_INR,
  GENERATED_POSTER_PREFIX,
  MovieStatus,
} from '@app/contracts';
import { EventBus } from '@app/server-core';
import { moviePublishedEvent } from '../movies/movie-events';
import { MovieListCache } from '../movies/movie-list.cache';
import { ImportedMovie, MoviesRepository } from '../movies/movies.repository';
import { normalizeTitle } from '../movies/title';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { genresOf, positive, tmdbDate, tmdbRating } from './tmdb-fields';
import { TmdbClient, TmdbList, TmdbMovieDetail, TmdbReviewItem } from './tmdb.client';

export const tmdbSourceKey = (id: number) => `import:tmdb:${id}`;

const LISTS: TmdbList[] = ['popular', 'top-rated', 'trending'];

export type ImportResult = { seen: number; added: number; updated: number; reviews: number };

/**
 * Fills the catalogue from a TMDB-compatible API (DECISIONS 13): the ids of the popular, top rated and
 * trending lists, then each title and its reviews. Idempotent on the external id: a re-run refreshes the
 * source fields and never duplicates; admin-owned fields (status, access, prices) are kept.
 */
@Injectable()
export class TmdbImporter {
  constructor(
    private readonly tmdb: TmdbClient,
    private readonly movies: MoviesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly listCache: MovieListCache,
    private readonly events: EventBus,
  ) {}

  get configured() {
    return this.tmdb.configured;
  }

  async run({
    pages = 1,
    onTotal,
    onProgress,
  }: {
    pages?: number;
    onTotal?: (total: number) => void;
    onProgress?: (done: number) => void;
  } = {}): Promise<ImportResult> {
    const genres = await this.tmdb.genres();
    const ids = new Set<number>();
    for (const list of LISTS) {
      for (let page = 1; page <= pages; page += 1) {
        const { ids: found, totalPages } = await this.tmdb.listIds(list, page);
        found.forEach((id) => ids.add(id));
        if (page >= totalPages) break;
      }
    }
    onTotal?.(ids.size);
    const result: ImportResult = { seen: ids.size, added: 0, updated: 0, reviews: 0 };
    let done = 0;
    for (const id of ids) {
      const movie = await this.tmdb.movie(id);
      const imported = this.toImported(movie, genres);
      const inserted = await this.movies.upsertImported([imported]);
      const movieId =
        inserted.get(imported.sourceKey) ??
        (await this.movies.idsBySourceKeys([imported.sourceKey])).get(imported.sourceKey);
      if (inserted.size) result.added += 1;
      else result.updated += 1;
      if (movieId) {
        if (inserted.size && !movie.poster_path) {
          await this.movies.update(movieId.toHexString(), {
            posterUrl: `${GENERATED_POSTER_PREFIX}${movieId.toHexString()}.svg`,
          });
        }
        result.reviews += await this.importReviews(movieId.toHexString(), await this.tmdb.reviews(id));
        // Announced as stored (its generated poster included), so the event's card is what the catalogue shows.
        const stored = inserted.size ? await this.movies.findById(movieId.toHexString()) : null;
        if (stored) await this.events.publish('movie.published', moviePublishedEvent(stored));
      }
      onProgress?.((done += 1));
    }
    await this.listCache.invalidate();
    return result;
  }

  toImported(movie: TmdbMovieDetail, genreNames: Map<number, string>): ImportedMovie {
    const genres = genresOf(movie.genres, genreNames);
    const rating = tmdbRating(movie.vote_average);
    const sourceKey = tmdbSourceKey(movie.id);
    return {
      sourceKey,
      refresh: {
        title: movie.title,
        titleNormalized: normalizeTitle(movie.title),
        description: movie.overview?.trim() || movie.title,
        genre: genres[0],
        genres,
        rating,
        votes: movie.vote_count ?? null,
        releaseDate: tmdbDate(movie.release_date),
        runtimeMinutes: positive(movie.runtime),
        language: movie.original_language ?? null,
        budgetUsd: positive(movie.budget),
        revenueUsd: positive(movie.revenue),
        tmdbId: movie.id,
        ...(movie.imdb_id ? { imdbId: movie.imdb_id } : {}),
        // Same scale as the seed: how many people rated it.
        popularity: movie.vote_count ?? 0,
        ...(movie.poster_path ? { posterUrl: this.tmdb.posterUrl(movie.poster_path) } : {}),
      },
      onInsert: {
        status: MovieStatus.Published,
        access: accessForRating(rating),
        purchasePriceInr: DEFAULT_PURCHASE_PRICE_INR,
        rentalPriceInr: DEFAULT_RENTAL_PRICE_INR,
        publishDate: new Date(),
        director: null,
        writers: [],
        cast: [],
        awards: null,
        ...(movie.imdb_id ? {} : { imdbId: null }),
        // Replaced by the title's generated poster once its id is known.
        ...(movie.poster_path ? {} : { posterUrl: GENERATED_POSTER_PREFIX }),
      },
    };
  }

  /** Reviews without a rating are skipped: the catalogue's reviews always carry one. */
  private async importReviews(movieId: string, reviews: TmdbReviewItem[]): Promise<number> {
    const rated = reviews.filter((review) => typeof review.author_details.rating === 'number');
    await this.reviews.upsertMany(
      rated.map((review) => ({
        movieId,
        userId: `import:tmdb:${review.id}`,
        username: review.author,
        rating: Math.min(10, Math.max(0, Math.round((review.author_details.rating ?? 0) * 10) / 10)),
        content: review.content,
        createdAt: new Date(review.created_at),
      })),
    );
    return rated.length;
  }
}
