import type { MovieListCache } from '../movies/movie-list.cache';
import type { MoviesRepository } from '../movies/movies.repository';
import type { EpisodesRepository } from '../series/episodes.repository';
import { MediaService } from './media.service';

const movieId = 'a'.repeat(24);
const occurredAt = new Date('2025-06-01T12:00:00.000Z');

const setup = (changed = true, episodeChanged = false) => {
  const movies = { markMediaReady: jest.fn(async () => changed) };
  const episodes = { markMediaReady: jest.fn(async () => episodeChanged) };
  const listCache = { invalidateCoalesced: jest.fn(async () => undefined) };
  const service = new MediaService(
    movies as unknown as MoviesRepository,
    episodes as unknown as EpisodesRepository,
    listCache as unknown as MovieListCache,
  );
  return { service, movies, episodes, listCache };
};

describe('MediaService.markReady', () => {
  it('marks the title playable with its duration, ordered by when the event occurred, and refreshes the lists', async () => {
    const { service, movies, listCache } = setup();
    await expect(service.markReady({ movieId, durationSeconds: 92.5 }, occurredAt)).resolves.toBe(true);
    expect(movies.markMediaReady).toHaveBeenCalledWith(movieId, 92.5, occurredAt);
    expect(listCache.invalidateCoalesced).toHaveBeenCalledTimes(1);
  });

  it('marks an episode playable when the id is not a movie it changed, leaving the lists alone', async () => {
    const { service, episodes, listCache } = setup(false, true);
    await expect(service.markReady({ movieId, durationSeconds: 1300 }, occurredAt)).resolves.toBe(true);
    expect(episodes.markMediaReady).toHaveBeenCalledWith(movieId, 1300, occurredAt);
    expect(listCache.invalidateCoalesced).not.toHaveBeenCalled();
  });

  it('does not look for an episode once a movie took the event', async () => {
    const { service, episodes } = setup(true, true);
    await service.markReady({ movieId, durationSeconds: 60 }, occurredAt);
    expect(episodes.markMediaReady).not.toHaveBeenCalled();
  });

  it('leaves the lists alone when nothing changed (a redelivery, an older event, an unknown title)', async () => {
    const { service, listCache } = setup(false);
    await expect(service.markReady({ movieId, durationSeconds: 92.5 }, occurredAt)).resolves.toBe(false);
    expect(listCache.invalidateCoalesced).not.toHaveBeenCalled();
  });

  it('ignores an id that cannot be a title, without touching the database', async () => {
    const { service, movies } = setup();
    await expect(service.markReady({ movieId: 'movie-1', durationSeconds: null }, occurredAt)).resolves.toBe(
      false,
    );
    expect(movies.markMediaReady).not.toHaveBeenCalled();
  });
});
