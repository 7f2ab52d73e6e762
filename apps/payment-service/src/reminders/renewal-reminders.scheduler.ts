import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { RenewalRemindersService } from './renewal-reminders.service';

export const REMINDER_QUEUE = 'payment-service.renewal-reminders';
const SCHEDULER_ID = 'renewal-reminders';

/**
 * Runs the renewal reminders as a repeatable BullMQ job every REMINDER_EVERY_MS (as the reconciler runs): one job
 * scheduler shared by every replica, upserted by id, so a run happens once per interval however many are up; the
 * claims in RenewalRemindersService keep a cycle's mail single even when runs overlap or a process restarts.
 */
@Injectable()
export class RenewalRemindersScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RenewalRemindersScheduler.name);
  private queue?: Queue;
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    private readonly reminders: RenewalRemindersService,
    @InjectEnv() private readonly env: Env,
  ) {}

  async onApplicationBootstrap() {
    if (this.env.REMINDER_EVERY_MS === 0) return;
    this.connection = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    this.queue = new Queue(REMINDER_QUEUE, { connection: this.connection });
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: this.env.REMINDER_EVERY_MS },
      { name: SCHEDULER_ID, opts: { removeOnComplete: 10, removeOnFail: 50 } },
    );
    this.worker = new Worker(
      REMINDER_QUEUE,
      async () => {
        await this.reminders.run();
      },
      { connection: this.connection, concurrency: 1 },
    );
    this.worker.on('failed', (_job, error) =>
      this.logger.error({ msg: 'renewal reminder job failed', error: error.message }),
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
