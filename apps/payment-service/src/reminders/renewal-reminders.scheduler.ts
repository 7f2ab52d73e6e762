import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectEnv, type RepeatingJob, startRepeatingJob } from '@app/server-core';
import type { Env } from '../env';
import { RenewalRemindersService } from './renewal-reminders.service';

/**
 * The renewal reminders every REMINDER_EVERY_MS, once per interval across replicas (a repeating BullMQ job, as the
 * reconciler runs); the claims in RenewalRemindersService keep a cycle's mail single even when runs overlap or a
 * process restarts.
 */
@Injectable()
export class RenewalRemindersScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private job?: RepeatingJob;

  constructor(
    private readonly reminders: RenewalRemindersService,
    @InjectEnv() private readonly env: Env,
  ) {}

  async onApplicationBootstrap() {
    this.job = await startRepeatingJob({
      redisUrl: this.env.REDIS_URL,
      queue: 'payment-service.renewal-reminders',
      id: 'renewal-reminders',
      everyMs: this.env.REMINDER_EVERY_MS,
      run: () => this.reminders.run(),
    });
  }

  async onApplicationShutdown() {
    await this.job?.close();
  }
}
