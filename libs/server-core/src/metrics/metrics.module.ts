import type { MiddlewareConsumer, NestModule } from '@nestjs/common';
import { Controller, Get, Global, Module, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../http/public.decorator';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
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

/**
 * Prometheus `/metrics` plus timings of every HTTP request (`HttpMetricsMiddleware`). A service's RPC messages are
 * timed by its `RpcServer` as it sends each reply (createServiceApp).
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    // Express 5 matches `use('/')` on every path.
    consumer.apply(HttpMetricsMiddleware).forRoutes('/');
  }
}
