import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CreateReviewPayloadSchema, MovieReviewsRequestSchema, RemoveReviewPayloadSchema, ReviewPatterns } from '@app/contracts';
import type { CreateReviewPayload, MovieReviewsRequest, RemoveReviewPayload } from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { ReviewsService } from './reviews.service';

@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @MessagePattern(ReviewPatterns.list)
  list(@RpcPayload(MovieReviewsRequestSchema) { movieId }: MovieReviewsRequest) {
    return this.reviews.list(movieId);
  }

  @MessagePattern(ReviewPatterns.create)
  create(@RpcPayload(CreateReviewPayloadSchema) payload: CreateReviewPayload) {
    return this.reviews.create(payload);
  }

  @MessagePattern(ReviewPatterns.remove)
  remove(@RpcPayload(RemoveReviewPayloadSchema) { movieId, reviewId }: RemoveReviewPayload) {
    return this.reviews.remove(movieId, reviewId);
  }
}
