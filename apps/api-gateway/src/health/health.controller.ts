import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthStatus } from '@app/contracts';
import { CorrelationId, Public } from '@app/server-core';
import { GatewayHealthService } from './health.service';

@Public()
@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: GatewayHealthService) {}

  @Get()
  @ApiOperation({ summary: 'Health of every service; 503 naming the parts that are down' })
  async check(@CorrelationId() correlationId: string, @Res() res: Response) {
    const report = await this.health.check(correlationId);
    res.status(report.status === HealthStatus.Up ? 200 : 503).json(report);
  }

  /** Liveness of the gateway process alone (k8s must not restart the gateway because a service is down). */
  @Get('live')
  @ApiOperation({ summary: 'The gateway process answers' })
  live() {
    return { status: HealthStatus.Up };
  }
}
