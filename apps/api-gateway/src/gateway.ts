import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import {
  admissionSettings,
  AllExceptionsFilter,
  correlationId,
  JsonLogger,
  MetricsService,
} from '@app/server-core';
import { AppModule } from './app.module';
import type { Env } from './env';
import { apiDocsEnabled } from './env';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { admissionControl } from './web/admission';
import { compressResponses } from './web/compression';
import { GatewayHttpAdapter } from './web/method-not-allowed';
import { notFound } from './web/metrics-port';
import { noStoreApi, securityHeaders } from './web/security-headers';
import { streamProxy } from './web/stream-proxy';
import { serveWebApp } from './web/web-app';

/** How long an idle keep-alive connection stays open: longer than any proxy in front keeps its own. */
export const KEEP_ALIVE_MS = 65_000;

/**
 * The public HTTP entry: JSON API under /api, OpenAPI at /api/docs, posters, the stream proxy and (optionally) the web
 * app. A served path asked with another method answers 405 with `Allow` (web/method-not-allowed.ts).
 */
export const createGateway = async (env: Env) => {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register(env),
    new GatewayHttpAdapter(),
    {
      logger: new JsonLogger('api-gateway', env.LOG_LEVEL),
      // Razorpay's webhook signature covers the raw bytes (payments/payments.controller.ts).
      rawBody: true,
    },
  );
  app.disable('x-powered-by');
  // A proxy in front (nginx in one-URL mode, a load balancer in production) keeps idle connections open and reuses
  // them; Node's 5 s default closed them first, and a request sent on one as it closed failed (nginx: "connection
  // reset by peer", 502 to a POST it may not retry). Idle connections now outlive the proxy's (60 s).
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // No SHA-1 of every answer for an ETag (issue 29 §3): JSON answers are `no-store`, so never revalidated, and posters
  // are `immutable`. A function that gives none rather than `false`: Express hands `etag` on to sendFile, and the web
  // app's files keep their ETag (from size and mtime, no hashing) and 304s.
  app.set('etag', () => undefined);
  app.use(correlationId);
  // The internal metrics port serves /metrics (web/metrics-port.ts); the public port then has none.
  if (env.METRICS_PORT !== undefined) app.use('/metrics', notFound);
  app.use(securityHeaders(env));
  // Before any work on the request: above its limit the gateway answers 503 + Retry-After at once.
  app.use('/api', admissionControl(admissionSettings(env), app.get(MetricsService)));
  app.use('/api', noStoreApi);
  app.use('/stream', streamProxy(env.STREAMING_HTTP_URL));
  app.use(compressResponses());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  // Generated from the route descriptions (libs/contracts/src/http/*.routes.ts) that the handlers' @Endpoint() apply.
  // Not published in production unless asked for (issue 14, finding 10).
  if (apiDocsEnabled(env)) SwaggerModule.setup('api/docs', app, buildOpenApiDocument());
  if (env.WEB_DIST_DIR) serveWebApp(app, env.WEB_DIST_DIR);
  return app;
};
