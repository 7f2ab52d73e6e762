import { Controller, Get, Global, Module, Res } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Response } from 'express';
import { Public } from '../http/public.decorator';
import { MetricsInterceptor } from './metrics.interceptor';
import { MetricsService } from './metrics.service';

/** Scraped by Prometheus inside the cluster; the ingress does not route /metrics. */
@Public()
@Controller()
class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('metrics')
  async render(@Res() res: Response) {
    res.type(this.metrics.registry.contentType).send(await this.metrics.render());
  }
}

/** Prometheus `/metrics` plus request timings for every handler of the app. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService, { provide: APP_INTERCEPTOR, useClass: MetricsInterceptor }],
  exports: [MetricsService],
})
export class MetricsModule {}
