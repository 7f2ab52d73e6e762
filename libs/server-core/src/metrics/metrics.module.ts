import type { MiddlewareConsumer, NestModule } from '@nestjs/common';
import { Controller, Get, Global, Header, Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { Public } from '../http/public.decorator';
import { HttpMetricsMiddleware, timeFastifyRequests } from './http-metrics.middleware';
import { MetricsService } from './metrics.service';

/** Scraped by Prometheus inside the cluster; the ingress does not route /metrics. */
@Public()
@Controller()
class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get('metrics')
  // prom-client's text format, the registry's `contentType` (the default registry's is the one a new one has).
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  render() {
    return this.metrics.render();
  }
}

/**
 * Prometheus `/metrics` plus timings of every HTTP request (a middleware on Express, a hook on Fastify: see
 * http-metrics.middleware.ts). A service's RPC messages are timed by its `RpcServer` as it sends each reply
 * (createServiceApp).
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule implements NestModule {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: MetricsService,
  ) {}

  configure(consumer: MiddlewareConsumer) {
    const adapter = this.adapterHost.httpAdapter;
    if (adapter.getType() === 'fastify')
      timeFastifyRequests(adapter.getInstance<FastifyInstance>(), this.metrics);
    // Express 5 matches `use('/')` on every path.
    else consumer.apply(HttpMetricsMiddleware).forRoutes('/');
  }
}
