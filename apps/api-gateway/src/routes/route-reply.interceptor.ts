import { Injectable, Logger } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map } from 'rxjs';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { ErrorCode } from '@app/contracts';
import type { HttpRoute } from '@app/contracts';
import { AppError, JsonReply } from '@app/server-core';
import { ROUTE } from './endpoint.decorator';

/**
 * Outside production unless API_REPLY_CHECKS says otherwise (AppModule registers it only then): the handler's answer
 * must match the reply its route documents (a mismatch is a 500 and an error in the log, so a test finds the drift
 * before a client does).
 */
@Injectable()
export class RouteReplyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(RouteReplyInterceptor.name);

  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<HttpRoute | undefined>(ROUTE, context.getHandler());
    if (!route || context.getType() !== 'http') return next.handle();
    // A route may answer several documented bodies (`also`: the 202 of a change waiting for a second admin).
    const replies = [route.ok, ...(route.also ?? [])].flatMap(({ schema, contentType }) =>
      schema && !contentType ? [schema] : [],
    );
    if (!replies.length || route.ok.contentType) return next.handle();
    return next.handle().pipe(map((answer: unknown) => this.checked(route, replies, answer)));
  }

  private checked(route: HttpRoute, schemas: z.ZodType[], answer: unknown): unknown {
    // A service's reply passed on as bytes is checked as the client will read it.
    const body = answer instanceof JsonReply ? answer.parse() : answer;
    const results = schemas.map((schema) => schema.safeParse(body));
    const result = results.find(({ success }) => success) ?? results[0];
    if (result.success) return answer;
    const where = `${route.method.toUpperCase()} ${route.path}`;
    this.logger.error(`${where} answered what its route does not describe: ${result.error.message}`);
    throw new AppError(ErrorCode.Internal, `${where} answered what its route does not describe`);
  }
}
