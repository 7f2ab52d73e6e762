import { Types } from 'mongoose';
import { MovieStatus, type EventPayload } from '@app/contracts';
import { buildEnvelope } from '@app/server-core';
import { moviePublishedEvent, movieUpdatedEvent } from '../movies/movie-events';
import type { MoviesRepository, StoredMovie } from '../movies/movies.repository';
import type { EpisodesRepository } from '../series/episodes.repository';
import { episodePublishedEvent, seriesUpdatedEvent } from '../series/series-events';
import { aSeries, anEpisode } from '../series/series.fixtures';
import type { SeriesRepository, StoredSeries } from '../series/series.repository';
import type { StoredEpisode } from '../series/episodes.repository';
import { settledChecks } from './settled-checks';

const occurredAt = new Date('2025-06-01T12:00:00.000Z');
const movie = (overrides: Partial<StoredMovie> = {}) =>
  ({
    _id: new Types.ObjectId(),
    title: 'Lagaan',
    genre: 'Drama',
    posterUrl: '/posters/lagaan.svg',
    rating: 8.1,
    access: 'premium',
    cast: ['Aamir Khan'],
    director: 'Ashutosh Gowariker',
    releaseDate: new Date('2001-06-15T00:00:00.000Z'),
    status: MovieStatus.Published,
    publishDate: occurredAt,
    ...overrides,
  }) as StoredMovie;

/** The checks over one stored title (or none). */
const checksOver = (stored: StoredMovie | null) =>
  settledChecks(
    { findById: async () => stored } as unknown as MoviesRepository,
    {} as SeriesRepository,
    {} as EpisodesRepository,
  );

/** A payload as the outbox keeps it: validated by its contract, then stored as JSON. */
const asStored = <T extends 'movie.published' | 'movie.updated' | 'series.updated' | 'episode.published'>(
  type: T,
  payload: EventPayload<T>,
) => JSON.parse(JSON.stringify(buildEnvelope(type, payload).payload)) as EventPayload<T>;

describe('catalogue settled checks (issue 29 §1)', () => {
  it('movie.updated: settled while the stored title is the announced snapshot, not once it changed again', async () => {
    const stored = movie({ status: MovieStatus.Draft, publishDate: null });
    const payload = asStored('movie.updated', movieUpdatedEvent(stored));
    await expect(checksOver(stored)['movie.updated']?.(payload, { occurredAt })).resolves.toBe(true);
    await expect(
      checksOver({ ...stored, title: 'Lagaan 2' })['movie.updated']?.(payload, { occurredAt }),
    ).resolves.toBe(false);
    await expect(checksOver(null)['movie.updated']?.(payload, { occurredAt })).resolves.toBe(false);
  });

  it('movie.published: settled when the title is published at the date the write chose', async () => {
    const stored = movie();
    const payload = asStored('movie.published', moviePublishedEvent(stored));
    await expect(checksOver(stored)['movie.published']?.(payload, { occurredAt })).resolves.toBe(true);
    await expect(
      checksOver({ ...stored, status: MovieStatus.Draft, publishDate: null })['movie.published']?.(payload, {
        occurredAt,
      }),
    ).resolves.toBe(false);
  });

  it('movie.deleted: settled when the title is gone', async () => {
    const payload = { movieId: new Types.ObjectId().toHexString() };
    await expect(checksOver(null)['movie.deleted']?.(payload, { occurredAt })).resolves.toBe(true);
    await expect(checksOver(movie())['movie.deleted']?.(payload, { occurredAt })).resolves.toBe(false);
  });

  it('series.updated and episode.published: settled while the stored series or episode is the snapshot', async () => {
    const series = aSeries({ demo: true });
    const episode = anEpisode(series, 1, 2);
    const checks = (storedSeries: StoredSeries | null, storedEpisode: StoredEpisode | null) =>
      settledChecks(
        {} as MoviesRepository,
        { findById: async () => storedSeries } as unknown as SeriesRepository,
        { findById: async () => storedEpisode } as unknown as EpisodesRepository,
      );
    const updated = asStored('series.updated', seriesUpdatedEvent(series));
    await expect(checks(series, null)['series.updated']?.(updated, { occurredAt })).resolves.toBe(true);
    await expect(
      checks({ ...series, title: 'Other' }, null)['series.updated']?.(updated, { occurredAt }),
    ).resolves.toBe(false);
    const published = asStored('episode.published', episodePublishedEvent(episode, series));
    await expect(checks(null, episode)['episode.published']?.(published, { occurredAt })).resolves.toBe(true);
    await expect(
      checks(null, { ...episode, title: 'Renamed' })['episode.published']?.(published, { occurredAt }),
    ).resolves.toBe(false);
    await expect(
      checks(null, null)['episode.deleted']?.(
        { episodeId: episode._id.toHexString(), seriesId: series._id.toHexString() },
        { occurredAt },
      ),
    ).resolves.toBe(true);
  });
});
