import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis, redisScript, runScriptMany } from '@app/server-core';
import type { DayPlays } from './trending-rules';

/** A day's plays: sorted set, member = movie id, score = Σ playWeight of that day's first plays. */
export const trendingPlaysKey = (day: string) => `reco:trending:{${day}}:plays`;
/** A day's viewer-title pairs already counted: set of `userId:movieId`. Same hash tag, so one script touches both. */
export const trendingSeenKey = (day: string) => `reco:trending:{${day}}:seen`;

const seenMember = (userId: string, movieId: string) => `${userId}:${movieId}`;

/** Counts a viewer's first play of a title in a day once, however often the event is delivered. */
const RECORD_PLAY = redisScript(`
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('ZINCRBY', KEYS[1], ARGV[3], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[4])
return 1
`);

/** Trending counts in Redis: the only code that knows their keys. */
@Injectable()
export class TrendingRepository {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /**
   * Counts each viewer's first play of a title in a day, in one round trip; answers how many were counted (the others
   * were counted that day already).
   */
  async recordPlays(
    plays: ReadonlyArray<{
      userId: string;
      movieId: string;
      day: string;
      weight: number;
      ttlSeconds: number;
    }>,
  ): Promise<number> {
    const counted = await runScriptMany(
      this.redis,
      RECORD_PLAY,
      plays.map(({ userId, movieId, day, weight, ttlSeconds }) => ({
        keys: [trendingPlaysKey(day), trendingSeenKey(day)],
        args: [seenMember(userId, movieId), movieId, weight, ttlSeconds],
      })),
    );
    return counted.filter((one) => one === 1).length;
  }

  /** Every title's plays of each day. */
  async playsOf(days: string[]): Promise<DayPlays[]> {
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.zrange(trendingPlaysKey(day), '0', '-1', 'WITHSCORES');
    const replies = (await pipeline.exec()) ?? [];
    return days.map((day, i) => {
      const [error, reply] = replies[i] ?? [new Error('no reply'), null];
      if (error) throw error;
      const flat = reply as string[];
      const entries: DayPlays['entries'] = [];
      for (let p = 0; p + 1 < flat.length; p += 2) entries.push([flat[p], Number(flat[p + 1])]);
      return { day, entries };
    });
  }

  /** Drops a viewer's counted pairs (the counts themselves are anonymous sums and stay). */
  async forgetViewer(userId: string, movieIds: string[], days: string[]): Promise<void> {
    if (movieIds.length === 0) return;
    const members = movieIds.map((movieId) => seenMember(userId, movieId));
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.srem(trendingSeenKey(day), ...members);
    await pipeline.exec();
  }
}
