import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
export const InjectRedis = () => Inject(REDIS_CLIENT);

/**
 * How long a command waits for a Redis that went away before it fails. A restart takes about a second, so
 * commands made meanwhile wait for it and succeed; a longer outage fails them well inside the gateway's RPC
 * timeout (RPC_TIMEOUT_MS, 3 s by default), so the caller hears of the failure from this service rather than from a
 * gateway timeout while the work may still go on.
 */
export const REDIS_OUTAGE_WAIT_MS = 2_000;
/** Reconnect attempts come this often while Redis is away, so its return is seen within this time. */
const RECONNECT_EVERY_MS = 100;
/** A command sent to a Redis that takes it but never answers (hung, loading its data) fails this much later. */
const UNANSWERED_GRACE_MS = 500;

/** What a request that needed Redis is told while it cannot be reached (503, SERVICE_UNAVAILABLE). */
export const REDIS_UNAVAILABLE_MESSAGE = 'This is unavailable right now; try again in a moment.';

export type RedisClientOptions = {
  /** REDIS_OUTAGE_WAIT_MS unless a test needs a shorter wait. */
  outageWaitMs?: number;
  /**
   * Commands issued while the event loop handles one round of I/O go out in one write (ioredis auto-pipelining):
   * for a client that sends a command for most requests (the gateway's rate limits), so concurrent requests share a
   * system call.
   */
  autoPipelining?: boolean;
};

/**
 * The app's Redis client. While Redis is away, commands wait in the offline queue and go out when it is back; a
 * command still queued after about `outageWaitMs` fails (ioredis counts reconnect attempts, made every
 * RECONNECT_EVERY_MS, and drops the queue after `maxRetriesPerRequest` of them, so a command failed that way is
 * not sent later). `commandTimeout` bounds the rest: a connection that takes commands and never answers.
 */
export const createRedisClient = (
  url: string,
  { outageWaitMs = REDIS_OUTAGE_WAIT_MS, autoPipelining = false }: RedisClientOptions = {},
) =>
  new Redis(url, {
    enableAutoPipelining: autoPipelining,
    enableOfflineQueue: true,
    lazyConnect: false,
    retryStrategy: () => RECONNECT_EVERY_MS,
    maxRetriesPerRequest: Math.max(1, Math.round(outageWaitMs / RECONNECT_EVERY_MS)),
    commandTimeout: outageWaitMs + UNANSWERED_GRACE_MS,
  });

/** How ioredis fails a command it could not get answered: the connection, not the command, was at fault. */
const CONNECTION_FAILURE =
  /^(Command timed out$|Connection is closed\.$|Command aborted due to connection close)/;

/**
 * True when a command failed because Redis could not be reached, or is still loading its data after a restart,
 * rather than because the command was wrong: the one place that tells a Redis outage from a bug.
 */
export const isRedisUnavailable = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'MaxRetriesPerRequestError' ||
    CONNECTION_FAILURE.test(error.message) ||
    error.message.startsWith('LOADING '));

/** Closes the shared client when the app stops. */
@Injectable()
export class RedisLifecycle implements OnApplicationShutdown {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async onApplicationShutdown() {
    // QUIT waits for an answer that a Redis which is down never gives.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
