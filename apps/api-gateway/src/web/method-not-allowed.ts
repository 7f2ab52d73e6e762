import type { Server } from 'node:http';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, RequestHandler, Response } from 'express';
import { ErrorCode } from '@app/contracts';
import { AppError, JsonReply } from '@app/server-core';

/**
 * What this reads of Express 5's router (the `router` package; @types/express still describes Express 4's): a layer
 * matches a path without side effects, and a route's layer carries the methods the route serves (`_all`: any).
 */
type RouterLayer = { route?: { methods: Record<string, boolean | undefined> }; match(path: string): unknown };
export type RouteTable = { stack: readonly RouterLayer[] };

const matches = (layer: RouterLayer, path: string): boolean => {
  try {
    return Boolean(layer.match(path));
  } catch {
    // A malformed %-escape in the path: no route serves it.
    return false;
  }
};

/**
 * The methods the routes serve at `path`, as `Allow` lists them (GET brings HEAD, which Express answers for it);
 * empty when no route serves the path, null when one serves every method.
 */
export const allowedMethods = (routes: RouteTable, path: string): string[] | null => {
  const methods = new Set<string>();
  for (const layer of routes.stack) {
    if (!layer.route || !matches(layer, path)) continue;
    for (const [method, served] of Object.entries(layer.route.methods)) {
      if (method === '_all' && served) return null;
      if (served) methods.add(method.toUpperCase());
    }
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
};

/** A path some route serves, asked with a method none serves: 405 with `Allow`. Anything else goes on (to the 404). */
export const methodNotAllowed =
  (routes: RouteTable): RequestHandler =>
  (req, res, next) => {
    const allowed = allowedMethods(routes, req.path);
    if (!allowed?.length) return next();
    const allow = allowed.join(', ');
    res.setHeader('Allow', allow);
    next(new AppError(ErrorCode.MethodNotAllowed, `${req.method} is not allowed here (Allow: ${allow})`));
  };

/**
 * Express as Nest drives it, with one step between the routes and the 404 Nest adds after them: a request no route
 * took whose path a route serves answers 405 with the methods its routes serve, read from the router itself (Nest's
 * handlers and Swagger's pages alike), so a new route needs nothing here. Served requests never reach this step;
 * middleware that answers before the routes (the web app's GET/HEAD, the `/stream` proxy) is unaffected.
 * A handler's `JsonReply` (a service's reply passed on unchanged) is sent as the bytes it holds, with the type and
 * charset `res.json` gives, never parsed or serialised again (issue 29 §3).
 */
/** How long a shutdown waits for connections still open before ending them. */
export const CLOSE_GRACE_MS = 5_000;

export class GatewayHttpAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (!(body instanceof JsonReply)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    return response.send(body.bytes);
  }

  /**
   * Shutting down: the server stops taking connections and Node closes the idle ones; a kept-alive connection still
   * open after CLOSE_GRACE_MS (a response its client never read) is ended, as Node's 5 s keep-alive default used to
   * end it (the gateway keeps them 65 s for the proxy in front: gateway.ts).
   */
  override async close(): Promise<void> {
    const server = this.getHttpServer() as Server | undefined;
    const timer = server && setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    timer?.unref();
    try {
      await super.close();
    } finally {
      clearTimeout(timer);
    }
  }

  override setNotFoundHandler(...args: Parameters<ExpressAdapter['setNotFoundHandler']>): void {
    this.use(methodNotAllowed(this.getInstance<Express>().router as unknown as RouteTable));
    super.setNotFoundHandler(...args);
  }
}
