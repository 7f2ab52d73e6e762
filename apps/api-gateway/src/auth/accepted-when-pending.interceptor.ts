import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Observable, tap } from 'rxjs';
import type { AdminActionPending } from '@app/contracts';

const isPending = (body: unknown): body is AdminActionPending =>
  typeof body === 'object' && body !== null && 'action' in body;

/**
 * DECISIONS 34: a change to another admin waits for a second admin. The handler answers the pending request;
 * this makes the status 202 Accepted (the route's own status otherwise).
 */
@Injectable()
export class AcceptedWhenPending implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      tap((body) => {
        if (isPending(body)) context.switchToHttp().getResponse<FastifyReply>().status(202);
      }),
    );
  }
}
