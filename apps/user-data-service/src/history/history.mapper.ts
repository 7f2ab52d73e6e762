import type { ResumePoint } from '@app/contracts';
import type { StoredHistory } from './history.repository';

export const toResumePoint = (record: StoredHistory): ResumePoint => ({
  movieId: record.movieId,
  positionSeconds: record.positionSeconds,
  durationSeconds: record.durationSeconds ?? null,
  lastWatchedAt: record.lastWatchedAt.toISOString(),
});
