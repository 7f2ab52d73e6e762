import type { Server, ServerResponse } from 'node:http';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ErrorCode } from '@app/contracts';
import { AppError, JsonReply } from '@app/server-core';
import type { WebApp } from './web-app';

/** How long a shutdown waits for connections still open before ending them. */
export const CLOSE_GRACE_MS = 5_000;

/** How the gateway matches paths, here and in its router: a trailing slash and the letter case do not matter. */
export const ROUTER_OPTIONS = { caseSensitive: false, ignoreTrailingSlash: true } as const;

const found = (router: ReturnType<typeof FindMyWay>, method: string, path: string): boolean => {
  try {
    return router.find(method as HTTPMethod, path) !== null;
  } catch {
    // A malformed %-escape in the path: no route serves it.
    return false;
  }
};

/**
 * Every route's path by method, in a router of its own (Fastify's own, find-my-way, with the gateway's options), so
 * that a path can be asked which methods serve it: Fastify's router answers only "this method at this path".
 */
export class RouteTable {
  private readonly router = FindMyWay(ROUTER_OPTIONS);
  private readonly methods = new Set<string>();
  /** Paths a route takes with every method (`@All`). */
  private readonly anyMethod = FindMyWay(ROUTER_OPTIONS);

  constructor(private readonly everyMethod: readonly string[]) {}

  add(methods: string | string[], url: string) {
    const list = (Array.isArray(methods) ? methods : [methods]).map((method) => method.toUpperCase());
    const table = this.everyMethod.every((method) => list.includes(method)) ? this.anyMethod : this.router;
    for (const method of table === this.anyMethod ? ['GET'] : list) {
      // Fastify adds a HEAD route for each GET; a second route of a method at a path cannot exist.
      if (table.hasRoute(method as HTTPMethod, url)) continue;
      table.on(method as HTTPMethod, url, () => undefined);
      this.methods.add(method);
    }
  }

  /**
   * The methods the routes serve at `path`, as `Allow` lists them (GET brings HEAD, which Fastify answers for it);
   * empty when no route serves the path, null when one serves every method.
   */
  allowedMethods(path: string): string[] | null {
    if (found(this.anyMethod, 'GET', path)) return null;
    const allowed = new Set<string>();
    for (const method of this.methods) if (found(this.router, method, path)) allowed.add(method);
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  }
}

/**
 * Fastify as Nest drives it, with the gateway's steps around Nest's 404:
 * - a GET or HEAD no route took may be the web app's (web-app.ts): it is served from here, so no API request pays
 *   for looking;
 * - a request no route took whose path a route serves answers 405 with the methods its routes serve, from every
 *   route Fastify registers (Nest's handlers and Swagger's pages alike), so a new route needs nothing here.
 * A handler's `JsonReply` (a service's reply passed on unchanged) is sent as the bytes it holds, with the type and
 * charset a JSON answer has, never parsed or serialised again (issue 29 §3).
 */
export class GatewayHttpAdapter extends FastifyAdapter {
  private readonly routes: RouteTable;
  private webApp: WebApp | undefined;

  constructor(options: FastifyServerOptions) {
    super(options);
    const fastify = this.getInstance<FastifyInstance>();
    this.routes = new RouteTable(fastify.supportedMethods);
    fastify.addHook('onRoute', (route) => this.routes.add(route.method, route.url));
  }

  /** The built web app, served for the GETs no route takes (see the class). */
  serveWebApp(webApp: WebApp) {
    this.webApp = webApp;
  }

  override reply(response: FastifyReply | ServerResponse, body: unknown, statusCode?: number): FastifyReply {
    if (!(body instanceof JsonReply) || !('raw' in response)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    return response.type('application/json; charset=utf-8').send(body.bytes);
  }

  /**
   * Shutting down: the server stops taking connections and Node closes the idle ones; a kept-alive connection still
   * open after CLOSE_GRACE_MS (a response its client never read) is ended, as Node's 5 s keep-alive default used to
   * end it (the gateway keeps them 65 s for the proxy in front: gateway.ts).
   */
  override async close(): Promise<undefined> {
    const server = this.getHttpServer() as Server | undefined;
    const timer = server && setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    timer?.unref();
    try {
      return await super.close();
    } finally {
      clearTimeout(timer);
    }
  }

  override setNotFoundHandler(handler: (request: FastifyRequest, reply: FastifyReply) => unknown) {
    return super.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      // Fastify waits for an answer sent in an async handler only when the handler gives it the reply.
      if (this.webApp && (await this.webApp(request, reply))) return reply;
      const allowed = this.routes.allowedMethods(request.url.split('?')[0] ?? '/');
      if (allowed?.length) {
        const allow = allowed.join(', ');
        reply.header('Allow', allow);
        throw new AppError(
          ErrorCode.MethodNotAllowed,
          `${request.method} is not allowed here (Allow: ${allow})`,
        );
      }
      return handler(request, reply);
    });
  }
}
