import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import { AUTH_REQUIRED_MESSAGE, AuthPatterns, ErrorCode, Role } from '@app/contracts';
import type { ResolveSession, RpcEnvelope, SessionUser } from '@app/contracts';
import { AppError } from '@app/server-core';
import { API_ROUTES } from '@app/contracts';
import type { HttpRoute as ApiRoute } from '@app/contracts';
import { buildOpenApiDocument, ERROR_BODY, hasStrictQuery } from '../src/openapi/openapi-document';
import { jsonSchemaValidator, validateOpenApi } from '../src/openapi/openapi.testing';
import { fakeSession } from './fakes';
import { startFakeService, startGateway } from './gateway-harness';

/**
 * The published document against the running gateway: it is the one served at /api/docs-json, and a small
 * fuzz built from it (every value its schemas refuse, one at a time) is answered 400 (413 for a huge body),
 * never 5xx, with a status the document lists. Only auth-service runs (a fake resolving two tokens): a
 * refused request must never reach a service, so any request that does gets 503 and fails the test.
 */

const ADMIN_TOKEN = 'admin-token';
const USER_TOKEN = 'user-token';
/** A verified account of that role, so paying routes reach their validation. */
const sessionOf = (role: Role): SessionUser => fakeSession('a'.repeat(24), role, role);

@Controller()
class FakeAuthController {
  @MessagePattern(AuthPatterns.resolveSession)
  resolve(@Payload() { data }: RpcEnvelope<ResolveSession>): SessionUser {
    if (data.token === ADMIN_TOKEN) return sessionOf(Role.Admin);
    if (data.token === USER_TOKEN) return sessionOf(Role.User);
    throw new AppError(ErrorCode.Unauthorized, 'Your session has expired. Please sign in again.');
  }
}

@Module({ controllers: [FakeAuthController] })
class FakeAuthModule {}

type Schema = SchemaObject & Record<string, unknown>;
type Case = {
  label: string;
  path: string;
  query?: string;
  body?: unknown;
  raw?: string;
  token?: string;
  status: number;
};

const ajv = jsonSchemaValidator();
const isValid = (schema: object, value: unknown) => ajv.compile(schema)(value);

/** Strings that satisfy the patterns and formats of the contracts (ObjectId, OTP, sign-in code, email, URL, date, date-time, HMAC, language,
 * rendition). */
const KNOWN_STRINGS = [
  'a'.repeat(24),
  'a'.repeat(64),
  '123456',
  'A'.repeat(43),
  'asha@streamly.in',
  'https://example.com/poster.jpg',
  '2024-01-31',
  '2026-11-01T00:00:00.000Z',
  'Streamly',
  // A track language (issue 26).
  'hi',
  // A rendition a player reports (issue 28's QoE samples).
  '720p',
];

/** A value the schema accepts: the least one can send. */
const sample = (schema: Schema): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) return sample(options[0]);
  switch (schema.type) {
    case 'string':
      return (
        KNOWN_STRINGS.find((value) => isValid(schema, value)) ??
        'x'.repeat(Math.max(schema.minLength ?? 1, 1))
      );
    case 'integer':
    case 'number':
      return (
        schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1)
      );
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items as Schema));
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(properties[key])]));
    }
    case undefined:
    default:
      return 'x';
  }
};

const TEXT_CANDIDATES = [
  '',
  '0',
  '-1',
  '1.5',
  'abc',
  '101',
  '100001',
  'not-an-id',
  'a'.repeat(23),
  'A'.repeat(24),
  '$gt',
  'zzz',
  'x'.repeat(300),
];
const VALUE_CANDIDATES: unknown[] = [
  null,
  12345678,
  true,
  [],
  [1],
  { $gt: '' },
  '',
  'x'.repeat(10_001),
  -1,
  1.5,
  'not-valid',
];

/** A query or path value as the document types it (what a client following the document would mean). */
const typed = (schema: Schema, text: string): unknown =>
  (schema.type === 'integer' || schema.type === 'number') &&
  text.trim() !== '' &&
  Number.isFinite(Number(text))
    ? Number(text)
    : text;

const casesOf = (route: ApiRoute, op: OperationObject): Case[] => {
  const token = route.access === 'public' ? undefined : ADMIN_TOKEN;
  const params = (op.parameters ?? []) as Array<ParameterObject & { schema: Schema }>;
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const validPath = Object.fromEntries(pathParams.map((p) => [p.name, String(sample(p.schema))]));
  const pathWith = (values: Record<string, string>) =>
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
  const bodySchema = (op.requestBody as { content: Record<string, { schema: Schema }> } | undefined)?.content[
    'application/json'
  ].schema;
  const validBody = bodySchema ? sample(bodySchema) : undefined;
  if (bodySchema && !isValid(bodySchema, validBody))
    throw new Error(`the sampler made an invalid body for ${route.path}: teach it the new pattern`);
  const base = { path: pathWith(validPath), body: validBody, token };
  const cases: Case[] = [];

  for (const p of pathParams) {
    for (const text of TEXT_CANDIDATES.filter((t) => t !== '' && !isValid(p.schema, typed(p.schema, t)))) {
      cases.push({
        ...base,
        label: `path ${p.name}=${text.slice(0, 20)}`,
        path: pathWith({ ...validPath, [p.name]: text }),
        status: 400,
      });
    }
  }
  for (const p of queryParams) {
    for (const text of TEXT_CANDIDATES.filter((t) => !isValid(p.schema, typed(p.schema, t)))) {
      cases.push({
        ...base,
        label: `query ${p.name}=${text.slice(0, 20)}`,
        query: `${p.name}=${encodeURIComponent(text)}`,
        status: 400,
      });
    }
    cases.push({ ...base, label: `query ${p.name} twice`, query: `${p.name}=1&${p.name}=2`, status: 400 });
  }
  if (hasStrictQuery(op))
    cases.push({ ...base, label: 'an unknown query key', query: 'unknownKey=1', status: 400 });

  if (bodySchema && validBody && typeof validBody === 'object') {
    const properties = Object.keys((bodySchema.properties ?? {}) as object);
    for (const key of properties) {
      for (const value of VALUE_CANDIDATES) {
        const body = { ...validBody, [key]: value };
        if (!isValid(bodySchema, body))
          cases.push({
            ...base,
            label: `body ${key}=${JSON.stringify(value).slice(0, 20)}`,
            body,
            status: 400,
          });
      }
    }
    for (const key of bodySchema.required ?? []) {
      cases.push({
        ...base,
        label: `body without ${key}`,
        body: Object.fromEntries(Object.entries(validBody).filter(([k]) => k !== key)),
        status: 400,
      });
    }
    const extra = { ...validBody, unknownField: 'x' };
    if (!isValid(bodySchema, extra))
      cases.push({ ...base, label: 'body with an extra field', body: extra, status: 400 });
    for (const body of [[validBody], 'hello', 42])
      cases.push({ ...base, label: `body ${JSON.stringify(body).slice(0, 20)}`, body, status: 400 });
    cases.push({ ...base, label: 'malformed JSON', raw: '{"a": ', status: 400 });
    cases.push({
      ...base,
      label: 'a 2 MB body',
      raw: JSON.stringify({ ...validBody, padding: 'x'.repeat(2 * 1024 * 1024) }),
      status: 413,
    });
  }
  if (route.access !== 'public') {
    cases.push({ ...base, label: 'no token', token: undefined, status: 401 });
    if (route.access === 'admin')
      cases.push({ ...base, label: 'a user token', token: USER_TOKEN, status: 403 });
  }
  return cases;
};

describe('the published OpenAPI document against the running gateway', () => {
  let auth: INestMicroservice;
  let gateway: INestApplication;
  let url: string;
  const document = buildOpenApiDocument();
  const errorBody = ajv.compile(document.components?.schemas?.[ERROR_BODY] as object);

  beforeAll(async () => {
    ({ app: auth } = await startFakeService(FakeAuthModule));
    ({ app: gateway, url } = await startGateway({ RPC_TIMEOUT_MS: 2000 }));
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
  });

  it('serves the generated document at /api/docs-json, valid OpenAPI 3.1, and Swagger UI at /api/docs', async () => {
    const served = (await (await fetch(`${url}/api/docs-json`)).json()) as OpenAPIObject;
    expect(served).toEqual(JSON.parse(JSON.stringify(document)));
    expect(validateOpenApi(served)).toMatchObject({ valid: true, version: '3.1' });
    const ui = await fetch(`${url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger-ui');
  });

  const routes = API_ROUTES.map((route) => {
    const op = document.paths[route.path]?.[route.method];
    if (!op) throw new Error(`${route.path} is not documented`);
    return [`${route.method.toUpperCase()} ${route.path}`, route, op] as const;
  }).filter(
    ([, route]) =>
      route.validated !== false && (route.params || route.query || route.body || route.access !== 'public'),
  );

  it.each(routes)(
    '%s refuses what its documented schemas refuse, with a documented 4xx',
    async (_name, route, op) => {
      const cases = casesOf(route, op);
      expect(cases.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const { label, path, query, body, raw, token, status } of cases) {
        const hasBody = raw !== undefined || body !== undefined;
        const res = await fetch(`${url}${path}${query ? `?${query}` : ''}`, {
          method: route.method.toUpperCase(),
          headers: {
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(hasBody ? { body: raw ?? JSON.stringify(body) } : {}),
        });
        const answer: unknown = await res.json();
        const problems = [
          res.status !== status &&
            `answered ${res.status}, expected ${status}: ${JSON.stringify(answer).slice(0, 200)}`,
          !(String(res.status) in op.responses) && `${res.status} is not in the document`,
          !errorBody(answer) && 'the body is not an ErrorBody',
        ].filter(Boolean);
        if (problems.length) wrong.push(`${label}: ${problems.join('; ')}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('the fuzz is not empty: it covers the ids of /api/users/{id} and pageSize 0', () => {
    const labels = routes.flatMap(([name, route, op]) => casesOf(route, op).map((c) => `${name} ${c.label}`));
    expect(labels).toEqual(
      expect.arrayContaining([
        'PUT /api/users/{id} path id=not-an-id',
        'GET /api/movies query pageSize=0',
        'GET /api/movies an unknown query key',
      ]),
    );
    expect(labels.length).toBeGreaterThan(300);
  });

  it('a private route without a token is 401 with the documented message', async () => {
    const res = await fetch(`${url}/api/user`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: ErrorCode.Unauthorized, message: AUTH_REQUIRED_MESSAGE });
  });
});
