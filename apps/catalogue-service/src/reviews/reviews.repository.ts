import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import { StoredReview } from './review.mapper';
import { ReviewRecord } from './review.schema';

export type NewReview = {
  movieId: string;
  userId: string;
  username: string;
  rating: number;
  content: string;
};

const NEWEST = { createdAt: -1, _id: -1 } as const;

/** The only code that touches the reviews collection. */
@Injectable()
export class ReviewsRepository {
  constructor(@InjectModel(ReviewRecord.name) private readonly reviews: Model<ReviewRecord>) {}

  newestOf(movieId: string, limit?: number): Promise<StoredReview[]> {
    const query = this.reviews.find({ movieId: new Types.ObjectId(movieId) }).sort(NEWEST);
    return (limit ? query.limit(limit) : query).lean<StoredReview[]>().exec();
  }

  ofMovies(movieIds: string[]): Promise<StoredReview[]> {
    return this.reviews
      .find({ movieId: { $in: movieIds.map((id) => new Types.ObjectId(id)) } })
      .sort(NEWEST)
      .lean<StoredReview[]>()
      .exec();
  }

  /** Null when this user already reviewed this title (unique index). */
  async create({ movieId, ...review }: NewReview): Promise<StoredReview | null> {
    const created = await unlessDuplicate(
      this.reviews.create({ ...review, movieId: new Types.ObjectId(movieId) }),
      null,
    );
    return created && created.toObject<StoredReview>();
  }

  /** Idempotent on (movie, author): re-importing refreshes the text instead of adding a copy. */
  async upsertMany(reviews: Array<NewReview & { createdAt: Date }>): Promise<void> {
    if (reviews.length === 0) return;
    await this.reviews.bulkWrite(
      reviews.map(({ movieId, userId, createdAt, ...rest }) => ({
        updateOne: {
          filter: { movieId: new Types.ObjectId(movieId), userId },
          update: { $set: rest, $setOnInsert: { createdAt } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  async remove(movieId: string, reviewId: string): Promise<boolean> {
    const { deletedCount } = await this.reviews
      .deleteOne({ _id: reviewId, movieId: new Types.ObjectId(movieId) })
      .exec();
    return deletedCount === 1;
  }

  /**
   * Replaces the author of every review by `userId` with `marker` and `username`; answers how many changed. A re-run
   * finds none left under `userId`, so it is idempotent. `marker` must be unique to this author: one review per
   * (title, author) is a unique index.
   */
  async anonymiseAuthor(userId: string, marker: string, username: string): Promise<number> {
    const { modifiedCount } = await this.reviews
      .updateMany({ userId: { $eq: userId } }, { $set: { userId: marker, username } })
      .exec();
    return modifiedCount;
  }

  async removeOfMovie(movieId: string): Promise<void> {
    await this.reviews.deleteMany({ movieId: new Types.ObjectId(movieId) }).exec();
  }
}
