import type { MiddlewareConsumer, NestModule } from '@nestjs/common';
import { Controller, Get, Global, Module, Res } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Response } from 'express';
import { Public } from '../http/public.decorator';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
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

/** Prometheus `/metrics` plus timings of every HTTP request: an app without RPC handlers (the gateway). */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class HttpMetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    // Express 5 matches `use('/')` on every path.
    consumer.apply(HttpMetricsMiddleware).forRoutes('/');
  }
}

/** Prometheus `/metrics` plus timings of every HTTP request and RPC message: a service. */
@Global()
@Module({
  imports: [HttpMetricsModule],
  providers: [{ provide: APP_INTERCEPTOR, useClass: MetricsInterceptor }],
  exports: [HttpMetricsModule],
})
export class MetricsModule {}
