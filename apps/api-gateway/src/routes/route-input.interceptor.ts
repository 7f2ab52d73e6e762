import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { map } from 'rxjs';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { ErrorCode } from '@app/contracts';
import type { HttpRoute } from '@app/contracts';
import { AppError, ENV, JsonReply, RequestContext, validate } from '@app/server-core';
import { requireOwnAccount } from '../auth/own-user';
import type { Env } from '../env';
import { replyChecksEnabled } from '../env';
import { ROUTE } from './endpoint.decorator';

/** Express 5 computes `req.query` in a getter: the parsed query shadows it on the request itself. */
const setQuery = (request: Request, query: unknown) =>
  Object.defineProperty(request, 'query', {
    value: query,
    writable: true,
    configurable: true,
    enumerable: true,
  });

const headersOf = (request: Request, schema: z.ZodObject) =>
  Object.fromEntries(Object.keys(schema.shape).map((name) => [name, request.headers[name.toLowerCase()]]));

/**
 * Applies a route's description (`@Endpoint(route)`) to each call, after the guards: the path, query, headers and
 * body are parsed by the route's schemas (400 naming each bad field) and the parsed values replace the raw ones, so
 * `@Param`, `@Query`, `@Headers` and `@Body` read them; an `own` route's `{id}` and body `userId` must be the caller's
 * (403); and, outside production unless API_REPLY_CHECKS says otherwise, the handler's answer must match the reply the
 * route documents (a mismatch is a 500 and an error in the log, so a test finds the drift before a client does).
 */
@Injectable()
export class RouteInputInterceptor implements NestInterceptor {
  private readonly logger = new Logger(RouteInputInterceptor.name);
  private readonly checkReplies: boolean;

  constructor(
    private readonly reflector: Reflector,
    @Inject(ENV) env: Env,
  ) {
    this.checkReplies = replyChecksEnabled(env);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<HttpRoute | undefined>(ROUTE, context.getHandler());
    if (!route || context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    this.parse(route, request);
    // A route may answer several documented bodies (`also`: the 202 of a change waiting for a second admin).
    const replies = [route.ok, ...(route.also ?? [])].flatMap(({ schema, contentType }) =>
      schema && !contentType ? [schema] : [],
    );
    if (!this.checkReplies || !replies.length || route.ok.contentType) return next.handle();
    return next.handle().pipe(map((answer: unknown) => this.checked(route, replies, answer)));
  }

  private parse(route: HttpRoute, request: Request) {
    if (route.validated !== false) {
      if (route.params) request.params = validate(route.params, request.params, 'path') as Request['params'];
      if (route.query) setQuery(request, validate(route.query, request.query, 'query'));
    }
    const own = route.access === 'own' || route.access === 'own-or-admin';
    const pathUser = (request.params as { id?: unknown }).id;
    if (own && typeof pathUser === 'string' && route.params?.shape.id)
      requireOwnAccount(RequestContext.user(), pathUser, route.access === 'own-or-admin');
    if (route.headers) {
      const headers = validate(route.headers, headersOf(request, route.headers), 'headers') as Record<
        string,
        unknown
      >;
      for (const [name, value] of Object.entries(headers))
        if (typeof value === 'string') request.headers[name.toLowerCase()] = value;
    }
    if (route.body) {
      request.body = validate(route.body, request.body, 'body');
      const bodyUser = (request.body as { userId?: unknown } | undefined)?.userId;
      if (own && typeof bodyUser === 'string') requireOwnAccount(RequestContext.user(), bodyUser, false);
    }
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
