import { Controller } from '@nestjs/common';
import { ReviewRpc } from '@app/contracts';
import type { CreateReviewPayload, MovieReviewsRequest, RemoveReviewPayload } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { ReviewsService } from './reviews.service';

@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @RpcHandler(ReviewRpc.list)
  list(@RpcPayload() { movieId }: MovieReviewsRequest) {
    return this.reviews.list(movieId);
  }

  @RpcHandler(ReviewRpc.create)
  create(@RpcPayload() payload: CreateReviewPayload) {
    return this.reviews.create(payload);
  }

  @RpcHandler(ReviewRpc.remove)
  remove(@RpcPayload() { movieId, reviewId }: RemoveReviewPayload) {
    return this.reviews.remove(movieId, reviewId);
  }
}
