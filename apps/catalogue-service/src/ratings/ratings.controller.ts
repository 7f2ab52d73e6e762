import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { MovieIdSchema, MoviePatterns } from '@app/contracts';
import type { MovieId } from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { RatingsService } from './ratings.service';

@Controller()
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @MessagePattern(MoviePatterns.rating)
  rating(@RpcPayload(MovieIdSchema) { id }: MovieId) {
    return this.ratings.rating(id);
  }
}
