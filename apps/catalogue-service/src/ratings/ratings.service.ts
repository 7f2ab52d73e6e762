import { Injectable, Logger } from '@nestjs/common';
import { MovieMessages, MovieRating, RATING_NOT_AVAILABLE } from '@app/contracts';
import { AppError } from '@app/server-core';
import { MoviesRepository, StoredMovie } from '../movies/movies.repository';
import { MovieRatingClient } from './movie-rating.client';
import { RatingCache } from './rating.cache';
import { acceptsTitleMatch, notAvailable, ratingOf } from './rating-match';

const DAY = 24 * 60 * 60;
/** A known rating changes slowly; a miss may be fixed upstream; a failure is retried soon. */
export const RATING_TTL_SECONDS = { found: DAY, missing: 60 * 60, failed: 60 } as const;

/** The server-side rating look-up (DECISIONS 14): imdb id first, else SPEC 5's title match; 'N/A' otherwise. */
@Injectable()
export class RatingsService {
  private readonly logger = new Logger(RatingsService.name);

  constructor(
    private readonly movies: MoviesRepository,
    private readonly client: MovieRatingClient,
    private readonly cache: RatingCache,
  ) {}

  async rating(id: string): Promise<MovieRating> {
    const movie = await this.movies.findVisible(id);
    if (!movie) throw AppError.notFound(MovieMessages.notFound);
    if (!this.client.configured) return notAvailable(movie.imdbId);
    const cached = await this.cache.get(id);
    if (cached) return cached;
    let rating: MovieRating;
    let ttl: number;
    try {
      rating = await this.lookUp(movie);
      ttl = rating.rating === RATING_NOT_AVAILABLE ? RATING_TTL_SECONDS.missing : RATING_TTL_SECONDS.found;
    } catch (error) {
      // SPEC 8: a failed look-up shows 'N/A' and is only logged.
      this.logger.warn({
        msg: 'rating look-up failed',
        movieId: id,
        error: error instanceof Error ? error.message : String(error),
      });
      rating = notAvailable(movie.imdbId);
      ttl = RATING_TTL_SECONDS.failed;
    }
    await this.cache.set(id, rating, ttl);
    return rating;
  }

  private async lookUp(movie: StoredMovie): Promise<MovieRating> {
    if (movie.imdbId) {
      const answer = await this.client.byImdbId(movie.imdbId);
      return answer.Response === 'True' ? ratingOf(answer, movie.imdbId) : notAvailable(movie.imdbId);
    }
    const year = movie.releaseDate?.getUTCFullYear() ?? null;
    const answer = await this.client.byTitle(movie.title, year);
    if (!acceptsTitleMatch({ title: movie.title, year }, answer)) return notAvailable(null);
    const rating = ratingOf(answer, null);
    if (rating.imdbId) await this.movies.fillImdbId(movie._id.toHexString(), rating.imdbId);
    return rating;
  }
}
