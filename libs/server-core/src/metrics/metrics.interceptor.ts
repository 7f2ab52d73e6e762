import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
// Not re-exported by the package's index: the metadata key `@MessagePattern` records its pattern under.
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { Observable, tap } from 'rxjs';
import { MetricsService } from './metrics.service';

/** The handler's message pattern as `@MessagePattern` recorded it (the NATS subject may carry a test prefix). */
const rpcPattern = (context: ExecutionContext): string => {
  const patterns: unknown = Reflect.getMetadata(PATTERN_METADATA, context.getHandler());
  return Array.isArray(patterns) && patterns.length > 0 ? String(patterns[0]) : 'unknown';
};

/** Times every RPC message (by pattern). HTTP requests are timed by `HttpMetricsMiddleware`. */
@Injectable()
export class MetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: MetricsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const end = this.metrics.requestDuration.startTimer({ transport: 'rpc', route: rpcPattern(context) });
    return next
      .handle()
      .pipe(tap({ next: () => end({ outcome: 'ok' }), error: () => end({ outcome: 'error' }) }));
  }
}
