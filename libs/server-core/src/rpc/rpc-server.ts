import type { NatsContext } from '@nestjs/microservices';
import { ServerNats } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { natsConnectionOptions, type NatsSettings } from './nats';

/** Longest a stopping replica waits for the requests it took (k8s gives a pod 30 s before SIGKILL). */
const DRAIN_LIMIT_MS = 10_000;

type Packet = { err?: unknown; isDisposed?: boolean };

/**
 * Nest's NATS listener in the service's queue group (NATS hands each request to one replica of the group), with a
 * drain on shutdown: stop taking requests (the group's other replicas get the new ones), let those already taken
 * reply, then disconnect. Nest's own `gracefulShutdown` waits a fixed period instead, and without it the replies
 * of requests in progress are lost and the gateway times out on them.
 */
export class RpcServer extends ServerNats {
  private readonly subs: Subscription[] = [];
  private readonly finishers = new WeakMap<Msg, () => void>();
  private inFlight = 0;
  private onIdle: (() => void) | undefined;

  /**
   * `subjectPrefix` is for tests only: a service under test answers on subjects of its own, so two suites (or two
   * configurations of one service in a suite) sharing the run's NATS never take each other's requests.
   */
  constructor(
    private readonly queue: string,
    settings: NatsSettings,
    private readonly subjectPrefix = '',
  ) {
    super({ ...natsConnectionOptions(settings, queue, { waitOnFirstConnect: true }), queue });
  }

  override bindEvents(client: NatsConnection): void {
    for (const channel of this.messageHandlers.keys()) {
      const handle = this.getMessageHandler(channel) as (error: Error | null, msg: Msg) => Promise<void>;
      this.subs.push(
        client.subscribe(`${this.subjectPrefix}${channel}`, {
          queue: this.queue,
          callback: handle.bind(this),
        }),
      );
    }
  }

  override async handleMessage(channel: string, msg: Msg): Promise<void> {
    const finish = this.track();
    this.finishers.set(msg, finish);
    try {
      await super.handleMessage(channel, msg);
    } catch (error) {
      finish();
      throw error;
    }
    // A message nobody waits for (no reply subject) has no reply to count.
    if (!msg.reply) finish();
  }

  override getPublisher(msg: Msg, id: string, ctx: NatsContext): (response: Packet) => unknown {
    const publish = super.getPublisher(msg, id, ctx);
    const finish = this.finishers.get(msg);
    return (response) => {
      try {
        return publish(response);
      } finally {
        // The last packet of a reply carries isDisposed (or the error).
        if (response.isDisposed || response.err !== undefined) finish?.();
      }
    };
  }

  override async close(): Promise<void> {
    // Drain unsubscribes and still handles what the server already sent this replica.
    await Promise.allSettled(this.subs.map((sub) => sub.drain()));
    this.subs.length = 0;
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const limit = setTimeout(resolve, DRAIN_LIMIT_MS);
        this.onIdle = () => {
          clearTimeout(limit);
          resolve();
        };
      });
    }
    await super.close();
  }

  private track(): () => void {
    this.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) this.onIdle?.();
    };
  }
}
