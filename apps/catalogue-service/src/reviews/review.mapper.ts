import type { Types } from 'mongoose';
import type { Review } from '@app/contracts';
import type { ReviewRecord } from './review.schema';

export type StoredReview = ReviewRecord & { _id: Types.ObjectId; createdAt: Date };

export const toReview = (doc: StoredReview): Review => ({
  id: doc._id.toHexString(),
  movieId: doc.movieId.toHexString(),
  userId: doc.userId,
  username: doc.username,
  rating: doc.rating,
  content: doc.content,
  createdAt: doc.createdAt.toISOString(),
});
