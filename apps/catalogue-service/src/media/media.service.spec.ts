import type { MovieListCache } from '../movies/movie-list.cache';
import type { MoviesRepository } from '../movies/movies.repository';
import { Types } from 'mongoose';
import type { EpisodesRepository } from '../series/episodes.repository';
import type { SeriesRepository } from '../series/series.repository';
import { MediaService } from './media.service';

const movieId = 'a'.repeat(24);
const episodeId = 'b'.repeat(24);
const occurredAt = new Date('2025-06-01T12:00:00.000Z');
const SERIES_ID = new Types.ObjectId('c'.repeat(24));

const setup = (filmsChanged = 1, episodesChanged = 0) => {
  const movies = { markMediaReady: jest.fn(async () => filmsChanged) };
  const episodes = {
    markMediaReady: jest.fn(async () => episodesChanged),
    seriesOf: jest.fn(async (ids: readonly string[]) =>
      ids.includes(episodeId) ? [{ seriesId: SERIES_ID, ids: [episodeId] }] : [],
    ),
  };
  const series = { addLanguages: jest.fn(async () => undefined) };
  const listCache = { invalidateCoalesced: jest.fn(async () => undefined) };
  const service = new MediaService(
    movies as unknown as MoviesRepository,
    episodes as unknown as EpisodesRepository,
    series as unknown as SeriesRepository,
    listCache as unknown as MovieListCache,
  );
  return { service, movies, episodes, series, listCache };
};

describe('MediaService.markReady', () => {
  it('marks a batch of titles playable with their durations in one write each for films and episodes, ordered by when each event occurred', async () => {
    const { service, movies, episodes, listCache } = setup(1, 1);
    await expect(
      service.markReady([
        { movieId, durationSeconds: 92.5, occurredAt },
        { movieId: episodeId, durationSeconds: 1300, occurredAt },
      ]),
    ).resolves.toBe(2);
    const changes = [
      { id: movieId, durationSeconds: 92.5, readyAt: occurredAt },
      { id: episodeId, durationSeconds: 1300, readyAt: occurredAt },
    ];
    expect(movies.markMediaReady).toHaveBeenCalledWith(changes);
    expect(episodes.markMediaReady).toHaveBeenCalledWith(changes);
    // Once per batch, however many films changed.
    expect(listCache.invalidateCoalesced).toHaveBeenCalledTimes(1);
  });

  it("carries the media's languages to films and episodes, and adds an episode's to its series (issue 26)", async () => {
    const { service, movies, series } = setup(1, 1);
    await service.markReady([
      { movieId, durationSeconds: 90, occurredAt, audioLanguages: ['hi', 'en'], subtitleLanguages: ['en'] },
      {
        movieId: episodeId,
        durationSeconds: 1300,
        occurredAt,
        audioLanguages: ['ta'],
        subtitleLanguages: [],
      },
    ]);
    expect(movies.markMediaReady).toHaveBeenCalledWith([
      {
        id: movieId,
        durationSeconds: 90,
        readyAt: occurredAt,
        languages: { audio: ['hi', 'en'], subtitles: ['en'] },
      },
      {
        id: episodeId,
        durationSeconds: 1300,
        readyAt: occurredAt,
        languages: { audio: ['ta'], subtitles: [] },
      },
    ]);
    expect(series.addLanguages).toHaveBeenCalledTimes(1);
    expect(series.addLanguages).toHaveBeenCalledWith(SERIES_ID, ['ta'], []);
  });

  it('leaves the lists alone when only episodes changed', async () => {
    const { service, listCache } = setup(0, 1);
    await expect(service.markReady([{ movieId, durationSeconds: 1300, occurredAt }])).resolves.toBe(1);
    expect(listCache.invalidateCoalesced).not.toHaveBeenCalled();
  });

  it('leaves the lists alone when nothing changed (a redelivery, an older event, an unknown title)', async () => {
    const { service, listCache } = setup(0, 0);
    await expect(service.markReady([{ movieId, durationSeconds: 92.5, occurredAt }])).resolves.toBe(0);
    expect(listCache.invalidateCoalesced).not.toHaveBeenCalled();
  });

  it('skips an id that cannot be a title and applies the rest of the batch', async () => {
    const { service, movies } = setup();
    await service.markReady([
      { movieId: 'movie-1', durationSeconds: null, occurredAt },
      { movieId, durationSeconds: 60, occurredAt },
    ]);
    expect(movies.markMediaReady).toHaveBeenCalledWith([
      { id: movieId, durationSeconds: 60, readyAt: occurredAt },
    ]);
  });

  it('does not touch the database for a batch of ids that cannot be titles', async () => {
    const { service, movies } = setup();
    await expect(
      service.markReady([{ movieId: 'movie-1', durationSeconds: null, occurredAt }]),
    ).resolves.toBe(0);
    expect(movies.markMediaReady).not.toHaveBeenCalled();
  });
});
