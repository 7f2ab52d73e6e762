import { isDeepStrictEqual } from 'node:util';
import { MovieStatus } from '@app/contracts';
import type { SettledChecks } from '@app/server-core';
import { movieUpdatedEvent } from '../movies/movie-events';
import type { MoviesRepository } from '../movies/movies.repository';
import type { EpisodesRepository } from '../series/episodes.repository';
import { episodePublishedEvent, seriesUpdatedEvent } from '../series/series-events';
import type { SeriesRepository } from '../series/series.repository';

/** A payload as it is stored and published (JSON): what a stored event is compared in. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * "Is the fact stored?" for each event catalogue-service announces through its outbox, asked by the relay about an
 * entry whose process died after storing it, before saying whether its change was made (issue 29 §1). Read-only.
 */
export const settledChecks = (
  movies: MoviesRepository,
  series: SeriesRepository,
  episodes: EpisodesRepository,
): SettledChecks => ({
  // Published at the date this write chose (a title published by another write was announced by that one).
  'movie.published': async ({ movieId, publishDate }) => {
    const movie = await movies.findById(movieId);
    return movie?.status === MovieStatus.Published && movie.publishDate?.toISOString() === publishDate;
  },
  // The title as stored is this snapshot; one changed again since is announced by that change.
  'movie.updated': async (payload) => {
    const movie = await movies.findById(payload.movieId);
    return movie !== null && isDeepStrictEqual(asJson(movieUpdatedEvent(movie)), asJson(payload));
  },
  'movie.deleted': async ({ movieId }) => (await movies.findById(movieId)) === null,
  // A series' events are settled alike.
  'series.published': async ({ seriesId, publishDate }) => {
    const stored = await series.findById(seriesId);
    return stored?.status === MovieStatus.Published && stored.publishDate?.toISOString() === publishDate;
  },
  'series.updated': async (payload) => {
    const stored = await series.findById(payload.seriesId);
    return stored !== null && isDeepStrictEqual(asJson(seriesUpdatedEvent(stored)), asJson(payload));
  },
  'series.deleted': async ({ seriesId }) => (await series.findById(seriesId)) === null,
  // The episode as stored is this snapshot (its series' demo flag as the payload says).
  'episode.published': async (payload) => {
    const stored = await episodes.findById(payload.episodeId);
    return (
      stored !== null &&
      isDeepStrictEqual(
        asJson(episodePublishedEvent(stored, { demo: payload.demo === true })),
        asJson(payload),
      )
    );
  },
  'episode.deleted': async ({ episodeId }) => (await episodes.findById(episodeId)) === null,
});
