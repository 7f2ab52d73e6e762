import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthStatus } from '@app/contracts';
import { Public } from '@app/server-core';
import { NotRateLimited } from '../rate-limit/rate-limits';
import { GatewayHealthService } from './health.service';

/** Probed every few seconds by the orchestrator and monitors: never rate-limited. */
@Public()
@NotRateLimited()
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: GatewayHealthService) {}

  @Get()
  async check(@Res() res: Response) {
    const report = await this.health.check();
    res.status(report.status === HealthStatus.Up ? 200 : 503).json(report);
  }

  /** Liveness of the gateway process alone (k8s must not restart the gateway because a service is down). */
  @Get('live')
  live() {
    return { status: HealthStatus.Up };
  }
}
