import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, tap } from 'rxjs';
import type { Request } from 'express';
import { MetricsService } from './metrics.service';

/** Times every HTTP request (by route template) and RPC message (by pattern). */
@Injectable()
export class MetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: MetricsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const transport = context.getType();
    const route =
      transport === 'rpc'
        ? String(
            context.switchToRpc().getContext<{ getPattern?: () => string }>()?.getPattern?.() ?? 'unknown',
          )
        : String(context.switchToHttp().getRequest<Request>().route?.path ?? 'unmatched');
    const end = this.metrics.requestDuration.startTimer({ transport, route });
    return next
      .handle()
      .pipe(tap({ next: () => end({ outcome: 'ok' }), error: () => end({ outcome: 'error' }) }));
  }
}
