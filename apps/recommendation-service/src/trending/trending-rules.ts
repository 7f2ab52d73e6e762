import { TRENDING_HALF_LIFE_HOURS, TRENDING_WINDOW_DAYS } from '@app/contracts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const HALF_LIFE_MS = TRENDING_HALF_LIFE_HOURS * HOUR_MS;

/** A title and how much it is watched (or liked) now: higher is more. */
export type Ranked = { movieId: string; score: number };

/** A day's plays: per title, the sum of its plays' weights within the day. */
export type DayPlays = { day: string; entries: Array<[movieId: string, weight: number]> };

const startOfDay = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

/** The UTC day a moment falls in, `YYYY-MM-DD`: the bucket its play is counted in. */
export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * A play's weight inside its day's bucket, 2^((t − start of day) / half-life): 1 at midnight, growing through the
 * day. Read back with the day's own weight (`trendingDays`) it is exactly 2^((t − now) / half-life), while every
 * stored number stays small (a single ever-growing set would overflow a double within a few years).
 */
export const playWeight = (at: number): number => 2 ** ((at - startOfDay(at)) / HALF_LIFE_MS);

/** Days a plays bucket is kept: the window, the day in progress and one spare. */
export const TRENDING_BUCKET_TTL_SECONDS = (TRENDING_WINDOW_DAYS + 2) * 24 * 3600;

/** The buckets trending reads at `now`: today and the TRENDING_WINDOW_DAYS whole days before it, with their decay. */
export const trendingDays = (now: number): Array<{ day: string; weight: number }> =>
  Array.from({ length: TRENDING_WINDOW_DAYS + 1 }, (_, back) => {
    const start = startOfDay(now) - back * DAY_MS;
    return { day: dayOf(start), weight: 2 ** ((start - now) / HALF_LIFE_MS) };
  });

/** A play at `at` counts toward trending at `now`: inside the window, not in the future. */
export const countsAt = (at: number, now: number): boolean =>
  Number.isFinite(at) && at >= startOfDay(now) - TRENDING_WINDOW_DAYS * DAY_MS && at <= now;

/** The window's buckets summed with their decay, most watched first (ties by id, so the order is stable). */
export const rankPlays = (days: DayPlays[], now: number): Ranked[] => {
  const weights = new Map(trendingDays(now).map(({ day, weight }) => [day, weight]));
  const totals = new Map<string, number>();
  for (const { day, entries } of days) {
    const weight = weights.get(day);
    if (weight === undefined) continue;
    for (const [movieId, plays] of entries) totals.set(movieId, (totals.get(movieId) ?? 0) + plays * weight);
  }
  return [...totals]
    .filter(([, score]) => score > 0)
    .map(([movieId, score]) => ({ movieId, score }))
    .sort((a, b) => b.score - a.score || (a.movieId < b.movieId ? -1 : 1));
};
