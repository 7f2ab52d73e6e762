import { FINISHED_PERCENT, MAX_WATCHED_SECONDS_PER_REPORT, RESUME_MIN_PERCENT } from '@app/contracts';

/** Where a position stands against the resume rules (DECISIONS 10). */
export type ProgressFlags = { finished: boolean; inProgress: boolean };

/**
 * Finished at FINISHED_PERCENT or more; in progress (listed in Continue Watching) from RESUME_MIN_PERCENT up to
 * that. Null while the duration is unknown: the record keeps the flags it has. Compared on the exact share, not
 * on the rounded percentage shown.
 */
export const progressFlags = (
  positionSeconds: number,
  durationSeconds: number | null,
): ProgressFlags | null => {
  if (durationSeconds === null || durationSeconds <= 0) return null;
  const percent = (positionSeconds / durationSeconds) * 100;
  const finished = percent >= FINISHED_PERCENT;
  return { finished, inProgress: !finished && percent >= RESUME_MIN_PERCENT };
};

/** The watch time one report may add: what it claims, at most MAX_WATCHED_SECONDS_PER_REPORT. */
export const creditedWatchSeconds = (watchedSeconds: number): number =>
  Number.isFinite(watchedSeconds) ? Math.min(Math.max(0, watchedSeconds), MAX_WATCHED_SECONDS_PER_REPORT) : 0;

/** The calendar month (UTC) a moment falls in, `YYYY-MM`: the key of a record's `watchByMonth`. */
export const monthKey = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * Whether "Remove from row" keeps a record out of Continue Watching: hidden and no report applied since, or removed
 * at or after the last report applied (a report made before the removal, applied after it, is not a new playback).
 */
export const isHiddenFromRow = ({
  hidden,
  hiddenAt,
  lastWatchedAt,
}: {
  hidden?: boolean;
  hiddenAt?: Date | null;
  lastWatchedAt: Date;
}): boolean => Boolean(hidden) || (hiddenAt != null && hiddenAt.getTime() >= lastWatchedAt.getTime());
