import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthRoutes, HealthStatus } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { GatewayHealthService } from './health.service';

/** Probed every few seconds by the orchestrator and monitors: never rate-limited. */
@Controller()
export class HealthController {
  constructor(private readonly health: GatewayHealthService) {}

  /** The report is the body either way; only the status says whether every service is up. */
  @Endpoint(HealthRoutes.check)
  async check(@Res({ passthrough: true }) res: FastifyReply) {
    const report = await this.health.check();
    res.status(report.status === HealthStatus.Up ? 200 : 503);
    return report;
  }

  /** Liveness of the gateway process alone (k8s must not restart the gateway because a service is down). */
  @Endpoint(HealthRoutes.live)
  live() {
    return { status: HealthStatus.Up };
  }
}
