import { Module, RequestMethod } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule, DiscoveryService, MetadataScanner, NestFactory } from '@nestjs/core';
import { API_ROUTES } from '@app/contracts';
import type { HttpRoute } from '@app/contracts';
import { AppModule } from '../app.module';
import { envSchema } from '../env';
import { rateLimitOf } from '../rate-limit/rate-limits';
import { ROUTE } from '../routes/endpoint.decorator';
import { buildOpenApiDocument } from './openapi-document';
import { UNDOCUMENTED_ROUTES } from './undocumented-routes';

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.PATCH]: 'PATCH',
};

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? (value as string[]) : [typeof value === 'string' ? value : '/'];
/** Nest's join of controller and handler paths, in OpenAPI form (`:id` → `{id}`). */
const join = (...parts: string[]) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .map((segment) => segment.replace(/^:(\w+)$/, '{$1}'))
    .join('/')}`;

type Served = {
  route: string;
  handler: string;
  described?: HttpRoute;
  rateLimit: ReturnType<typeof rateLimitOf>;
  /** Pipes on the handler's parameters: validation belongs to the description, so there are none. */
  pipes: number;
};

/** Every handler of every controller in the gateway's module tree, as Nest routes it. */
const servedRoutes = (app: INestApplicationContext): Served[] => {
  const scanner = app.get(MetadataScanner);
  return app
    .get(DiscoveryService)
    .getControllers()
    .flatMap(({ metatype }) => {
      if (!metatype) return [];
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, metatype));
      const prototype = (metatype as { prototype: object }).prototype;
      return scanner.getAllMethodNames(prototype).flatMap((name) => {
        const handler = (prototype as Record<string, unknown>)[name] as object;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) return [];
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<
          string,
          { pipes?: unknown[] }
        >;
        return prefixes.flatMap((prefix) =>
          asList(Reflect.getMetadata(PATH_METADATA, handler)).map((p) => ({
            route: `${METHODS[method] ?? method} ${join(prefix, p)}`,
            handler: `${metatype.name}.${name}`,
            described: Reflect.getMetadata(ROUTE, handler) as HttpRoute | undefined,
            rateLimit: rateLimitOf(handler as Parameters<typeof rateLimitOf>[0], metatype),
            pipes: Object.values(args).reduce((count, arg) => count + (arg.pipes?.length ?? 0), 0),
          })),
        );
      });
    });
};

@Module({
  imports: [
    AppModule.register(
      envSchema.parse({
        LOG_LEVEL: 'error',
        GOOGLE_CLIENT_ID: 'test-client',
        GOOGLE_CLIENT_SECRET: 'test-secret',
      }),
    ),
    DiscoveryModule,
  ],
})
class GatewayRoutesProbe {}

const nameOf = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;

describe('each route is described once, and the gateway serves exactly the described routes', () => {
  let app: INestApplicationContext;
  let served: Served[];
  const undocumented = UNDOCUMENTED_ROUTES.filter((route) => route.nest).map(nameOf);

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(GatewayRoutesProbe, { logger: false });
    served = servedRoutes(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('finds the handlers (the discovery itself works)', () => {
    expect(served.map(({ route }) => route)).toEqual(
      expect.arrayContaining(['GET /api/movies', 'PUT /api/users/{id}/role', 'GET /metrics']),
    );
  });

  it('serves every handler at the method and path of its description', () => {
    const strays = served
      .filter(({ route }) => !undocumented.includes(route))
      .filter(({ route, described }) => !described || nameOf(described) !== route)
      .map(({ handler, route }) => `${handler} (${route})`);
    expect(strays).toEqual([]);
  });

  it('serves each described route with exactly one handler', () => {
    const counts = API_ROUTES.map((route) => [
      nameOf(route),
      served.filter(({ described }) => described === route).length,
    ]);
    expect(counts.filter(([, count]) => count !== 1)).toEqual([]);
    expect(new Set(API_ROUTES.map(nameOf)).size).toBe(API_ROUTES.length);
  });

  it('validates through the description only (no pipes on handlers)', () => {
    expect(served.filter(({ pipes }) => pipes > 0).map(({ handler }) => handler)).toEqual([]);
  });

  it("applies each route's rate limit as described (429 unless not limited)", () => {
    const mismatches = served
      .filter(({ described }) => described)
      .filter(({ described, rateLimit }) => rateLimit !== described?.rateLimit)
      .map(({ route, rateLimit }) => `${route}: ${String(rateLimit)}`);
    expect(mismatches).toEqual([]);
    const limited = (name: string) => served.find(({ route }) => route === name)?.rateLimit;
    expect(limited('POST /api/contact')).toBe('contact');
    expect(limited('GET /api/movies/sections')).toBe('browse');
    expect(limited('POST /api/payments/webhook')).toBe(false);
    expect(limited('GET /api/health')).toBe(false);
  });

  it('documents every described route and leaves out only what it says why', () => {
    const documented = Object.entries(buildOpenApiDocument().paths).flatMap(([path, item]) =>
      (['get', 'post', 'put', 'delete', 'patch'] as const)
        .filter((method) => item[method])
        .map((method) => nameOf({ method, path })),
    );
    expect(documented.sort()).toEqual(API_ROUTES.map(nameOf).sort());
    expect(undocumented.filter((route) => !served.some((s) => s.route === route))).toEqual([]);
    for (const route of UNDOCUMENTED_ROUTES) expect(route.reason).not.toBe('');
  });
});
