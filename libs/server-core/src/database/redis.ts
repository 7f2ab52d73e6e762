import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
export const InjectRedis = () => Inject(REDIS_CLIENT);

export const createRedisClient = (url: string) =>
  new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });

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
