import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { AudioTranscodeService } from './audio-transcode.service';
import { TranscodeService } from './transcode.service';

export const TRANSCODE_QUEUE = 'transcode';

/** A title's uploaded video, or an audio track an admin added to it (`kind: 'audio'`, issue 26). */
export type TranscodeJob = { movieId: string; version: string; kind?: 'audio' };

/** One job per uploaded version: re-adding the same version is a no-op, retrying finds the failed job by its id. */
const jobId = ({ movieId, version }: TranscodeJob) => `${movieId}-${version}`;

/**
 * The BullMQ queue of transcodes (videos and added audio tracks) and its worker (TRANSCODE_CONCURRENCY at once). Jobs are not retried by
 * BullMQ: a failure is recorded on the asset with its reason and an admin retries it (StreamingRpc.retry).
 * On shutdown the running ffmpeg is killed and the job stays active; BullMQ's stalled check hands it to the
 * next worker that starts.
 */
@Injectable()
export class TranscodeQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TranscodeQueue.name);
  private connection?: Redis;
  private queue?: Queue<TranscodeJob>;
  private worker?: Worker<TranscodeJob>;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly transcoder: TranscodeService,
    private readonly audioTranscoder: AudioTranscodeService,
    @InjectEnv() private readonly env: Env,
  ) {}

  onApplicationBootstrap() {
    // BullMQ's blocking reads need a connection that retries forever (maxRetriesPerRequest: null).
    this.connection = new Redis(this.env.REDIS_URL, { maxRetriesPerRequest: null });
    // Per database, so test suites sharing one Redis never take each other's jobs.
    const prefix = `bull-${this.env.MONGODB_DB}`;
    this.queue = new Queue<TranscodeJob>(TRANSCODE_QUEUE, { connection: this.connection, prefix });
    this.worker = new Worker<TranscodeJob>(
      TRANSCODE_QUEUE,
      (job: Job<TranscodeJob>) =>
        job.data.kind === 'audio'
          ? this.audioTranscoder.run(job.data, this.shutdown.signal)
          : this.transcoder.run(job.data, this.shutdown.signal),
      { connection: this.connection, prefix, concurrency: this.env.TRANSCODE_CONCURRENCY },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ msg: 'transcode failed', job: job?.id, error: error.message }),
    );
    this.worker.on('error', (error) =>
      this.logger.error({ msg: 'transcode worker error', error: error.message }),
    );
  }

  async enqueue(job: TranscodeJob): Promise<void> {
    await this.requireQueue().add('transcode', job, {
      jobId: jobId(job),
      attempts: 1,
      removeOnComplete: 100,
      removeOnFail: 500,
    });
  }

  /** Puts a failed job back in the queue (or adds it again when BullMQ already dropped it). */
  async retry(job: TranscodeJob): Promise<void> {
    const existing = await this.requireQueue().getJob(jobId(job));
    if (existing && (await existing.isFailed())) await existing.retry('failed');
    else if (!existing) await this.enqueue(job);
  }

  async beforeApplicationShutdown() {
    this.shutdown.abort();
    await this.worker?.close(true);
    await this.queue?.close();
    if (this.connection?.status === 'ready')
      await this.connection.quit().catch(() => this.connection?.disconnect());
    else this.connection?.disconnect();
  }

  private requireQueue(): Queue<TranscodeJob> {
    if (!this.queue) throw new Error('transcode queue used before the app started');
    return this.queue;
  }
}
