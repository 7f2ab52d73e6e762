import { Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { HttpRoute } from '@app/contracts';
import { RequestContext, validate } from '@app/server-core';
import { requireOwnAccount } from '../auth/own-user';
import { ROUTE } from './endpoint.decorator';

/** The parsed query replaces the raw one on the request itself (an own property, whatever the framework's is). */
const setQuery = (request: FastifyRequest, query: unknown) =>
  Object.defineProperty(request, 'query', {
    value: query,
    writable: true,
    configurable: true,
    enumerable: true,
  });

const headersOf = (request: FastifyRequest, schema: z.ZodObject) =>
  Object.fromEntries(Object.keys(schema.shape).map((name) => [name, request.headers[name.toLowerCase()]]));

/** The request's parts as its route describes them; the own-account checks. */
const parse = (route: HttpRoute, request: FastifyRequest) => {
  if (route.validated !== false) {
    if (route.params)
      request.params = validate(route.params, request.params, 'path') as FastifyRequest['params'];
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
};

/**
 * Applies a route's description (`@Endpoint(route)`) to each call, the last of the global guards (after the session
 * and the rate limits): the path, query, headers and body are parsed by the route's schemas (400 naming each bad
 * field) and the parsed values replace the raw ones, so `@Param`, `@Query`, `@Headers` and `@Body` read them; and an
 * `own` route's `{id}` and body `userId` must be the caller's (403). A guard rather than an interceptor: a handler
 * with no interceptor is called without Nest's Observable pipeline around it (issue 29 §3); the replies are checked
 * by RouteReplyInterceptor, outside production.
 */
@Injectable()
export class RouteInputGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const route = this.reflector.get<HttpRoute | undefined>(ROUTE, context.getHandler());
    if (route && context.getType() === 'http')
      parse(route, context.switchToHttp().getRequest<FastifyRequest>());
    return true;
  }
}
