import { createServer, type Server } from 'node:http';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import type { onRequestHookHandler } from 'fastify';
import { InjectEnv, MetricsService } from '@app/server-core';
import type { Env } from '../env';
import { isUnder } from './paths';

/** The public port's answer for `/metrics` when the internal port serves it: as if there were nothing there. */
export const hideMetrics: onRequestHookHandler = (request, reply, done) => {
  if (!isUnder(request.url, '/metrics')) return done();
  void reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
};

/**
 * Prometheus' `/metrics` on `METRICS_PORT`, a port the ingress never routes (issue 14, finding 10): the gateway is
 * the one app whose main port is public, and its request timings and process figures are not for visitors.
 */
@Injectable()
export class MetricsPort implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsPort.name);
  private server: Server | null = null;

  constructor(
    @InjectEnv() private readonly env: Env,
    private readonly metrics: MetricsService,
  ) {}

  /** Where it listens (tests bind port 0). */
  port(): number | null {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  async onApplicationBootstrap() {
    if (this.env.METRICS_PORT === undefined) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      this.metrics.render().then(
        (text) => res.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(text),
        (error: unknown) => {
          this.logger.error({ msg: 'metrics failed', error: (error as Error).message });
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.env.METRICS_PORT, this.env.HOST, () => resolve());
    });
    this.server = server;
  }

  async onApplicationShutdown() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
