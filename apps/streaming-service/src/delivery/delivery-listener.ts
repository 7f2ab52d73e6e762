import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { sendEmpty } from './entity-response';
import { StreamDeliveryMiddleware } from './stream-delivery.middleware';

/**
 * The stream checks on a plain node:http listener of their own (`STREAM_DELIVERY_PORT`), for the byte server in
 * front (issue 29 §4): nginx asks it about every `/stream` GET and HEAD and sends the file it names. The same
 * middleware as on the service's HTTP port, without Express and Nest's request pipeline around it, which cost
 * about half the CPU of each answer (`npm run bench:stream`). Anything it does not serve answers 404.
 */
@Injectable()
export class DeliveryListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DeliveryListener');
  private server: Server | null = null;

  constructor(
    @InjectEnv() private readonly env: Env,
    private readonly delivery: StreamDeliveryMiddleware,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.env.STREAM_DELIVERY_PORT;
    if (port === undefined) return;
    const server = createServer((req, res) => this.delivery.use(req, res, () => sendEmpty(res, 404)));
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.env.HTTP_HOST, () => resolve());
    });
    this.server = server;
    this.logger.log({ msg: 'stream checks listening', port: (server.address() as AddressInfo).port });
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
