import { Injectable } from '@nestjs/common';
import {
  ComponentHealth,
  HealthReport,
  healthRpc,
  HealthStatus,
  ServiceFeatures,
  serviceUnavailableMessage,
} from '@app/contracts';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/**
 * Asks every service for its own report; the system is up only when all of them are. Components keep the service
 * names (monitors key on them); each message says in a viewer's words what is down ("Payments are unavailable
 * right now.", "Payments: redis down").
 */
@Injectable()
export class GatewayHealthService {
  constructor(@InjectServiceClients() private readonly clients: ServiceClients) {}

  async check(): Promise<HealthReport> {
    const entries = await Promise.all(
      this.clients.all().map(async (client): Promise<[string, ComponentHealth]> => {
        const { service } = client;
        try {
          const report = await client.send(healthRpc(service), {});
          const down = Object.entries(report.components)
            .filter(([, part]) => part.status === HealthStatus.Down)
            .map(([name]) => name);
          return [
            service,
            down.length
              ? {
                  status: HealthStatus.Down,
                  message: `${ServiceFeatures[service].name}: ${down.join(', ')} down`,
                }
              : { status: HealthStatus.Up },
          ];
        } catch {
          // Not answering (no replica, a timeout) or answering nonsense: to a viewer the feature is unavailable.
          return [service, { status: HealthStatus.Down, message: serviceUnavailableMessage(service) }];
        }
      }),
    );
    const components = Object.fromEntries(entries);
    const up = entries.every(([, part]) => part.status === HealthStatus.Up);
    return { status: up ? HealthStatus.Up : HealthStatus.Down, components };
  }
}
