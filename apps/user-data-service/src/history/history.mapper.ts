import type {
  ContinueWatchingItem,
  EpisodeProgress,
  EpisodeRef,
  HistoryEpisode,
  HistoryItem,
  ResumePoint,
} from '@app/contracts';
import { isEpisodeFinished, watchedPercent } from '@app/contracts';
import type { StoredEpisode } from '../episodes/episodes.repository';
import { toTitleSnapshot } from '../titles/title.mapper';
import type { StoredTitle } from '../titles/titles.repository';
import type { StoredHistory } from './history.repository';
import { isHiddenFromRow } from './progress-rules';

/** An episode the index has not heard of (its `episode.published` has not arrived): shown, not failed. */
export const UNKNOWN_EPISODE_TITLE = 'Unknown episode';

/** The title a record's card, genre and row entry come from: the series for an episode, else the movie. */
export const titleIdOf = ({ movieId, episode }: Pick<StoredHistory, 'movieId' | 'episode'>): string =>
  episode?.seriesId ?? movieId;

/**
 * Where an episode stands in its series: the index's season and number while it holds the episode (they may have
 * been corrected since the report), else what the report carried. Null for a movie's record.
 */
export const episodeRefOf = (
  record: StoredHistory,
  indexed: StoredEpisode | undefined,
): EpisodeRef | null => {
  const { episode } = record;
  if (!episode) return null;
  const current = indexed && !indexed.deleted ? indexed : episode;
  return {
    seriesId: episode.seriesId,
    seasonNumber: current.seasonNumber,
    episodeNumber: current.episodeNumber,
  };
};

export const toHistoryEpisode = (
  record: StoredHistory,
  indexed: StoredEpisode | undefined,
): HistoryEpisode | null => {
  const ref = episodeRefOf(record, indexed);
  return ref ? { ...ref, episodeId: record.movieId, title: indexed?.title || UNKNOWN_EPISODE_TITLE } : null;
};

/** A movie's items carry no `episode` at all, as before series existed. */
const withEpisode = (episode: HistoryEpisode | null) => (episode ? { episode } : {});

export const toResumePoint = (record: StoredHistory): ResumePoint => ({
  movieId: record.movieId,
  positionSeconds: record.positionSeconds,
  durationSeconds: record.durationSeconds ?? null,
  lastWatchedAt: record.lastWatchedAt.toISOString(),
});

/**
 * `title` is the record's title (the series for an episode), `episode` the index's entry for an episode's record.
 * Records written before watch time and the flags existed lack them: read as none.
 */
export const toHistoryItem = (
  record: StoredHistory,
  title: StoredTitle | undefined,
  episode?: StoredEpisode,
): HistoryItem => {
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
    ...withEpisode(toHistoryEpisode(record, episode)),
  };
};

/** The export's item: the history item and whether it is hidden from Continue Watching. */
export const toExportedHistoryItem = (
  record: StoredHistory,
  title: StoredTitle | undefined,
  episode?: StoredEpisode,
) => ({
  ...toHistoryItem(record, title, episode),
  hidden: isHiddenFromRow(record),
});

/** Null for a record without a duration (Continue Watching shows a progress bar, so it needs one). */
export const toContinueWatchingItem = (
  record: StoredHistory,
  title: StoredTitle | undefined,
  episode: HistoryEpisode | null = null,
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
    ...withEpisode(episode),
  };
};

/** One episode's line of the series page; `finished` by the 90 % rule on the stored position. */
export const toEpisodeProgress = (record: StoredHistory, ref: EpisodeRef): EpisodeProgress => {
  const durationSeconds = record.durationSeconds ?? null;
  return {
    episodeId: record.movieId,
    seasonNumber: ref.seasonNumber,
    episodeNumber: ref.episodeNumber,
    positionSeconds: record.positionSeconds,
    durationSeconds,
    progressPercent: watchedPercent(record.positionSeconds, durationSeconds),
    finished: isEpisodeFinished(record.positionSeconds, durationSeconds),
    lastWatchedAt: record.lastWatchedAt.toISOString(),
  };
};
