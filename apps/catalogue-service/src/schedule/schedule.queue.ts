import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Types } from 'mongoose';
import { MovieStatus } from '@app/contracts';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';

export const SCHEDULE_QUEUE = 'catalogue.schedule';

/** What a title's schedule asks for at a time: to go live (`publish`) or to leave the lists (`expire`). */
export type ScheduleAction = 'publish' | 'expire';
export type ScheduledKind = 'movie' | 'series' | 'episode';
export type ScheduleJob = { action: ScheduleAction; kind: ScheduledKind; id: string; at: string };

/**
 * One job per (action, title, time): adding the same schedule again (a second save, a replica's sweep, a restart's)
 * is a no-op in BullMQ, and a rescheduled title gets a new job while its old one finds its time no longer stored and
 * does nothing. BullMQ ids may not hold ':'.
 */
export const scheduleJobId = ({ action, kind, id, at }: ScheduleJob) =>
  `${action}-${kind}-${id}-${new Date(at).getTime()}`;

/** What a title's schedule is read from (an episode has no status: it counts as a draft until released). */
export type ScheduledTitle = {
  _id: Types.ObjectId;
  status?: MovieStatus;
  publishAt?: Date | null;
  availableUntil?: Date | null;
};

/** The jobs a stored schedule asks for. */
export const jobsOf = (kind: ScheduledKind, title: ScheduledTitle): ScheduleJob[] => {
  const id = title._id.toHexString();
  return [
    ...(title.publishAt && (title.status ?? MovieStatus.Draft) === MovieStatus.Draft
      ? [{ action: 'publish' as const, kind, id, at: title.publishAt.toISOString() }]
      : []),
    ...(title.availableUntil && kind !== 'episode'
      ? [{ action: 'expire' as const, kind, id, at: title.availableUntil.toISOString() }]
      : []),
  ];
};

/** Runs a due job; the title's own conditional write makes a second run (a stalled job handed on) change nothing. */
export type ScheduleRunner = (job: ScheduleJob) => Promise<void>;

/**
 * The catalogue's BullMQ queue of scheduled publishes and licence ends (issue 28). Delayed jobs live in Redis, so
 * they survive restarts: a job that fell due while no worker ran is taken by the first worker that starts, once
 * (BullMQ hands each job to one worker, whatever the number of replicas). The worker starts with `start`, in the
 * running service only (seed and import only enqueue).
 */
@Injectable()
export class ScheduleQueue implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ScheduleQueue.name);
  private connection?: Redis;
  private queue?: Queue<ScheduleJob>;
  private worker?: Worker<ScheduleJob>;

  constructor(@InjectEnv() private readonly env: Env) {}

  /** Adds the job (delayed until its time; due at once when its time has passed); idempotent by `scheduleJobId`. */
  async add(job: ScheduleJob, now: Date = new Date()): Promise<void> {
    await this.requireQueue().add(job.action, job, {
      jobId: scheduleJobId(job),
      delay: Math.max(0, new Date(job.at).getTime() - now.getTime()),
      attempts: 5,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: 1_000,
      removeOnFail: 1_000,
    });
  }

  /**
   * The jobs a title's stored schedule asks for: its publish while it is a draft with a publish time, its licence
   * end while it has one. Never fails the admin's save that called it: a job it could not add (Redis away) is added
   * by the next sweep (at boot and every SCHEDULE_SWEEP_EVERY_MS).
   */
  async plan(kind: ScheduledKind, title: ScheduledTitle, now: Date = new Date()): Promise<void> {
    try {
      for (const job of jobsOf(kind, title)) await this.add(job, now);
    } catch (error) {
      this.logger.warn({
        msg: 'schedule not queued yet; the sweep will',
        title: title._id.toHexString(),
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** The job with this id, if BullMQ still holds it (tests, the admin's view of a schedule). */
  find(job: ScheduleJob): Promise<Job<ScheduleJob> | undefined> {
    return this.requireQueue().getJob(scheduleJobId(job));
  }

  /** Starts this process's worker; `sweepEveryMs` adds a repeatable sweep job shared by every replica (0: none). */
  async start(run: ScheduleRunner, sweep: () => Promise<void>, sweepEveryMs: number): Promise<void> {
    const connection = this.requireConnection();
    if (sweepEveryMs > 0)
      await this.requireQueue().upsertJobScheduler(
        'sweep',
        { every: sweepEveryMs },
        { name: 'sweep', opts: { removeOnComplete: 10, removeOnFail: 50 } },
      );
    this.worker = new Worker<ScheduleJob>(
      SCHEDULE_QUEUE,
      async (job: Job<ScheduleJob>) => (job.name === 'sweep' ? sweep() : run(job.data)),
      { connection, prefix: this.prefix(), concurrency: 2 },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ msg: 'scheduled job failed', job: job?.id, error: error.message }),
    );
    this.worker.on('error', (error) =>
      this.logger.error({ msg: 'schedule worker error', error: error.message }),
    );
  }

  async beforeApplicationShutdown() {
    await this.worker?.close();
    await this.queue?.close();
    if (this.connection?.status === 'ready')
      await this.connection.quit().catch(() => this.connection?.disconnect());
    else this.connection?.disconnect();
  }

  /** Per database, so test suites sharing one Redis never take each other's jobs. */
  private prefix() {
    return `bull-${this.env.MONGODB_DB}`;
  }

  private requireConnection(): Redis {
    // BullMQ's blocking reads need a connection that retries forever (maxRetriesPerRequest: null).
    this.connection ??= new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    return this.connection;
  }

  private requireQueue(): Queue<ScheduleJob> {
    this.queue ??= new Queue<ScheduleJob>(SCHEDULE_QUEUE, {
      connection: this.requireConnection(),
      prefix: this.prefix(),
    });
    return this.queue;
  }
}
