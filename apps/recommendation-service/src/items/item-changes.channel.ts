import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

/** Redis pub/sub channel: the id of a title whose record changed. */
export const ITEM_CHANGES_CHANNEL = 'reco:items:changed';

/**
 * Tells every replica that a title changed. Each catalogue event reaches one replica of the consumer group, but
 * every replica serves from its own in-memory catalogue and model, so the one that applied the event announces it
 * here and all of them (itself included) reload that record. A message missed during a disconnect is repaired by the
 * next model build, which reloads the whole catalogue.
 */
@Injectable()
export class ItemChangesChannel implements OnApplicationShutdown {
  private subscriber?: Redis;

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async announce(movieId: string): Promise<void> {
    await this.redis.publish(ITEM_CHANGES_CHANNEL, movieId);
  }

  /** Calls `listener` with each announced id, on a connection of its own (a subscribed connection does nothing else). */
  async subscribe(listener: (movieId: string) => void): Promise<void> {
    const subscriber = this.redis.duplicate({ connectionName: 'recommendation-service:item-changes' });
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, movieId: string) => {
      if (channel === ITEM_CHANGES_CHANNEL) listener(movieId);
    });
    await subscriber.subscribe(ITEM_CHANGES_CHANNEL);
  }

  onApplicationShutdown() {
    this.subscriber?.disconnect();
  }
}
