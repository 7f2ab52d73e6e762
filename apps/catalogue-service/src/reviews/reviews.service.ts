import { Injectable } from '@nestjs/common';
import {
  CreateReviewPayload,
  ErrorCode,
  MovieMessages,
  MovieStatus,
  Review,
  ReviewMessages,
} from '@app/contracts';
import { AppError } from '@app/server-core';
import { MoviesRepository } from '../movies/movies.repository';
import { toReview } from './review.mapper';
import { ReviewsRepository } from './reviews.repository';

/** Reviews of published titles: anyone reads them, a signed-in user writes one per title, admins remove any. */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly movies: MoviesRepository,
  ) {}

  async list(movieId: string): Promise<Review[]> {
    await this.findPublishedOrFail(movieId);
    return (await this.reviews.newestOf(movieId)).map(toReview);
  }

  async create({ movieId, userId, username, rating, content }: CreateReviewPayload): Promise<Review> {
    await this.findPublishedOrFail(movieId);
    const review = await this.reviews.create({ movieId, userId, username, rating, content });
    if (!review) throw new AppError(ErrorCode.Conflict, ReviewMessages.alreadyReviewed);
    return toReview(review);
  }

  async remove(movieId: string, reviewId: string): Promise<{ id: string }> {
    if (!(await this.reviews.remove(movieId, reviewId))) throw AppError.notFound(ReviewMessages.notFound);
    return { id: reviewId };
  }

  private async findPublishedOrFail(movieId: string) {
    const movie = await this.movies.findById(movieId);
    if (!movie || movie.status !== MovieStatus.Published) throw AppError.notFound(MovieMessages.notFound);
    return movie;
  }
}
