import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestMiddleware } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { MetricsService } from './metrics.service';

const outcomeOf = (statusCode: number) => (statusCode < 400 ? 'ok' : 'error');

/**
 * Times every HTTP request that reaches an Express app's routes (by route template; `unmatched` for a 404), from
 * routing to the last byte, refusals by guards (401, 403, 429) included. A middleware rather than an interceptor: an
 * interceptor layer costs each request an Observable chain and two AsyncResource bindings (issue 15's profile).
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: MetricsService) {}

  use(req: IncomingMessage & { route?: { path?: string } }, res: ServerResponse, next: () => void) {
    const end = this.metrics.requestDuration.startTimer({ transport: 'http' });
    // Set by Express's router once a route matched.
    res.once('finish', () =>
      end({ route: String(req.route?.path ?? 'unmatched'), outcome: outcomeOf(res.statusCode) }),
    );
    next();
  }
}

/**
 * The same timing on Fastify (the gateway), from Fastify's own clock (from the request's arrival) and route: a hook,
 * where a middleware would run before Fastify knows the route. Requests admission control sheds are timed too, as
 * errors, as the services' RPC server times its own.
 */
export const timeFastifyRequests = (fastify: FastifyInstance, metrics: MetricsService) => {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.requestDuration.observe(
      {
        transport: 'http',
        route: request.routeOptions.url ?? 'unmatched',
        outcome: outcomeOf(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
};
