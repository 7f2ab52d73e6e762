import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { MovieRating } from '@app/contracts';
import { InjectRedis, JsonCache } from '@app/server-core';

/** Unless a look-up says otherwise (RATING_TTL_SECONDS): a day. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

/**
 * Rating look-ups by movie id, in Redis: the rating service is slow, metered and rate limited.
 * An admin edit or delete calls `forget(movieId)`: the title or year the look-up matched on may have changed.
 */
@Injectable()
export class RatingCache extends JsonCache<MovieRating> {
  constructor(@InjectRedis() redis: Redis, @InjectConnection() connection: Connection) {
    super(redis, { prefix: `catalogue:${connection.name}:rating:`, ttlSeconds: DEFAULT_TTL_SECONDS });
  }
}
