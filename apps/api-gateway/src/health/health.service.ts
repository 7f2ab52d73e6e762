import { Injectable } from '@nestjs/common';
import { ComponentHealth, HealthReport, healthRpc, HealthStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Asks every service for its own report; the system is up only when all of them are. */
@Injectable()
export class GatewayHealthService {
  constructor(@InjectServiceClients() private readonly clients: ServiceClients) {}

  async check(): Promise<HealthReport> {
    const entries = await Promise.all(
      this.clients.all().map(async (client): Promise<[string, ComponentHealth]> => {
        try {
          const report = await client.send(healthRpc(client.service), {});
          const down = Object.entries(report.components)
            .filter(([, part]) => part.status === HealthStatus.Down)
            .map(([name]) => name);
          return [
            client.service,
            down.length
              ? { status: HealthStatus.Down, message: `${down.join(', ')} down` }
              : { status: HealthStatus.Up },
          ];
        } catch (error) {
          return [
            client.service,
            { status: HealthStatus.Down, message: error instanceof AppError ? error.message : String(error) },
          ];
        }
      }),
    );
    const components = Object.fromEntries(entries);
    const up = entries.every(([, part]) => part.status === HealthStatus.Up);
    return { status: up ? HealthStatus.Up : HealthStatus.Down, components };
  }
}
