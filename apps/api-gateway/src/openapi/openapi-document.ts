import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import { z } from 'zod';
import { API_ROUTES, ApiErrorSchema, MovieSchema, ReviewSchema, UserSchema } from '@app/contracts';
import type { ApiResponse, ApiTag, ErrorStatus, HttpRoute as ApiRoute, NamedLimit } from '@app/contracts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

export const BEARER_AUTH = 'bearerAuth';
export const ERROR_BODY = 'ErrorBody';
/** Extension on operations whose query schema is strict: unknown query parameters are refused (400). */
export const STRICT_QUERY = 'x-strict-query';
export const hasStrictQuery = (op: OperationObject) =>
  (op as OperationObject & { [STRICT_QUERY]?: boolean })[STRICT_QUERY] === true;
const componentsPath = '#/components/schemas/';

/** Answers reused by many operations, named in `components.schemas` (answers only: requests are read as input). */
const components = z.registry<{ id: string }>();
components.add(ApiErrorSchema, { id: ERROR_BODY });
components.add(MovieSchema, { id: 'Movie' });
components.add(ReviewSchema, { id: 'Review' });
components.add(UserSchema, { id: 'User' });

const TAGS: Record<ApiTag, string> = {
  movies: 'Browse, movie pages, reviews and the admin writes of titles',
  series: 'TV shows: series, seasons and episodes, and their admin writes',
  admin: 'The admin dashboard',
  users: 'Admin user management',
  profiles: "The account's profiles (who is watching), their settings and locks, and profile-scoped sessions",
  auth: 'Sign-up, sign-in, sessions, password reset, Google sign-in',
  contact: 'The contact form',
  images: 'Generated posters',
  health: 'Health and liveness',
  playback: 'Starting playback (signed stream URLs), heartbeats, the screens of an account, and admin media',
  'user-data':
    "A viewer's favorites (= My List), watch history, Continue Watching, analytics, settings, and their data rights",
  recommendations:
    'Recommendations with a reason each (POST /recommend), Trending Now and "More like this", from what people watch',
  payments:
    'Plans, Checkout orders, verification, the Razorpay webhook, subscriptions and the entitlement answer',
};

/** The 429 of a route that also draws on a tighter budget (`rateLimit` in the route table). */
const NAMED_LIMIT_TEXT: Record<NamedLimit, string> = {
  browse:
    'Too many requests from this client, to this route (RATE_LIMIT_BROWSE_PER_MINUTE) or in all (RATE_LIMIT_PER_MINUTE); Retry-After says when to retry',
  contact:
    'Too many messages from this client this hour (RATE_LIMIT_CONTACT_PER_HOUR); Retry-After says when to retry',
};

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Invalid input: a parameter or the body does not match its schema (`details` names each field), or the body is not JSON',
  401: 'No token, or the token is invalid, expired or revoked',
  403: 'The account is suspended or banned',
  404: 'Not found',
  409: 'Conflict',
  413: 'Request body is too large',
  429: 'Too many requests from this client (RATE_LIMIT_PER_MINUTE across routes); Retry-After says when to retry',
  500: 'Internal error',
  503: 'A service the gateway needs is unavailable, or it or the gateway is busy (OVERLOADED, with Retry-After)',
  504: 'A service the gateway needs did not answer in time',
};

const RETRY_AFTER = {
  description: 'Seconds until the client may try again',
  schema: { type: 'integer', minimum: 1 },
} as const;

/**
 * Two fixes to zod's output. A pipe's input is read as its first stage only (`EmailSchema` is trim → max(254)
 * → email → lower-case), but the API also refuses what a later string stage refuses, so the document carries
 * that stage's format and pattern. And the answers are written with the components registry, which hides the
 * descriptions `.meta()` keeps in the global registry, so they are copied back.
 */
const adjust =
  (io: Io) =>
  ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) => {
    const description = z.globalRegistry.get(zodSchema)?.description;
    if (description !== undefined && jsonSchema.description === undefined)
      jsonSchema.description = description;
    const def = zodSchema._zod.def;
    if (io !== 'input' || def.type !== 'pipe' || jsonSchema.type !== 'string') return;
    const out = z.toJSONSchema((def as z.core.$ZodPipeDef).out, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    });
    if (out.type !== 'string') return;
    for (const key of ['format', 'pattern'] as const)
      if (out[key] !== undefined && jsonSchema[key] === undefined) jsonSchema[key] = out[key];
  };

/** Moves `$defs` into `components.schemas` and points the references there. */
const hoist = (schema: JsonSchema, into: Record<string, SchemaObject>): SchemaObject => {
  const { $defs, $schema: _dialect, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const relink = (value: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${componentsPath}`)) as JsonSchema;
  for (const [id, def] of Object.entries($defs ?? {})) {
    const linked = relink(def) as SchemaObject;
    const existing = into[id];
    if (existing && JSON.stringify(existing) !== JSON.stringify(linked))
      throw new Error(`Two different schemas are named ${id}`);
    into[id] = linked;
  }
  return relink(rest) as SchemaObject;
};

class SchemaWriter {
  readonly schemas: Record<string, SchemaObject> = {};

  /** Requests as the API reads them (defaults make a field optional); answers as it writes them. */
  write(schema: z.ZodType, io: Io): SchemaObject {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      ...(io === 'output' ? { metadata: components } : {}),
      override: adjust(io),
    }) as JsonSchema;
    return hoist(json, this.schemas);
  }
}

const parametersOf = (
  writer: SchemaWriter,
  location: 'path' | 'query' | 'header',
  schema: z.ZodObject | undefined,
): ParameterObject[] => {
  if (!schema) return [];
  const json = writer.write(schema, 'input') as SchemaObject & { properties?: Record<string, SchemaObject> };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
};

const answer = (
  writer: SchemaWriter,
  { status, description, schema, contentType = 'application/json' }: ApiResponse,
): ResponseObject => ({
  description,
  ...(status >= 300 && status < 400
    ? { headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } } }
    : {}),
  ...(schema ? { content: { [contentType]: { schema: writer.write(schema, 'output') } } } : {}),
});

/** The errors a route answers: the ones its shape implies plus the ones the table names. */
export const errorStatusesOf = (route: ApiRoute): Map<ErrorStatus, string> => {
  const implied: ErrorStatus[] = [];
  if (route.body || route.headers || ((route.params || route.query) && route.validated !== false))
    implied.push(400);
  if (route.body) implied.push(413);
  if (route.access !== 'public') implied.push(401, 403);
  if (route.upstream !== false) implied.push(503, 504);
  if (route.rateLimit !== false) implied.push(429);
  implied.push(500);
  const texts = new Map<ErrorStatus, string>();
  for (const status of implied) texts.set(status, ERROR_TEXT[status]);
  if (route.rateLimit) texts.set(429, NAMED_LIMIT_TEXT[route.rateLimit]);
  if (route.access === 'admin')
    texts.set(403, 'Admin access required (or the account is suspended or banned)');
  if (route.access === 'own' || route.access === 'own-or-admin')
    texts.set(
      403,
      `Another account's data${route.access === 'own-or-admin' ? ' (admins may read it)' : ''}, or the account is suspended or banned`,
    );
  for (const [status, text] of Object.entries(route.errors ?? {}))
    texts.set(Number(status) as ErrorStatus, text);
  return new Map([...texts].sort(([a], [b]) => a - b));
};

const operationId = ({ method, path }: ApiRoute) =>
  [
    method,
    ...path
      .split('/')
      .filter(Boolean)
      .map((part) => part.replace(/[{}]/g, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase())),
  ]
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');

const operationOf = (writer: SchemaWriter, route: ApiRoute): OperationObject => {
  const responses: Record<string, ResponseObject> = {};
  for (const response of [route.ok, ...(route.also ?? [])])
    responses[response.status] = answer(writer, response);
  const errorBody = writer.write(ApiErrorSchema, 'output');
  for (const [status, description] of errorStatusesOf(route)) {
    responses[status] = {
      description,
      // On a 503 only when OVERLOADED (a process at its admission limit).
      ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
      content: { 'application/json': { schema: errorBody } },
    };
  }
  const strictQuery = route.query?._zod.def.catchall?._zod.def.type === 'never';
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    ...(strictQuery
      ? { description: 'Unknown query parameters are refused with 400.', [STRICT_QUERY]: true }
      : {}),
    parameters: [
      ...parametersOf(writer, 'path', route.params),
      ...parametersOf(writer, 'query', route.query),
      ...parametersOf(writer, 'header', route.headers),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: writer.write(route.body, 'input') } },
          },
        }
      : {}),
    responses,
    ...(route.access === 'public' ? {} : { security: [{ [BEARER_AUTH]: [] }] }),
  };
};

/** The OpenAPI 3.1 document of the gateway, written from the route descriptions alone (`API_ROUTES` in libs/contracts). */
export const buildOpenApiDocument = (routes: readonly ApiRoute[] = API_ROUTES): OpenAPIObject => {
  const writer = new SchemaWriter();
  const paths: Record<string, PathItemObject> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method])
      throw new Error(`${route.method.toUpperCase()} ${route.path} is in the route table twice`);
    item[route.method] = operationOf(writer, route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Streamly API',
      version: '1',
      description:
        'The public JSON API of the gateway, generated from the zod schemas in libs/contracts. Errors are { code, message, correlationId }; ' +
        "every answer carries the request's x-correlation-id header (send a well-formed one to choose it).",
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: writer.schemas,
      securitySchemes: { [BEARER_AUTH]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
};
