import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { MovieRating } from '@app/contracts';
import { InjectRedis } from '@app/server-core';

/** Rating look-ups per title, in Redis: the rating service is slow, metered and rate limited. */
@Injectable()
export class RatingCache {
  private readonly prefix: string;

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConnection() connection: Connection,
  ) {
    this.prefix = `catalogue:${connection.name}:rating:`;
  }

  async get(movieId: string): Promise<MovieRating | null> {
    const cached = await this.redis.get(this.prefix + movieId);
    return cached ? (JSON.parse(cached) as MovieRating) : null;
  }

  async set(movieId: string, rating: MovieRating, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.prefix + movieId, JSON.stringify(rating), 'EX', ttlSeconds);
  }

  /** After an admin edit or delete: the title or year the look-up matched on may have changed. */
  async forget(movieId: string): Promise<void> {
    await this.redis.unlink(this.prefix + movieId);
  }
}
