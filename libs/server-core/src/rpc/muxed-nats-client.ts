import type { ReadPacket, WritePacket } from '@nestjs/microservices';
import { ClientNats } from '@nestjs/microservices';
import { createInbox, type NatsConnection } from 'nats';

type ReplyHandler = ReturnType<ClientNats['createSubscriptionHandler']>;

/** The one reply subscription of a connection: `<inbox>.*`, each request's reply subject one token below it. */
type ReplyInbox = {
  connection: NatsConnection;
  prefix: string;
  pending: Map<string, ReplyHandler>;
  next: number;
};

/**
 * Nest's NATS client with every reply on one subscription (issue 29 §3). Nest's own subscribes to a new inbox for
 * each request and unsubscribes when it is answered: three protocol operations a call, and a subscription added to
 * and removed from the server's interest graph every time. This one subscribes once per connection to a wildcard
 * inbox (what the nats library's own `request` does, its "muxed" inbox) and tells replies apart by their subject's
 * last token. Everything else is Nest's: the packets, their serializer and deserializer, the timeouts and errors
 * (a "no responders" status arrives on the reply subject as before). A reconnect keeps the subscription (the nats
 * library resubscribes); a new connection (after `close`) gets a new one.
 */
export class MuxedClientNats extends ClientNats {
  private inbox?: ReplyInbox;

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    try {
      const packet = this.assignPacketId(partialPacket);
      const serialized = this.serializer.serialize(packet) as { data: Uint8Array; headers?: unknown };
      const inbox = this.replyInbox();
      const token = (inbox.next++).toString(36);
      inbox.pending.set(token, this.createSubscriptionHandler(packet, callback));
      inbox.connection.publish(this.normalizePattern(partialPacket.pattern), serialized.data, {
        reply: `${inbox.prefix}${token}`,
        headers: this.mergeHeaders(serialized.headers),
      });
      return () => inbox.pending.delete(token);
    } catch (err) {
      callback({ err });
      return () => undefined;
    }
  }

  private replyInbox(): ReplyInbox {
    const connection = this.natsClient as NatsConnection;
    if (this.inbox?.connection === connection) return this.inbox;
    const prefix = `${createInbox(this.options.inboxPrefix)}.`;
    const pending = new Map<string, ReplyHandler>();
    connection.subscribe(`${prefix}*`, {
      callback: (error, msg) => {
        if (error) {
          // The subscription itself failed (a permission refused): every waiting request hears of it.
          for (const handler of pending.values()) void handler(error, msg);
          return;
        }
        void pending.get(msg.subject.slice(prefix.length))?.(undefined, msg);
      },
    });
    this.inbox = { connection, prefix, pending, next: 0 };
    return this.inbox;
  }
}
