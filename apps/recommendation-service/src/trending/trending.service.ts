import { Injectable } from '@nestjs/common';
import type { Ranked } from './trending-rules';
import {
  countsAt,
  dayOf,
  playWeight,
  rankPlays,
  TRENDING_BUCKET_TTL_SECONDS,
  trendingDays,
} from './trending-rules';
import { TrendingRepository } from './trending.repository';

/** How long one replica reuses the ranking it read: trending moves over hours, requests come every millisecond. */
export const TRENDING_CACHE_MS = 5_000;

/**
 * Trending Now: viewers' first plays of a title each day, in the last TRENDING_WINDOW_DAYS, newer plays weighing
 * more (half-life TRENDING_HALF_LIFE_HOURS).
 */
@Injectable()
export class TrendingService {
  private cached: { readAt: number; ranking: Ranked[] } | null = null;
  private reading: Promise<Ranked[]> | null = null;

  constructor(private readonly trending: TrendingRepository) {}

  /**
   * Counts plays, each at `at` (a report's time, never later than now), in one round trip (a read of the event
   * stream); answers how many were counted (not those outside the window, nor those counted already).
   */
  recordPlays(
    plays: ReadonlyArray<{ userId: string; movieId: string; at: number }>,
    now = Date.now(),
  ): Promise<number> {
    return this.trending.recordPlays(
      plays.flatMap(({ userId, movieId, at }) => {
        const time = Math.min(at, now);
        if (!countsAt(time, now)) return [];
        return [
          {
            userId,
            movieId,
            day: dayOf(time),
            weight: playWeight(time),
            ttlSeconds: TRENDING_BUCKET_TTL_SECONDS,
          },
        ];
      }),
    );
  }

  /** Every title played in the window, most trending first. */
  async ranking(now = Date.now()): Promise<Ranked[]> {
    if (this.cached && now - this.cached.readAt < TRENDING_CACHE_MS) return this.cached.ranking;
    this.reading ??= this.read(now).finally(() => (this.reading = null));
    return this.reading;
  }

  forgetViewer(userId: string, movieIds: string[], now = Date.now()): Promise<void> {
    return this.trending.forgetViewer(
      userId,
      movieIds,
      trendingDays(now).map(({ day }) => day),
    );
  }

  private async read(now: number): Promise<Ranked[]> {
    const plays = await this.trending.playsOf(trendingDays(now).map(({ day }) => day));
    const ranking = rankPlays(plays, now);
    this.cached = { readAt: now, ranking };
    return ranking;
  }
}
