import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { CreateReviewPayload, ErrorCode, MovieMessages, Review, ReviewMessages } from '@app/contracts';
import { AppError } from '@app/server-core';
import { MovieListCache } from '../movies/movie-list.cache';
import { MoviesRepository } from '../movies/movies.repository';
import { toReview } from './review.mapper';
import { ReviewsRepository } from './reviews.repository';

/** The author a review shows once its writer deleted their account (DECISIONS 32). */
export const DELETED_AUTHOR = 'Deleted user';
/** Prefix of the author id that replaces a deleted account's (as imported reviews use `import:`). */
export const DELETED_AUTHOR_PREFIX = 'deleted:';

/** Reviews of published titles: anyone reads them, a signed-in user writes one per title, admins remove any. */
@Injectable()
export class ReviewsService {
  private readonly logger = new Logger(ReviewsService.name);

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly movies: MoviesRepository,
    private readonly listCache: MovieListCache,
  ) {}

  async list(movieId: string): Promise<Review[]> {
    await this.findPublishedOrFail(movieId);
    return (await this.reviews.newestOf(movieId)).map(toReview);
  }

  async create({ movieId, userId, username, rating, content }: CreateReviewPayload): Promise<Review> {
    await this.findPublishedOrFail(movieId);
    const review = await this.reviews.create({ movieId, userId, username, rating, content });
    if (!review) throw new AppError(ErrorCode.Conflict, ReviewMessages.alreadyReviewed);
    // A title's kept page lists its newest reviews.
    await this.listCache.invalidate();
    return toReview(review);
  }

  async remove(movieId: string, reviewId: string): Promise<{ id: string }> {
    if (!(await this.reviews.remove(movieId, reviewId))) throw AppError.notFound(ReviewMessages.notFound);
    await this.listCache.invalidate();
    return { id: reviewId };
  }

  /**
   * `user.deleted` (DECISIONS 32): the reviews stay (their ratings are part of the title's) but no longer name or
   * point at the person. A fresh marker per deletion keeps one review per (title, author) unique and links to
   * nobody.
   */
  async forgetAuthor(userId: string): Promise<void> {
    const marker = `${DELETED_AUTHOR_PREFIX}${randomUUID()}`;
    const anonymised = await this.reviews.anonymiseAuthor(userId, marker, DELETED_AUTHOR);
    if (anonymised > 0) await this.listCache.invalidate();
    this.logger.log({ msg: 'reviews of a deleted user anonymised', anonymised });
  }

  private async findPublishedOrFail(movieId: string) {
    const movie = await this.movies.findVisible(movieId);
    if (!movie) throw AppError.notFound(MovieMessages.notFound);
    return movie;
  }
}
