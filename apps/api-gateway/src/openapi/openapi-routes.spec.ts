import { Module, RequestMethod } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule, DiscoveryService, MetadataScanner, NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { envSchema } from '../env';
import { UNDOCUMENTED_ROUTES } from './api-routes';
import { buildOpenApiDocument } from './openapi-document';

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.OPTIONS]: 'OPTIONS',
  [RequestMethod.HEAD]: 'HEAD',
  [RequestMethod.ALL]: 'ALL',
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

/**
 * Every handler of every controller registered in the gateway's module tree, read from Nest's own route
 * metadata (so it keeps working wherever the controller files live).
 */
const servedRoutes = (app: INestApplicationContext): string[] => {
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
        return prefixes.flatMap((prefix) =>
          asList(Reflect.getMetadata(PATH_METADATA, handler)).map(
            (p) => `${METHODS[method] ?? method} ${join(prefix, p)}`,
          ),
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

describe('the OpenAPI document covers the gateway', () => {
  let app: INestApplicationContext;
  let served: string[];
  const documented = Object.entries(buildOpenApiDocument().paths).flatMap(([route, item]) =>
    (['get', 'post', 'put', 'delete', 'patch', 'options', 'head'] as const)
      .filter((method) => item[method])
      .map((method) => `${method.toUpperCase()} ${route}`),
  );
  const excluded = UNDOCUMENTED_ROUTES.filter((route) => route.nest).map(
    (route) => `${route.method.toUpperCase()} ${route.path}`,
  );

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(GatewayRoutesProbe, { logger: false });
    served = servedRoutes(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('finds the routes (the discovery itself works)', () => {
    expect(served).toEqual(
      expect.arrayContaining([
        'GET /api/movies',
        'PUT /api/users/{id}/role',
        'GET /auth/google/callback',
        'GET /metrics',
      ]),
    );
    expect(new Set(served).size).toBe(served.length);
  });

  it('documents every route the gateway serves', () => {
    expect(served.filter((route) => !documented.includes(route) && !excluded.includes(route))).toEqual([]);
  });

  it('documents no route the gateway does not serve', () => {
    expect(documented.filter((route) => !served.includes(route))).toEqual([]);
  });

  it('leaves out only routes that exist, each with a reason', () => {
    expect(excluded.filter((route) => !served.includes(route))).toEqual([]);
    expect(excluded.filter((route) => documented.includes(route))).toEqual([]);
    for (const route of UNDOCUMENTED_ROUTES) expect(route.reason).not.toBe('');
  });
});
