import { Controller } from '@nestjs/common';
import type { TrendingQuery } from '@app/contracts';
import { RecommendationRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { ModelStore } from '../model-build/model-store';
import type { RecommendQuery, SimilarRequest } from './recommendations.service';
import { RecommendationsService } from './recommendations.service';

@Controller()
export class RecommendationsController {
  constructor(
    private readonly recommendations: RecommendationsService,
    private readonly models: ModelStore,
  ) {}

  @RpcHandler(RecommendationRpc.recommend)
  recommend(@RpcPayload() query: RecommendQuery) {
    return this.recommendations.recommend(query);
  }

  @RpcHandler(RecommendationRpc.trending)
  trending(@RpcPayload() query: TrendingQuery) {
    return this.recommendations.trendingList(query);
  }

  @RpcHandler(RecommendationRpc.similar)
  similar(@RpcPayload() request: SimilarRequest) {
    return this.recommendations.similar(request);
  }

  @RpcHandler(RecommendationRpc.status)
  status() {
    return this.models.status();
  }

  @RpcHandler(RecommendationRpc.rebuild)
  rebuild() {
    return this.models.rebuild();
  }
}
