import type { INestApplication } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { z } from 'zod';
import {
  API_ROUTES,
  AuthRpc,
  Classification,
  ErrorCode,
  ProfileKind,
  Role,
  UserStatus,
} from '@app/contracts';
import type { HttpRoute, SessionUser } from '@app/contracts';
import { AllExceptionsFilter, AppError, correlationId } from '@app/server-core';
import { AppModule } from '../app.module';
import { SERVICE_CLIENTS } from '../clients/service-clients';
import { envSchema } from '../env';
import { GatewayHttpAdapter, ROUTER_OPTIONS } from '../web/method-not-allowed';

/**
 * The gateway's controller spec, generated from the route descriptions: for every route, who may call it (401 without
 * a token, 403 for a viewer on an admin route or on another account's data) and what it validates (400 for a path
 * parameter or a body its schemas refuse), all answered before any service is asked.
 */

const VIEWER_ID = '65f0c0ffee0000000000a001';
const OTHER_ID = '65f0c0ffee0000000000a002';
const ADMIN_ID = '65f0c0ffee0000000000a003';
const sessionUser = (id: string, role: Role): SessionUser => ({
  id,
  username: role === Role.Admin ? 'admin' : 'asha',
  email: `${id}@example.in`,
  role,
  status: UserStatus.Active,
  sessionId: `session-${id}`,
  emailVerified: true,
  // Acting as the account's default profile (issue 25: a session that names none is refused viewer routes).
  profile: { id, kind: ProfileKind.Standard, maturityCeiling: Classification.A },
});
const SESSIONS: Record<string, SessionUser> = {
  'viewer-token': sessionUser(VIEWER_ID, Role.User),
  'admin-token': sessionUser(ADMIN_ID, Role.Admin),
};

/** Every service: sessions resolve from SESSIONS; anything else is recorded and answered "unavailable" (503). */
class FakeServiceClients {
  readonly calls: string[] = [];
  get() {
    return {
      send: (rpc: { pattern: string }, payload: { token?: string }) => {
        if (rpc.pattern === AuthRpc.resolveSession.pattern) {
          const user = SESSIONS[payload.token ?? ''];
          return user
            ? Promise.resolve(user)
            : Promise.reject(new AppError(ErrorCode.Unauthorized, 'Invalid token'));
        }
        this.calls.push(rpc.pattern);
        return Promise.reject(new AppError(ErrorCode.ServiceUnavailable, 'unavailable in this spec'));
      },
    };
  }
  all() {
    return [];
  }
}

const VALID_ID = '65f0c0ffee0000000000abcd';
/** A value the param's schema accepts: an id, a number or a word; undefined when none fits. */
const validValue = (schema: z.ZodType): string | undefined =>
  [VALID_ID, '1', 'w500', 'a'].find((value) => schema.safeParse(value).success);

const paramsOf = (route: HttpRoute, overrides: Record<string, string> = {}) => {
  const shape = (route.params?.shape ?? {}) as Record<string, z.ZodType>;
  const params: Record<string, string> = {};
  for (const [name, schema] of Object.entries(shape)) params[name] = validValue(schema) ?? 'a';
  return { ...params, ...overrides };
};
const pathOf = (route: HttpRoute, params: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'a'));
const name = (route: HttpRoute) => `${route.method.toUpperCase()} ${route.path}`;
const tokenFor = (route: HttpRoute) => (route.access === 'admin' ? 'admin-token' : 'viewer-token');
const ownParams = (route: HttpRoute): Record<string, string> =>
  route.access === 'own' || route.access === 'own-or-admin' ? { id: VIEWER_ID } : {};

describe('every described route: access and validation, before any service is asked', () => {
  let app: INestApplication;
  let base: string;
  let services: FakeServiceClients;

  const send = async (route: HttpRoute, options: { token?: string; path?: string; body?: unknown }) => {
    const response = await fetch(
      `${base}${options.path ?? pathOf(route, paramsOf(route, ownParams(route)))}`,
      {
        method: route.method.toUpperCase(),
        headers: {
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      },
    );
    return response.status;
  };

  beforeAll(async () => {
    services = new FakeServiceClients();
    const env = envSchema.parse({
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.register(env)] })
      .overrideProvider(SERVICE_CLIENTS)
      .useValue(services)
      .compile();
    app = moduleRef.createNestApplication(new GatewayHttpAdapter({ routerOptions: ROUTER_OPTIONS }), {
      logger: false,
    });
    app.use(correlationId);
    app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost)));
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    services.calls.length = 0;
  });

  const privateRoutes = API_ROUTES.filter((route) => route.access !== 'public');
  it.each(privateRoutes.map((route) => [name(route), route] as const))(
    '%s: 401 without a token',
    async (_, route) => {
      expect(await send(route, {})).toBe(401);
      expect(services.calls).toEqual([]);
    },
  );

  const adminRoutes = API_ROUTES.filter((route) => route.access === 'admin');
  it.each(adminRoutes.map((route) => [name(route), route] as const))(
    '%s: 403 for a viewer',
    async (_, route) => {
      expect(await send(route, { token: 'viewer-token' })).toBe(403);
      expect(services.calls).toEqual([]);
    },
  );

  const ownRoutes = API_ROUTES.filter(
    (route) => (route.access === 'own' || route.access === 'own-or-admin') && route.params?.shape.id,
  );
  it.each(ownRoutes.map((route) => [name(route), route] as const))(
    "%s: 403 for a viewer naming another account, and an admin's read only where allowed",
    async (_, route) => {
      const otherPath = pathOf(route, paramsOf(route, { id: OTHER_ID }));
      expect(await send(route, { token: 'viewer-token', path: otherPath })).toBe(403);
      expect(services.calls).toEqual([]);
      const byAdmin = await send(route, {
        token: 'admin-token',
        path: otherPath,
        body: route.body ? {} : undefined,
      });
      if (route.access === 'own') expect(byAdmin).toBe(403);
      else expect(byAdmin).not.toBe(403);
    },
  );

  const idParams = API_ROUTES.filter((route) => route.validated !== false).flatMap((route) =>
    Object.entries((route.params?.shape ?? {}) as Record<string, z.ZodType>)
      .filter(([, schema]) => !schema.safeParse('not-an-id').success)
      .map(([param]) => [`${name(route)} {${param}}`, route, param] as const),
  );
  it.each(idParams)('%s: 400 for a value its schema refuses', async (_, route, param) => {
    const path = pathOf(route, paramsOf(route, { ...ownParams(route), [param]: 'not-an-id' }));
    expect(await send(route, { token: tokenFor(route), path })).toBe(400);
    expect(services.calls).toEqual([]);
  });

  const bodies = API_ROUTES.filter((route) => route.body && !route.body.safeParse([]).success);
  it.each(bodies.map((route) => [name(route), route] as const))(
    '%s: 400 for a body its schema refuses',
    async (_, route) => {
      expect(await send(route, { token: tokenFor(route), body: [] })).toBe(400);
      expect(services.calls).toEqual([]);
    },
  );

  it('covers the routes (the generator itself works)', () => {
    expect(privateRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(idParams.length).toBeGreaterThan(0);
    expect(bodies.length).toBeGreaterThan(0);
  });
});
