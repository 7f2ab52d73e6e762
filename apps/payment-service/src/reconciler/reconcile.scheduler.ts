import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectEnv, type RepeatingJob, startRepeatingJob } from '@app/server-core';
import type { Env } from '../env';
import { ReconcilerService } from './reconciler.service';

/** The reconciler every RECONCILE_EVERY_MS, once per interval across replicas (a repeating BullMQ job). */
@Injectable()
export class ReconcileScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private job?: RepeatingJob;

  constructor(
    private readonly reconciler: ReconcilerService,
    @InjectEnv() private readonly env: Env,
  ) {}

  async onApplicationBootstrap() {
    this.job = await startRepeatingJob({
      redisUrl: this.env.REDIS_URL,
      queue: 'payment-service.reconcile',
      id: 'reconcile',
      everyMs: this.env.RECONCILE_EVERY_MS,
      run: () => this.reconciler.run(),
    });
  }

  async onApplicationShutdown() {
    await this.job?.close();
  }
}
