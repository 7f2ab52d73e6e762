import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { ReconcilerService } from './reconciler.service';

export const RECONCILE_QUEUE = 'payment-service.reconcile';
const SCHEDULER_ID = 'reconcile';

/**
 * Runs the reconciler as a repeatable BullMQ job every RECONCILE_EVERY_MS: one job scheduler shared by every
 * replica (upserted by id), so the work runs once per interval however many processes are up.
 */
@Injectable()
export class ReconcileScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReconcileScheduler.name);
  private queue?: Queue;
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    private readonly reconciler: ReconcilerService,
    @InjectEnv() private readonly env: Env,
  ) {}

  async onApplicationBootstrap() {
    if (this.env.RECONCILE_EVERY_MS === 0) return;
    // BullMQ's blocking reads need a connection that retries forever (maxRetriesPerRequest: null).
    this.connection = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    this.queue = new Queue(RECONCILE_QUEUE, { connection: this.connection });
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: this.env.RECONCILE_EVERY_MS },
      { name: SCHEDULER_ID, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    );
    this.worker = new Worker(
      RECONCILE_QUEUE,
      async () => {
        await this.reconciler.run();
      },
      { connection: this.connection, concurrency: 1 },
    );
    this.worker.on('failed', (_job, error) =>
      this.logger.error({ msg: 'reconcile job failed', error: error.message }),
    );
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.queue?.close();
    if (this.connection?.status === 'ready')
      await this.connection.quit().catch(() => this.connection?.disconnect());
    else this.connection?.disconnect();
  }
}
