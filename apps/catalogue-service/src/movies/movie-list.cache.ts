import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { InjectRedis, JsonCache } from '@app/server-core';

/** A safety net: writes invalidate at once; the TTL only bounds what a missed invalidation could serve. */
const TTL_SECONDS = 300;

/** Public lists, sections and genres, kept in Redis so browsing does not hit MongoDB on every request; any catalogue write calls `invalidate()`. */
@Injectable()
export class MovieListCache extends JsonCache {
  constructor(@InjectRedis() redis: Redis, @InjectConnection() connection: Connection) {
    // Namespaced by database, so catalogues (or test suites) sharing one Redis never see each other's pages.
    super(redis, { prefix: `catalogue:${connection.name}:list:`, ttlSeconds: TTL_SECONDS });
  }
}
