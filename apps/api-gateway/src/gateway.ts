import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { ErrorCode } from '@app/contracts';
import {
  admissionSettings,
  AllExceptionsFilter,
  correlationId,
  JsonLogger,
  MetricsService,
} from '@app/server-core';
import { AppModule } from './app.module';
import { trustProxyValue } from './auth/client-ip';
import type { Env } from './env';
import { apiDocsEnabled } from './env';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { admissionControl } from './web/admission';
import { compressResponses } from './web/compression';
import { drainUnreadBody } from './web/drain';
import { GatewayHttpAdapter, ROUTER_OPTIONS } from './web/method-not-allowed';
import { hideMetrics } from './web/metrics-port';
import { isUnder } from './web/paths';
import { refusal } from './web/refusal';
import { noStoreApi, securityHeaders } from './web/security-headers';
import { streamProxy } from './web/stream-proxy';
import { webApp } from './web/web-app';

/** How long an idle keep-alive connection stays open: longer than any proxy in front keeps its own. */
export const KEEP_ALIVE_MS = 65_000;

/** The largest request body the API reads (Express's JSON parser's default, which the gateway had before). */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * The public HTTP entry: JSON API under /api, OpenAPI at /api/docs, posters, the stream proxy and (optionally) the web
 * app. Nest on Fastify (issue 29 §3: the same controller cost 0.62-0.70× the CPU of Nest on Express). A served path
 * asked with another method answers 405 with `Allow` (web/method-not-allowed.ts).
 *
 * What every request goes through, in order, as Fastify hooks (a hook costs a function call; a middleware would
 * cost @fastify/middie's path matching on every request):
 * 1. `onRequest`: the security headers, `no-store` on `/api`, the correlation id, `/metrics` hidden when the
 *    internal port serves it, the `/stream` proxy (it answers and nothing below runs), admission control of `/api`;
 * 2. Nest: the request context (a `preHandler` hook, request-context.module.ts), guards, the handler;
 * 3. `onSend`: compression, then the rest of a body left unread (web/drain.ts); `onResponse`: the request's timing
 *    (metrics.module.ts).
 */
export const createGateway = async (env: Env) => {
  const security = securityHeaders(env);
  /** The first hook of every request, and of a path Fastify refuses before any hook: headers and correlation id. */
  const firstSteps = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    security(reply.raw);
    if (isUnder(request.url, '/api')) noStoreApi(reply.raw);
    correlationId(request.raw, reply.raw, done);
  };
  const adapter = new GatewayHttpAdapter({
    // A proxy in front (nginx in one-URL mode, a load balancer in production) keeps idle connections open and reuses
    // them; Node's 5 s default closed them first, and a request sent on one as it closed failed (nginx: "connection
    // reset by peer", 502 to a POST it may not retry). Idle connections now outlive the proxy's (60 s).
    keepAliveTimeout: KEEP_ALIVE_MS,
    // `req.ip` is the real client behind the ingress (rate limits are per client IP).
    trustProxy: trustProxyValue(env.TRUST_PROXY),
    bodyLimit: BODY_LIMIT_BYTES,
    // A `__proto__` or `constructor.prototype` key stays an own key of the parsed body, as JSON.parse (and Express)
    // leave it, for the route's schema to refuse by name ("Unrecognized key"); Fastify's default refuses the whole
    // body as malformed JSON. Nothing reads a body before its schema has parsed it (routes/route-input.guard.ts).
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    routerOptions: ROUTER_OPTIONS,
    // A path that cannot be decoded (a malformed %-escape) is refused before any hook or route: in the house's words.
    frameworkErrors: (_error: Error, request: FastifyRequest, reply: FastifyReply) =>
      firstSteps(request, reply, () => {
        void reply.code(400).send(refusal(request, ErrorCode.ValidationFailed, 'Malformed request path'));
      }),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(env), adapter, {
    logger: new JsonLogger('api-gateway', env.LOG_LEVEL),
    // Razorpay's webhook signature covers the raw bytes (payments/payments.controller.ts).
    rawBody: true,
  });
  app.getHttpServer().headersTimeout = KEEP_ALIVE_MS + 1_000;
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', firstSteps);
  // The internal metrics port serves /metrics (web/metrics-port.ts); the public port then has none.
  if (env.METRICS_PORT !== undefined) fastify.addHook('onRequest', hideMetrics);
  fastify.addHook('onRequest', streamProxy(env.STREAMING_HTTP_URL));
  // Before any work on the request: above its limit the gateway answers 503 + Retry-After at once.
  fastify.addHook('onRequest', admissionControl(admissionSettings(env), app.get(MetricsService)));
  fastify.addHook('onSend', compressResponses());
  fastify.addHook('onSend', drainUnreadBody);
  app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost)));
  app.enableShutdownHooks();
  // Generated from the route descriptions (libs/contracts/src/http/*.routes.ts) that the handlers' @Endpoint() apply.
  // Not published in production unless asked for (issue 14, finding 10).
  if (apiDocsEnabled(env)) SwaggerModule.setup('api/docs', app, buildOpenApiDocument());
  if (env.WEB_DIST_DIR) adapter.serveWebApp(webApp(env.WEB_DIST_DIR));
  return app;
};
