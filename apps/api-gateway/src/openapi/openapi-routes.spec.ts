import { Module, RequestMethod } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryModule, DiscoveryService, MetadataScanner, NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { IdempotencyKeyHeadersSchema } from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { AppModule } from '../app.module';
import { envSchema } from '../env';
import { readIdempotencyKeyHeader } from '../payments/idempotency-key';
import { rateLimitOf } from '../rate-limit/rate-limits';
import { API_ROUTES, UNDOCUMENTED_ROUTES } from './api-routes';
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

/** What a handler's ZodPipes validate: the body, the query, the params whole or one by one; and the headers it reads. */
type Validation = {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  param: Record<string, z.ZodType>;
  headers?: z.ZodType;
};
type ServedRoute = { route: string; validation: Validation; rateLimit: ReturnType<typeof rateLimitOf> };
type RouteArg = { index: number; data?: unknown; pipes?: unknown[]; factory?: unknown };

/** Parameter decorators that read and validate headers, with the schema each validates them by. */
const HEADER_READERS = new Map<unknown, z.ZodType>([[readIdempotencyKeyHeader, IdempotencyKeyHeadersSchema]]);

/** ZodPipe keeps its schema private; the test reads it to compare it with the route table. */
const schemaOf = (pipes: unknown[] = []) => {
  const pipe = pipes.find((candidate) => candidate instanceof ZodPipe);
  return pipe ? (pipe as unknown as { schema: z.ZodType }).schema : undefined;
};

const validationOf = (controller: object, name: string): Validation => {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArg>;
  const validation: Validation = { param: {} };
  for (const [key, { data, pipes, factory }] of Object.entries(args)) {
    if (HEADER_READERS.has(factory)) validation.headers = HEADER_READERS.get(factory);
    const schema = schemaOf(pipes);
    if (!schema) continue;
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    if (type === RouteParamtypes.BODY) validation.body = schema;
    if (type === RouteParamtypes.QUERY) validation.query = schema;
    if (type === RouteParamtypes.PARAM && typeof data === 'string') validation.param[data] = schema;
    if (type === RouteParamtypes.PARAM && data === undefined) validation.params = schema;
  }
  return validation;
};

/**
 * Every handler of every controller registered in the gateway's module tree, read from Nest's own route
 * metadata (so it keeps working wherever the controller files live).
 */
const servedRoutes = (app: INestApplicationContext): ServedRoute[] => {
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
        const validation = validationOf(metatype, name);
        const rateLimit = rateLimitOf(handler as Parameters<typeof rateLimitOf>[0], metatype);
        return prefixes.flatMap((prefix) =>
          asList(Reflect.getMetadata(PATH_METADATA, handler)).map((p) => ({
            route: `${METHODS[method] ?? method} ${join(prefix, p)}`,
            validation,
            rateLimit,
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

describe('the OpenAPI document covers the gateway', () => {
  let app: INestApplicationContext;
  let served: ServedRoute[];
  let servedNames: string[];
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
    servedNames = served.map(({ route }) => route);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('finds the routes and their pipes (the discovery itself works)', () => {
    expect(servedNames).toEqual(
      expect.arrayContaining([
        'GET /api/movies',
        'PUT /api/users/{id}/role',
        'GET /auth/google/callback',
        'GET /metrics',
      ]),
    );
    expect(new Set(servedNames).size).toBe(servedNames.length);
    const putUser = served.find(({ route }) => route === 'PUT /api/users/{id}')?.validation;
    expect(putUser?.params).toBeDefined();
    expect(putUser?.body).toBeDefined();
    expect(served.find(({ route }) => route === 'GET /api/movies/{id}')?.validation.param.id).toBeDefined();
    expect(served.find(({ route }) => route === 'POST /create-order')?.validation.headers).toBeDefined();
  });

  it('documents every route the gateway serves', () => {
    expect(servedNames.filter((route) => !documented.includes(route) && !excluded.includes(route))).toEqual(
      [],
    );
  });

  it('documents no route the gateway does not serve', () => {
    expect(documented.filter((route) => !servedNames.includes(route))).toEqual([]);
  });

  it('leaves out only routes that exist, each with a reason', () => {
    expect(excluded.filter((route) => !servedNames.includes(route))).toEqual([]);
    expect(excluded.filter((route) => documented.includes(route))).toEqual([]);
    for (const route of UNDOCUMENTED_ROUTES) expect(route.reason).not.toBe('');
  });

  it('documents each route with the very schemas its handler validates with', () => {
    const mismatches = API_ROUTES.flatMap((table) => {
      const name = `${table.method.toUpperCase()} ${table.path}`;
      const handler = served.find(({ route }) => route === name)?.validation;
      if (!handler) return [];
      const problems: string[] = [];
      const named = Object.entries(handler.param);
      if (handler.body !== table.body) problems.push('body');
      if (handler.headers !== table.headers) problems.push('headers');
      if (table.validated === false) {
        // Documented for readers, read by the handler as they come: no pipe, no 400.
        if (handler.query || handler.params || named.length)
          problems.push('validated: false, yet it has pipes');
      } else {
        if (handler.query !== table.query) problems.push('query');
        if (handler.params && handler.params !== table.params) problems.push('params');
        for (const [param, schema] of named)
          if (table.params?.shape[param] !== schema) problems.push(`param ${param}`);
        if (table.params && !handler.params && !named.length) problems.push('params are not validated');
      }
      return problems.map((problem) => `${name}: ${problem}`);
    });
    expect(mismatches).toEqual([]);
  });

  it("documents each route's rate limit as its handler applies it (429 unless not limited)", () => {
    const mismatches = API_ROUTES.flatMap((table) => {
      const name = `${table.method.toUpperCase()} ${table.path}`;
      const handler = served.find(({ route }) => route === name);
      return handler && handler.rateLimit !== table.rateLimit
        ? [`${name}: the handler says ${String(handler.rateLimit)}, the table ${String(table.rateLimit)}`]
        : [];
    });
    expect(mismatches).toEqual([]);
    const limited = (name: string) => served.find(({ route }) => route === name)?.rateLimit;
    expect(limited('POST /api/contact')).toBe('contact');
    expect(limited('GET /api/movies/sections')).toBe('browse');
    expect(limited('POST /api/payments/webhook')).toBe(false);
    expect(limited('GET /api/health')).toBe(false);
  });
});
