import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Redis pub/sub channel that tells every replica of a service (the sender included) that something changed, for
 * what each replica holds in memory. Listening takes a connection of its own (a subscribed connection does nothing
 * else). A message sent while a replica's connection is down never reaches it: `onReady` (each time the connection
 * is up, the first included) lets the listener repair what it may have missed.
 */
export class RedisBroadcast {
  private subscriber?: Redis;
  /** Names this instance's own change announcements, which its own `dropOnEveryChange` has no need of. */
  private readonly origin = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    /** Names the listening connection in CLIENT LIST. */
    private readonly connectionName: string,
  ) {}

  async announce(message: string): Promise<void> {
    await this.redis.publish(this.channel, message);
  }

  /** Calls `listener` with each message on the channel; resolves once subscribed. */
  async listen(
    listener: (message: string) => void,
    { onReady }: { onReady?: () => void } = {},
  ): Promise<void> {
    const subscriber = this.redis.duplicate({ connectionName: this.connectionName });
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) listener(message);
    });
    if (onReady) subscriber.on('ready', onReady);
    await subscriber.subscribe(this.channel);
  }

  /** "Something changed", for every listener's `dropOnEveryChange` but this instance's own (it dropped already). */
  announceChange(): Promise<void> {
    return this.announce(this.origin);
  }

  /**
   * For what a replica holds in memory until the next change: `drop` on every change another instance announces
   * (`announceChange`), and each time the listening connection is up (a message sent while it was down is lost, so
   * what is held may predate it). Not awaited: a process starting while Redis is away serves on, and ioredis
   * subscribes once it connects.
   */
  dropOnEveryChange(drop: () => void, logger: { warn(message: object): void }): void {
    const fromElsewhere = (message: string) => {
      if (message !== this.origin) drop();
    };
    this.listen(fromElsewhere, { onReady: drop }).catch((error: unknown) =>
      logger.warn({
        msg: 'change announcements not subscribed',
        channel: this.channel,
        error: String(error),
      }),
    );
  }

  close(): void {
    this.subscriber?.disconnect();
  }
}
