import type { ViewerAnalytics } from '@app/contracts';
import { ACTIVITY_MONTHS } from '@app/contracts';
import { titleIdOf } from '../history/history.mapper';
import type { WatchTimes } from '../history/history.repository';
import { monthKey } from '../history/progress-rules';

/** The ACTIVITY_MONTHS calendar months (UTC) ending with the one `now` is in, oldest first, as `YYYY-MM`. */
export const activityMonths = (now: Date): string[] =>
  Array.from({ length: ACTIVITY_MONTHS }, (_, i) =>
    monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (ACTIVITY_MONTHS - 1 - i), 1))),
  );

const add = (totals: Map<string, number>, key: string, seconds: number) =>
  totals.set(key, (totals.get(key) ?? 0) + seconds);

/**
 * DECISIONS 11, from the viewer's own history: watch time by the title's genre (largest first; an episode's
 * title is its series) and hours per month (rounded to 0.1) over the last ACTIVITY_MONTHS months. No history: no
 * genres and zero months.
 */
export const viewerAnalytics = (
  records: WatchTimes[],
  genreOf: (titleId: string) => string,
  now: Date,
): ViewerAnalytics => {
  const byGenre = new Map<string, number>();
  const byMonth = new Map<string, number>();
  let totalSeconds = 0;
  for (const record of records) {
    // Records written before watch time existed lack it.
    const seconds = record.watchTimeSeconds ?? 0;
    if (seconds <= 0) continue;
    totalSeconds += seconds;
    add(byGenre, genreOf(titleIdOf(record)), seconds);
    for (const [month, monthSeconds] of Object.entries(record.watchByMonth ?? {}))
      add(byMonth, month, monthSeconds);
  }
  return {
    byGenre: [...byGenre]
      .map(([genre, seconds]) => ({ genre, seconds }))
      .sort((a, b) => b.seconds - a.seconds || a.genre.localeCompare(b.genre)),
    monthly: activityMonths(now).map((month) => ({
      month,
      hours: Math.round((byMonth.get(month) ?? 0) / 360) / 10,
    })),
    totalSeconds,
  };
};
