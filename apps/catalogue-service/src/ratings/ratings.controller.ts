import { Controller } from '@nestjs/common';
import { MovieRpc } from '@app/contracts';
import type { MovieId } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { RatingsService } from './ratings.service';

@Controller()
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @RpcHandler(MovieRpc.rating)
  rating(@RpcPayload() { id }: MovieId) {
    return this.ratings.rating(id);
  }
}
