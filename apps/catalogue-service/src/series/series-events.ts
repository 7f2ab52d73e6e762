import type { EventPayload } from '@app/contracts';
import type { EventBus } from '@app/server-core';
import type { StoredEpisode } from './episodes.repository';
import type { StoredSeries } from './series.repository';

type CardSource = Pick<
  StoredSeries,
  '_id' | 'title' | 'genre' | 'posterUrl' | 'rating' | 'access' | 'creators' | 'cast' | 'firstAirDate'
>;

/** What a series' events carry for the services that keep a card of it, in the movie card's fields. */
const card = (series: CardSource) => ({
  seriesId: series._id.toHexString(),
  title: series.title,
  genre: series.genre,
  posterUrl: series.posterUrl,
  rating: series.rating,
  access: series.access,
  // A series' creator stands where a film's director does (the recommender's "same director" signal).
  director: series.creators?.[0] ?? null,
  cast: series.cast ?? [],
  releaseYear: series.firstAirDate ? series.firstAirDate.getUTCFullYear() : null,
});

/**
 * The one place `series.published` is built (admin publish, the seed, the importer). `demo` comes from the series
 * itself: the seed's series are stored as demo content.
 */
export const seriesPublishedEvent = (
  series: CardSource & Pick<StoredSeries, 'publishDate' | 'demo'>,
): EventPayload<'series.published'> => ({
  ...card(series),
  publishDate: (series.publishDate ?? new Date()).toISOString(),
  ...(series.demo ? { demo: true } : {}),
});

/** The one place `series.updated` is built (an admin edit of a series that is or was published). */
export const seriesUpdatedEvent = (
  series: CardSource & Pick<StoredSeries, 'status'>,
): EventPayload<'series.updated'> => ({
  ...card(series),
  status: series.status,
});

/** The one place `episode.published` is built; demo episodes are the demo series' (sample media). */
export const episodePublishedEvent = (
  episode: Pick<StoredEpisode, '_id' | 'seriesId' | 'seasonNumber' | 'number' | 'title' | 'runtimeMinutes'>,
  series: Pick<StoredSeries, 'demo'>,
): EventPayload<'episode.published'> => ({
  episodeId: episode._id.toHexString(),
  seriesId: episode.seriesId.toHexString(),
  seasonNumber: episode.seasonNumber,
  episodeNumber: episode.number,
  title: episode.title,
  runtimeMinutes: episode.runtimeMinutes ?? null,
  ...(series.demo ? { demo: true } : {}),
});

/** A published series and then each of its episodes, in play order: what consumers need to show and play it. */
export const announceSeries = async (
  events: EventBus,
  series: StoredSeries,
  episodes: readonly StoredEpisode[],
): Promise<void> => {
  await events.publish('series.published', seriesPublishedEvent(series));
  await announceEpisodes(events, series, episodes);
};

export const announceEpisodes = async (
  events: EventBus,
  series: Pick<StoredSeries, 'demo'>,
  episodes: readonly StoredEpisode[],
): Promise<void> => {
  for (const episode of episodes)
    await events.publish('episode.published', episodePublishedEvent(episode, series));
};

/** Each episode's removal; the series' own `series.deleted` is its caller's to send. */
export const announceEpisodesDeleted = async (
  events: EventBus,
  episodes: readonly Pick<StoredEpisode, '_id' | 'seriesId'>[],
): Promise<void> => {
  for (const episode of episodes)
    await events.publish('episode.deleted', {
      episodeId: episode._id.toHexString(),
      seriesId: episode.seriesId.toHexString(),
    });
};
