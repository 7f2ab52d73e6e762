import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { AuthMessages } from '@app/contracts';
import { API_ROUTES } from '@app/contracts';
import type { HttpMethod } from '@app/contracts';
import { BEARER_AUTH, buildOpenApiDocument, ERROR_BODY, hasStrictQuery } from './openapi-document';
import { jsonSchemaValidator, validateOpenApi } from './openapi.testing';

const ajv = jsonSchemaValidator();
const document: OpenAPIObject = buildOpenApiDocument();
const operation = (method: HttpMethod, route: string): OperationObject => {
  const found = document.paths[route]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${route} is not documented`);
  return found;
};
const parameters = (op: OperationObject) => (op.parameters ?? []) as ParameterObject[];
const parameter = (op: OperationObject, name: string, location: 'path' | 'query') => {
  const found = parameters(op).find((p) => p.name === name && p.in === location);
  if (!found) throw new Error(`no ${location} parameter ${name}`);
  return found;
};
const paramValidator = (method: HttpMethod, route: string, name: string, location: 'path' | 'query') =>
  ajv.compile(parameter(operation(method, route), name, location).schema as object);
const bodyValidator = (method: HttpMethod, route: string) => {
  const schema = (
    operation(method, route).requestBody as { content: Record<string, { schema: object }> } | undefined
  )?.content['application/json'].schema;
  if (!schema) throw new Error('no body');
  return ajv.compile(schema);
};
/** The query as one object, as the gateway reads it (RouteInputGuard). */
const queryValidator = (method: HttpMethod, route: string) => {
  const op = operation(method, route);
  const query = parameters(op).filter((p) => p.in === 'query');
  return ajv.compile({
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: !hasStrictQuery(op),
  });
};
const allOperations = Object.entries(document.paths).flatMap(([route, item]) =>
  (['get', 'post', 'put', 'delete', 'patch'] as const).flatMap((method) =>
    item[method] ? [{ method, route, op: item[method] }] : [],
  ),
);
const OBJECT_ID = 'a'.repeat(24);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', () => {
    const result = validateOpenApi(document);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('the validator is not a rubber stamp: it refuses a broken document', () => {
    const broken = {
      ...document,
      paths: { '/api/movies': { get: { responses: { 200: { content: {} } } } } },
    };
    expect(validateOpenApi(broken).valid).toBe(false);
  });

  it('has one operation per route of the table, each with an id', () => {
    expect(allOperations).toHaveLength(API_ROUTES.length);
    const ids = allOperations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(
    allOperations.map(({ method, route, op }) => [`${method.toUpperCase()} ${route}`, route, op] as const),
  )('%s declares every path parameter of its template', (_name, route, op) => {
    const inTemplate = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const declared = parameters(op).filter((p) => p.in === 'path');
    expect(declared.map((p) => p.name).sort()).toEqual(inTemplate);
    for (const p of declared) expect(p.required).toBe(true);
  });

  it('declares the user id of /api/users/{id} and its role sub-path as an ObjectId', () => {
    for (const [method, route] of [
      ['put', '/api/users/{id}'],
      ['delete', '/api/users/{id}'],
      ['put', '/api/users/{id}/role'],
    ] as const) {
      const valid = paramValidator(method, route, 'id', 'path');
      expect(valid(OBJECT_ID)).toBe(true);
      for (const bad of ['not-an-id', 'A'.repeat(24), 'a'.repeat(23), `${OBJECT_ID}a`, ''])
        expect(valid(bad)).toBe(false);
    }
  });

  it.each(['/api/movies/{id}', '/api/movies/{id}/rating', '/api/movies/{id}/reviews'])(
    'GET %s refuses an id that is not an ObjectId',
    (route) => {
      const valid = paramValidator('get', route, 'id', 'path');
      expect(valid(OBJECT_ID)).toBe(true);
      expect(valid('123')).toBe(false);
      expect(valid('zzzzzzzzzzzzzzzzzzzzzzzz')).toBe(false);
    },
  );

  it('refuses pageSize 0 and 101, page 0, and a fraction, as the API does', () => {
    for (const [method, route] of [
      ['get', '/api/movies'],
      ['get', '/api/admin/movies'],
    ] as const) {
      const pageSize = paramValidator(method, route, 'pageSize', 'query');
      expect([1, 24, 100].map(pageSize)).toEqual([true, true, true]);
      expect([0, 101, -1, 2.5, 'abc'].map(pageSize)).toEqual([false, false, false, false, false]);
      expect(paramValidator(method, route, 'page', 'query')(0)).toBe(false);
      expect(parameter(operation(method, route), 'pageSize', 'query')).toMatchObject({
        required: false,
        schema: { default: 24 },
      });
    }
  });

  it('refuses unknown query parameters where the query schema is strict', () => {
    const movies = queryValidator('get', '/api/movies');
    expect(movies({ page: 2, sort: 'newest' })).toBe(true);
    expect(movies({ page: 2, foo: '1' })).toBe(false);
    expect(movies({ sort: 'random' })).toBe(false);
    expect(movies({ category: 'horror' })).toBe(false);
    expect(queryValidator('get', '/api/movies/sections')({ genre: 'Drama', x: '1' })).toBe(false);
    expect(queryValidator('get', '/api/admin/movies')({ status: 'archived' })).toBe(false);
  });

  it('refuses bodies the API refuses: extra fields, malformed emails, short passwords, wrong ids', () => {
    const signup = bodyValidator('post', '/api/signup');
    const account = { username: 'Asha', email: 'asha@streamly.in', password: 'Pw-asha-1234' };
    expect(signup(account)).toBe(true);
    expect(signup({ ...account, role: 'admin' })).toBe(false);
    expect(signup({ ...account, email: 'plainaddress' })).toBe(false);
    expect(signup({ ...account, email: { $gt: '' } })).toBe(false);
    expect(signup({ ...account, password: 'short' })).toBe(false);
    expect(signup({ username: 'Asha', email: 'asha@streamly.in' })).toBe(false);

    const details = bodyValidator('post', '/api/movie-details');
    expect(details({ movieIds: [OBJECT_ID] })).toBe(true);
    expect(details({ movieIds: ['nope'] })).toBe(false);
    expect(details({ movieIds: Array.from({ length: 51 }, () => OBJECT_ID) })).toBe(false);

    const review = bodyValidator('post', '/api/movies/{id}/reviews');
    expect(review({ rating: 7.5, content: 'Good' })).toBe(true);
    expect(review({ rating: 11, content: 'Good' })).toBe(false);
    expect(review({ rating: 7, content: '' })).toBe(false);

    const otp = bodyValidator('post', '/api/auth/verify-otp');
    expect(otp({ email: 'asha@streamly.in', otp: '123456' })).toBe(true);
    expect(otp({ email: 'asha@streamly.in', otp: '12345' })).toBe(false);
  });

  it.each([
    ['/api/auth/login', '403', AuthMessages.captchaFailed],
    ['/api/auth/admin/login', '403', AuthMessages.captchaFailed],
    ['/api/contact', '403', AuthMessages.captchaFailed],
    ['/api/auth/oauth/exchange', '401', 'code is unknown, used or expired'],
  ])(
    'POST %s declares a schema-valid request refused by its captcha or one-time code as %s, apart from 400',
    (route, status, text) => {
      const { responses } = operation('post', route);
      expect((responses[status] as ResponseObject).description).toContain(text);
      // 400 stays what a fuzzer reads it as: input its schema refuses.
      expect((responses['400'] as ResponseObject).description).not.toMatch(/captcha|code/i);
    },
  );

  // A wrong OTP or a spent link stays 400: the web app signs a viewer out on a 401 to a call that carried a token.
  it.each([
    ['/api/auth/verify-otp', AuthMessages.otpExpired],
    ['/api/auth/reset-password', AuthMessages.otpInvalid],
    ['/api/auth/verify-email', AuthMessages.verificationLinkInvalid],
  ])('POST %s declares its refused one-time code as 400', (route, text) => {
    const { responses } = operation('post', route);
    expect((responses['400'] as ResponseObject).description).toContain(text);
  });

  it("takes SPEC 7's payment bodies as SPEC writes them, and the press's key in the Idempotency-Key header too", () => {
    const titleOrder = bodyValidator('post', '/api/payments/create-order');
    expect(titleOrder({ amount: 1200, movieId: OBJECT_ID, userId: OBJECT_ID })).toBe(true);
    expect(titleOrder({ movieId: OBJECT_ID, idempotencyKey: 'press-0001' })).toBe(true);
    expect(titleOrder({ movieId: OBJECT_ID, price: 1 })).toBe(false);
    expect(titleOrder({ movieId: OBJECT_ID, idempotencyKey: 'short' })).toBe(false);
    expect(titleOrder({ movieId: OBJECT_ID, userId: 'someone' })).toBe(false);

    const planOrder = bodyValidator('post', '/create-order');
    expect(planOrder({ amount: 14_900, currency: 'INR', planId: 'basic' })).toBe(true);
    expect(planOrder({ planId: 'basic', currency: 'USD' })).toBe(false);
    expect(planOrder({ planId: 'basic', userId: OBJECT_ID })).toBe(false);

    const verify = bodyValidator('post', '/api/payments/verify');
    const paid = { razorpay_payment_id: 'pay_Abc123456', razorpay_signature: 'f'.repeat(64) };
    expect(
      verify({ ...paid, razorpay_order_id: 'order_Abc1234', userId: OBJECT_ID, movieId: OBJECT_ID }),
    ).toBe(true);
    expect(verify({ ...paid, razorpay_subscription_id: 'sub_Abc12345', userId: OBJECT_ID })).toBe(true);
    expect(verify({ ...paid, razorpay_order_id: 'order_Abc1234', amount: 1200 })).toBe(false);

    for (const route of ['/create-order', '/api/payments/create-order']) {
      const header = parameters(operation('post', route)).find((p) => p.in === 'header');
      expect(header).toMatchObject({ name: 'Idempotency-Key', required: false });
      const valid = ajv.compile(header?.schema as object);
      expect([valid('press-0001'), valid('short'), valid('has space!')]).toEqual([true, false, false]);
    }
  });

  it.each(allOperations.map(({ method, route, op }) => [`${method.toUpperCase()} ${route}`, op] as const))(
    '%s answers its errors with the ErrorBody schema, 500 included',
    (_name, op) => {
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.map(([status]) => status)).toContain('500');
      for (const [status, response] of errors) {
        // The health report's 503 is the report itself, not an error.
        if (op.operationId === 'getApiHealth' && status === '503') continue;
        expect((response as ResponseObject).content?.['application/json'].schema).toEqual({
          $ref: `#/components/schemas/${ERROR_BODY}`,
        });
      }
    },
  );

  it('shows the classification and descriptors of titles: required on the admin Adds, in every reply (issue 25)', () => {
    const classes = ['U', 'UA7', 'UA13', 'UA16', 'A'];
    const form = {
      title: 'Lagaan',
      description: 'Cricket.',
      genre: 'Drama',
      rating: 8.1,
      posterUrl: 'https://x.in/p.jpg',
      classification: 'UA7',
      descriptors: ['language'],
    };
    for (const route of ['/api/movies', '/api/admin/series']) {
      const add = bodyValidator('post', route);
      expect(add(form)).toBe(true);
      const { classification: _c, ...unclassified } = form;
      expect(add(unclassified)).toBe(false);
      expect(add({ ...form, classification: 'PG-13' })).toBe(false);
      expect(add({ ...form, descriptors: ['gore'] })).toBe(false);
    }
    const movie = document.components?.schemas?.Movie as SchemaObject;
    expect(movie.required).toEqual(expect.arrayContaining(['classification', 'descriptors']));
    expect((movie.properties?.classification as SchemaObject).enum).toEqual(classes);
  });

  it('lists 400 wherever input is validated, 413 wherever there is a body, 401/403 wherever a token is needed', () => {
    for (const route of API_ROUTES) {
      const statuses = Object.keys(operation(route.method, route.path).responses);
      if (route.body) expect(statuses).toEqual(expect.arrayContaining(['400', '413']));
      if ((route.params || route.query) && route.validated !== false) expect(statuses).toContain('400');
      if (route.access !== 'public') expect(statuses).toEqual(expect.arrayContaining(['401', '403']));
      if (route.upstream !== false) expect(statuses).toEqual(expect.arrayContaining(['503', '504']));
    }
  });

  it('ErrorBody is { code, message, correlationId } with the error codes', () => {
    const schema = document.components?.schemas?.[ERROR_BODY] as SchemaObject;
    expect(schema.required).toEqual(['code', 'message', 'correlationId']);
    const valid = ajv.compile(schema);
    expect(valid({ code: 'NOT_FOUND', message: 'Movie not found', correlationId: 'req-1' })).toBe(true);
    expect(valid({ code: 'TEAPOT', message: 'x', correlationId: 'req-1' })).toBe(false);
  });

  it('declares the bearer scheme and requires it exactly on the routes that need a token', () => {
    expect(document.components?.securitySchemes?.[BEARER_AUTH]).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    for (const route of API_ROUTES) {
      const { security } = operation(route.method, route.path);
      expect(security).toEqual(route.access === 'public' ? undefined : [{ [BEARER_AUTH]: [] }]);
    }
    expect(operation('get', '/api/users').security).toEqual([{ [BEARER_AUTH]: [] }]);
    expect(operation('get', '/api/movies').security).toBeUndefined();
  });

  it('refers to the shared answers by reference', () => {
    expect(Object.keys(document.components?.schemas ?? {}).sort()).toEqual(
      [ERROR_BODY, 'Movie', 'Review', 'User'].sort(),
    );
    expect(JSON.stringify(document)).not.toContain('#/$defs/');
  });
});
