import { Injectable } from '@nestjs/common';
import { RecommendationRpc } from '@app/contracts';
import type { SimilarQuery, TrendingQuery } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to recommendation-service (it answers from memory; no call here reaches another service). */
@Injectable()
export class RecommendationClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('recommendation-service');
  }

  /** `userId: null` is a visitor: the cold-start list. */
  recommend(userId: string | null, { limit, genre }: TrendingQuery) {
    return this.client.send(RecommendationRpc.recommend, { userId, limit, genre });
  }

  trending(query: TrendingQuery) {
    return this.client.send(RecommendationRpc.trending, query);
  }

  similar(movieId: string, { limit }: SimilarQuery) {
    return this.client.send(RecommendationRpc.similar, { movieId, limit });
  }
}
