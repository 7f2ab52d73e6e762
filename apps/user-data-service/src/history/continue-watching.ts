import type { ContinueWatchingItem } from '@app/contracts';
import { inPlayOrder, nextEpisodeAfter } from '@app/contracts';
import type { StoredEpisode } from '../episodes/episodes.repository';
import { toTitleSnapshot } from '../titles/title.mapper';
import type { StoredTitle } from '../titles/titles.repository';
import type { StoredHistory } from './history.repository';
import {
  episodeRefOf,
  titleIdOf,
  toContinueWatchingItem,
  toHistoryEpisode,
  UNKNOWN_EPISODE_TITLE,
} from './history.mapper';
import { isHiddenFromRow, progressFlags } from './progress-rules';

/** What the row's rule reads of the catalogue for a batch of records, each map keyed by id. */
export type RowCatalogue = {
  /** Movies and series, by title id (`titleIdOf`). */
  titles: Map<string, StoredTitle>;
  /** The episode index's entries of the batch's episode records, deleted ones too. */
  episodes: Map<string, StoredEpisode>;
  /** Each series' episodes that are not deleted (any order), for the series whose entry needs the next one. */
  lineups: Map<string, StoredEpisode[]>;
};

/**
 * The records that decide the row, newest first: every movie record; for a series only its most recent record,
 * once (`decided` holds the series decided by earlier batches, and gains this batch's). A record of a deleted
 * episode is out of the row as a deleted movie is, so the series' next most recent record decides instead.
 */
export const decidingRecords = (
  records: StoredHistory[],
  episodes: Map<string, StoredEpisode>,
  decided: Set<string>,
): StoredHistory[] =>
  records.filter((record) => {
    if (!record.episode) return true;
    if (episodes.get(record.movieId)?.deleted || decided.has(record.episode.seriesId)) return false;
    decided.add(record.episode.seriesId);
    return true;
  });

/**
 * The series whose entry depends on their lineup: a finished deciding record (the entry is the next episode), or a
 * barely started one (listed only when it is not the series' first episode).
 */
export const seriesNeedingLineup = (deciding: StoredHistory[]): string[] =>
  deciding.flatMap((record) => {
    const flags = record.episode && progressFlags(record.positionSeconds, record.durationSeconds);
    return record.episode && flags && !flags.inProgress ? [record.episode.seriesId] : [];
  });

/**
 * A deciding record's entry, or null when it has none. A movie: listed while in progress (the candidates query
 * only returns those). A series, once, at the episode to watch next: its most recent episode while in progress
 * (from RESUME_MIN_PERCENT to under FINISHED_PERCENT), with that progress; once finished, the next episode in play
 * order (across seasons) at 0 %. A barely started episode (under RESUME_MIN_PERCENT) is listed when it is not the
 * series' first: the viewer came to it from an earlier one (the next-episode countdown starts it), so the series is
 * under way; a barely started first episode is not, as for a movie. None after the series' last episode, or when
 * hidden. Deleted titles (a movie, a series) have none.
 */
export const rowItem = (record: StoredHistory, catalogue: RowCatalogue): ContinueWatchingItem | null => {
  const title = catalogue.titles.get(titleIdOf(record));
  if (title?.deleted) return null;
  if (!record.episode) return toContinueWatchingItem(record, title);
  const indexed = catalogue.episodes.get(record.movieId);
  const flags = progressFlags(record.positionSeconds, record.durationSeconds);
  if (isHiddenFromRow(record) || !flags) return null;
  if (flags.inProgress) return toContinueWatchingItem(record, title, toHistoryEpisode(record, indexed));

  const current = episodeRefOf(record, indexed);
  const lineup = (catalogue.lineups.get(record.episode.seriesId) ?? []).map((episode) => ({
    ...episode,
    number: episode.episodeNumber,
  }));
  if (!flags.finished) {
    const first = inPlayOrder(lineup)[0];
    const underWay = current && first && first.episodeId !== record.movieId;
    return underWay ? toContinueWatchingItem(record, title, toHistoryEpisode(record, indexed)) : null;
  }

  const next =
    current &&
    nextEpisodeAfter(lineup, { seasonNumber: current.seasonNumber, number: current.episodeNumber });
  if (!next) return null;
  // The next episode's runtime when the catalogue gave one, else the finished episode's length (episodes of a
  // series run about as long): the item's progress bar needs a positive duration.
  const durationSeconds = next.runtimeMinutes ? next.runtimeMinutes * 60 : (record.durationSeconds ?? 0);
  if (durationSeconds <= 0) return null;
  return {
    ...toTitleSnapshot(title),
    movieId: next.episodeId,
    positionSeconds: 0,
    durationSeconds,
    progressPercent: 0,
    lastWatchedAt: record.lastWatchedAt.toISOString(),
    episode: {
      seriesId: next.seriesId,
      seasonNumber: next.seasonNumber,
      episodeNumber: next.episodeNumber,
      episodeId: next.episodeId,
      title: next.title || UNKNOWN_EPISODE_TITLE,
    },
  };
};
