import { Injectable } from '@nestjs/common';
import { QoeRpc } from '@app/contracts';
import type { QoeBatchRequest } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** streaming-service's QoE intake (issue 28): it knows whose lease is whose. */
@Injectable()
export class QoeClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('streaming-service');
  }

  /** The User-Agent goes along: streaming-service reads the browser family from it. */
  report(userId: string, batch: QoeBatchRequest, userAgent: string) {
    return this.client.send(QoeRpc.report, { ...batch, userId, userAgent });
  }
}
