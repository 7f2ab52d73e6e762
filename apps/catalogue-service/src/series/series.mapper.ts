import { scheduleOf } from '../titles/title-schedule';
import type { Episode, EpisodeContext, Page, Series, SeriesDetail } from '@app/contracts';
import { inPlayOrder } from '@app/contracts';
import type { StoredEpisode } from './episodes.repository';
import type { StoredSeries } from './series.repository';

const isoDate = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : null);

/** Seasons in number order (they are stored in the order they were added). */
export const seasonsInOrder = (series: Pick<StoredSeries, 'seasons'>) =>
  [...(series.seasons ?? [])].sort((a, b) => a.number - b.number);

/** The episodes that belong to one of the series' seasons, in play order (none is left in a removed season). */
export const playableEpisodes = <T extends StoredEpisode>(
  series: Pick<StoredSeries, 'seasons'>,
  episodes: readonly T[],
): T[] => {
  const seasons = new Set((series.seasons ?? []).map((season) => season.number));
  return inPlayOrder(episodes.filter((episode) => seasons.has(episode.seasonNumber)));
};

/** Issue 28: what viewers see of a series' episodes: the released ones (admins also see the scheduled ones). */
export const releasedFor = <T extends Pick<StoredEpisode, 'publishAt'>>(
  episodes: readonly T[],
  asAdmin: boolean,
) => (asAdmin ? [...episodes] : episodes.filter((episode) => !episode.publishAt));

export const toSeries = (doc: StoredSeries, episodeCount: number): Series => ({
  id: doc._id.toHexString(),
  title: doc.title,
  description: doc.description,
  genre: doc.genre,
  genres: doc.genres?.length ? doc.genres : [doc.genre],
  rating: doc.rating,
  votes: doc.votes,
  posterUrl: doc.posterUrl,
  status: doc.status,
  access: doc.access,
  firstAirDate: isoDate(doc.firstAirDate),
  language: doc.language ?? null,
  creators: doc.creators ?? [],
  cast: doc.cast ?? [],
  tmdbId: doc.tmdbId ?? null,
  demo: doc.demo ?? false,
  seasonCount: doc.seasons?.length ?? 0,
  episodeCount,
  publishDate: doc.publishDate ? doc.publishDate.toISOString() : null,
  classification: doc.classification,
  descriptors: doc.descriptors ?? [],
  ...scheduleOf(doc),
  audioLanguages: doc.audioLanguages ?? [],
  subtitleLanguages: doc.subtitleLanguages ?? [],
});

/** A page of series with each one's episode count (`counts` by series id; absent means none). */
export const toSeriesPage = (
  page: Page<StoredSeries>,
  counts: ReadonlyMap<string, number>,
): Page<Series> => ({
  ...page,
  data: page.data.map((series) => toSeries(series, counts.get(series._id.toHexString()) ?? 0)),
});

export const toEpisode = (doc: StoredEpisode): Episode => ({
  id: doc._id.toHexString(),
  seriesId: doc.seriesId.toHexString(),
  seasonNumber: doc.seasonNumber,
  number: doc.number,
  title: doc.title,
  overview: doc.overview ?? '',
  runtimeMinutes: doc.runtimeMinutes ?? null,
  airDate: isoDate(doc.airDate),
  stillUrl: doc.stillUrl ?? null,
  intro: doc.intro ? { startSeconds: doc.intro.startSeconds, endSeconds: doc.intro.endSeconds } : null,
  mediaReady: doc.mediaReady ?? false,
  mediaSeconds: doc.mediaReady ? (doc.mediaDurationSeconds ?? null) : null,
  publishAt: doc.publishAt ? doc.publishAt.toISOString() : null,
  audioLanguages: doc.audioLanguages ?? [],
  subtitleLanguages: doc.subtitleLanguages ?? [],
});

/** The series with its seasons in order, each with its episodes in play order. */
export const toSeriesDetail = (doc: StoredSeries, episodes: readonly StoredEpisode[]): SeriesDetail => {
  const playable = playableEpisodes(doc, episodes);
  return {
    ...toSeries(doc, playable.length),
    seasons: seasonsInOrder(doc).map((season) => ({
      number: season.number,
      title: season.title,
      overview: season.overview ?? '',
      airDate: isoDate(season.airDate),
      episodes: playable.filter((episode) => episode.seasonNumber === season.number).map(toEpisode),
    })),
  };
};

export const toEpisodeContext = (
  episode: StoredEpisode,
  series: StoredSeries,
  episodeCount: number,
  next: StoredEpisode | null,
): EpisodeContext => ({
  episode: toEpisode(episode),
  series: toSeries(series, episodeCount),
  next: next ? toEpisode(next) : null,
});
