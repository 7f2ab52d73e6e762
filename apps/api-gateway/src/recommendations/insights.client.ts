import { Injectable } from '@nestjs/common';
import { InsightsRpc } from '@app/contracts';
import type { InsightsQuery } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to recommendation-service's insights (issue 28: it owns the buckets). */
@Injectable()
export class InsightsClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('recommendation-service');
  }

  engagement({ days }: InsightsQuery) {
    return this.client.send(InsightsRpc.engagement, { days });
  }

  retention(itemId: string, { days }: InsightsQuery) {
    return this.client.send(InsightsRpc.retention, { itemId, days });
  }

  revenue({ days }: InsightsQuery) {
    return this.client.send(InsightsRpc.revenue, { days });
  }

  qoe({ days }: InsightsQuery) {
    return this.client.send(InsightsRpc.qoe, { days });
  }
}
