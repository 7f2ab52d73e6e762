import type { EventPayload } from '@app/contracts';
import type { EventBus } from '@app/server-core';
import type { TitleCardSource } from '../titles/title-events';
import { publication, titleCard } from '../titles/title-events';
import type { StoredEpisode } from './episodes.repository';
import type { StoredSeries } from './series.repository';

type CardSource = TitleCardSource & Pick<StoredSeries, 'creators' | 'firstAirDate'>;

/** A series' card: a film's fields, its creator standing where a film's director does (the recommender's signal). */
const card = (series: CardSource) => ({
  seriesId: series._id.toHexString(),
  ...titleCard(series, series.creators?.[0] ?? null, series.firstAirDate),
});

/**
 * The one place `series.published` is built (admin publish, the seed, the importer). `demo` comes from the series
 * itself: the seed's series are stored as demo content.
 */
export const seriesPublishedEvent = (
  series: CardSource & Pick<StoredSeries, 'publishDate' | 'demo'>,
): EventPayload<'series.published'> => ({ ...card(series), ...publication(series.publishDate, series.demo) });

/** The one place `series.updated` is built (an admin edit of a series that is or was published). */
export const seriesUpdatedEvent = (
  series: CardSource & Pick<StoredSeries, 'status'>,
): EventPayload<'series.updated'> => ({ ...card(series), status: series.status });

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

/** The one place `episode.deleted` is built (an episode removed, alone or with its season or series). */
export const episodeDeletedEvent = (
  episode: Pick<StoredEpisode, '_id' | 'seriesId'>,
): EventPayload<'episode.deleted'> => ({
  episodeId: episode._id.toHexString(),
  seriesId: episode.seriesId.toHexString(),
});
