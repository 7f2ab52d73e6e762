import type { NestMiddleware } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MetricsService } from './metrics.service';

/**
 * Times every HTTP request that reaches the app's routes (by route template; `unmatched` for a 404), from routing to
 * the last byte, refusals by guards (401, 403, 429) included. A middleware rather than an interceptor: an
 * interceptor layer costs each request an Observable chain and two AsyncResource bindings (issue 15's profile).
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: MetricsService) {}

  use(req: Request, res: Response, next: NextFunction) {
    const end = this.metrics.requestDuration.startTimer({ transport: 'http' });
    res.once('finish', () =>
      end({
        // Set by the router once a route matched.
        route: String((req.route as { path?: string } | undefined)?.path ?? 'unmatched'),
        outcome: res.statusCode < 400 ? 'ok' : 'error',
      }),
    );
    next();
  }
}
