import { Logger } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';

export type RepeatingJobOptions = {
  redisUrl: string;
  /** The BullMQ queue (one per job: `<service>.<job>`). */
  queue: string;
  /** The job scheduler's id, upserted by every replica. */
  id: string;
  /** How often it runs (ms); 0 turns it off. */
  everyMs: number;
  run: () => Promise<unknown>;
};

/** A started repeating job; `close` stops its worker and queue and lets its connection go. */
export type RepeatingJob = { close(): Promise<void> };

const OFF: RepeatingJob = { close: async () => undefined };

/**
 * Runs `run` as a repeatable BullMQ job every `everyMs`: one job scheduler shared by every replica (upserted by id),
 * so the work runs once per interval however many processes are up (the reconciler, the renewal reminders).
 */
export const startRepeatingJob = async ({
  redisUrl,
  queue: name,
  id,
  everyMs,
  run,
}: RepeatingJobOptions): Promise<RepeatingJob> => {
  if (everyMs === 0) return OFF;
  const logger = new Logger(`RepeatingJob:${id}`);
  // BullMQ's blocking reads need a connection that retries forever (maxRetriesPerRequest: null).
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection });
  await queue.upsertJobScheduler(
    id,
    { every: everyMs },
    { name: id, opts: { removeOnComplete: 10, removeOnFail: 50 } },
  );
  const worker = new Worker(
    name,
    async () => {
      await run();
    },
    { connection, concurrency: 1 },
  );
  worker.on('failed', (_job, error) => logger.error({ msg: `${id} job failed`, error: error.message }));
  return {
    async close() {
      await worker.close();
      await queue.close();
      if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
      else connection.disconnect();
    },
  };
};
