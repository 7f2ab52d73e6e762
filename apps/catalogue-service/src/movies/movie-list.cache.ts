import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { InjectRedis } from '@app/server-core';

/** A safety net: writes invalidate at once; the TTL only bounds what a missed invalidation could serve. */
const TTL_SECONDS = 300;

/** Public lists, sections and genres, kept in Redis so browsing does not hit MongoDB on every request. */
@Injectable()
export class MovieListCache {
  /** Namespaced by database, so catalogues (or test suites) sharing one Redis never see each other's pages. */
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConnection() connection: Connection,
  ) {
    this.prefix = `catalogue:${connection.name}:list:`;
  }

  async get<T>(key: string): Promise<T | null> {
    const cached = await this.redis.get(this.prefix + key);
    return cached ? (JSON.parse(cached) as T) : null;
  }

  async set<T>(key: string, value: T): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), 'EX', TTL_SECONDS);
  }

  /** Read-through: the cached value, else `load()`'s, stored. */
  async through<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = await this.get<T>(key);
    if (cached !== null) return cached;
    const value = await load();
    await this.set(key, value);
    return value;
  }

  /** After any catalogue write: drop every cached list (rare, so a SCAN is fine). */
  async invalidate(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
      if (keys.length) await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
