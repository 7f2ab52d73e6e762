import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { Movie, Page } from '@app/contracts';
import { InjectRedis } from '@app/server-core';

/** A safety net: writes invalidate at once; the TTL only bounds what a missed invalidation could serve. */
const TTL_SECONDS = 300;

/** Pages of the public lists, kept in Redis so browsing does not hit MongoDB on every request. */
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

  async get(key: string): Promise<Page<Movie> | null> {
    const cached = await this.redis.get(this.prefix + key);
    return cached ? (JSON.parse(cached) as Page<Movie>) : null;
  }

  async set(key: string, page: Page<Movie>): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(page), 'EX', TTL_SECONDS);
  }

  /** After any catalogue write: drop every cached page (rare, so a SCAN is fine). */
  async invalidate(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
      if (keys.length) await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}
