import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis, RedisBroadcast } from '@app/server-core';

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
  private readonly broadcast: RedisBroadcast;

  constructor(@InjectRedis() redis: Redis) {
    this.broadcast = new RedisBroadcast(redis, ITEM_CHANGES_CHANNEL, 'recommendation-service:item-changes');
  }

  announce(movieId: string): Promise<void> {
    return this.broadcast.announce(movieId);
  }

  /** Calls `listener` with each announced id. */
  subscribe(listener: (movieId: string) => void): Promise<void> {
    return this.broadcast.listen(listener);
  }

  onApplicationShutdown() {
    this.broadcast.close();
  }
}
