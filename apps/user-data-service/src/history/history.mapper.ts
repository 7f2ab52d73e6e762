import type { ContinueWatchingItem, HistoryItem, ResumePoint } from '@app/contracts';
import { watchedPercent } from '@app/contracts';
import { toTitleSnapshot } from '../titles/title.mapper';
import type { StoredTitle } from '../titles/titles.repository';
import type { StoredHistory } from './history.repository';

export const toResumePoint = (record: StoredHistory): ResumePoint => ({
  movieId: record.movieId,
  positionSeconds: record.positionSeconds,
  durationSeconds: record.durationSeconds ?? null,
  lastWatchedAt: record.lastWatchedAt.toISOString(),
});

// Records written before watch time and the flags existed lack them: read as none.
export const toHistoryItem = (record: StoredHistory, title: StoredTitle | undefined): HistoryItem => {
  const durationSeconds = record.durationSeconds ?? null;
  return {
    ...toTitleSnapshot(title),
    id: record._id.toHexString(),
    movieId: record.movieId,
    watchedAt: record.lastWatchedAt.toISOString(),
    watchTime: record.watchTimeSeconds ?? 0,
    positionSeconds: record.positionSeconds,
    durationSeconds,
    progressPercent: watchedPercent(record.positionSeconds, durationSeconds),
    finished: record.finished ?? false,
  };
};

/** The export's item: the history item and whether it is hidden from Continue Watching. */
export const toExportedHistoryItem = (record: StoredHistory, title: StoredTitle | undefined) => ({
  ...toHistoryItem(record, title),
  hidden: record.hidden ?? false,
});

/** Null for a record without a duration (Continue Watching shows a progress bar, so it needs one). */
export const toContinueWatchingItem = (
  record: StoredHistory,
  title: StoredTitle | undefined,
): ContinueWatchingItem | null => {
  const { durationSeconds } = record;
  const progressPercent = watchedPercent(record.positionSeconds, durationSeconds);
  if (!durationSeconds || progressPercent === null) return null;
  return {
    ...toTitleSnapshot(title),
    movieId: record.movieId,
    positionSeconds: record.positionSeconds,
    durationSeconds,
    progressPercent,
    lastWatchedAt: record.lastWatchedAt.toISOString(),
  };
};
