import type { EventPayload } from '@app/contracts';
import type { ItemChangesChannel } from './item-changes.channel';
import type { ItemsRepository, ItemWrite } from './items.repository';
import { ItemsService } from './items.service';

const movieId = 'b'.repeat(24);
const seriesId = 'c'.repeat(24);
const at = new Date('2025-06-01T12:00:00.000Z');

const setup = () => {
  const repository = {
    record: jest.fn(async (_write: ItemWrite, _at: Date) => true),
    markDeleted: jest.fn(async () => undefined),
  };
  const changes = { announce: jest.fn(async () => undefined) };
  const service = new ItemsService(
    repository as unknown as ItemsRepository,
    changes as unknown as ItemChangesChannel,
  );
  return { service, repository, changes };
};

/** The card fields an event carries, stored as they come. */
const card: Partial<EventPayload<'movie.published'>> = {
  posterUrl: '/posters/lagaan.svg',
  rating: 8.1,
  access: 'premium',
  director: 'Ashutosh Gowariker',
  cast: ['Aamir Khan'],
  releaseYear: 2001,
};
const published: EventPayload<'movie.published'> = {
  movieId,
  title: 'Lagaan',
  genre: 'Drama',
  publishDate: '2025-05-01T00:00:00.000Z',
  ...card,
};

describe('ItemsService', () => {
  it('stores a published title with its card, ordered by the event time, and announces it', async () => {
    const { service, repository, changes } = setup();
    await expect(service.recordPublished(published, at)).resolves.toBe(true);
    expect(repository.record).toHaveBeenCalledWith(
      {
        movieId,
        kind: 'movie',
        title: 'Lagaan',
        genre: 'Drama',
        status: 'published',
        publishDate: new Date('2025-05-01T00:00:00.000Z'),
        ...card,
      },
      at,
    );
    expect(changes.announce).toHaveBeenCalledWith(movieId);
  });

  it('leaves card fields an older event lacks to the stored record', async () => {
    const { service, repository } = setup();
    await service.recordPublished(
      { movieId, title: 'Lagaan', genre: 'Drama', publishDate: 'not a date' },
      at,
    );
    expect(repository.record.mock.calls[0][0]).toEqual({
      movieId,
      kind: 'movie',
      title: 'Lagaan',
      genre: 'Drama',
      status: 'published',
      posterUrl: undefined,
      rating: undefined,
      access: undefined,
      director: undefined,
      cast: undefined,
      releaseYear: undefined,
    });
  });

  /** A movie's or a series' edit with `status`, as the catalogue announces it; answers the item's id. */
  const edits = {
    movie: async (service: ItemsService, status: string) => {
      await service.recordUpdated({ movieId, title: 'Lagaan', genre: 'Drama', status }, at);
      return movieId;
    },
    series: async (service: ItemsService, status: string) => {
      await service.recordSeriesUpdated({ seriesId, title: 'Panchayat', genre: 'Comedy', status }, at);
      return seriesId;
    },
  };
  it.each([
    ['movie', 'published', 'published'],
    ['movie', 'draft', 'draft'],
    ['movie', 'anything else', 'draft'],
    ['series', 'published', 'published'],
    ['series', 'draft', 'draft'],
    ['series', 'archived', 'draft'],
  ] as const)('reads a %s edit with status %s as %s', async (kind, status, expected) => {
    const { service, repository } = setup();
    const id = await edits[kind](service, status);
    expect(repository.record).toHaveBeenCalledWith(
      expect.objectContaining({ movieId: id, kind, status: expected }),
      at,
    );
  });

  it('announces nothing when an older event changed nothing', async () => {
    const { service, repository, changes } = setup();
    repository.record.mockResolvedValue(false);
    await expect(service.recordPublished(published, at)).resolves.toBe(false);
    expect(changes.announce).not.toHaveBeenCalled();
  });

  it('marks a deleted title and announces it', async () => {
    const { service, repository, changes } = setup();
    await service.forget(movieId, 'movie', at);
    expect(repository.markDeleted).toHaveBeenCalledWith(movieId, 'movie', at);
    expect(changes.announce).toHaveBeenCalledWith(movieId);
  });

  describe('a series, one item of kind series', () => {
    const seriesPublished: EventPayload<'series.published'> = {
      seriesId,
      title: 'Panchayat',
      genre: 'Comedy',
      publishDate: '2025-05-02T00:00:00.000Z',
      posterUrl: '/posters/panchayat.svg',
      rating: 8.9,
      access: 'premium',
      cast: ['Jitendra Kumar'],
      releaseYear: 2020,
      demo: true,
    };

    it('stores a published series by its id with its card, and announces it', async () => {
      const { service, repository, changes } = setup();
      await expect(service.recordSeriesPublished(seriesPublished, at)).resolves.toBe(true);
      expect(repository.record).toHaveBeenCalledWith(
        {
          movieId: seriesId,
          kind: 'series',
          title: 'Panchayat',
          genre: 'Comedy',
          status: 'published',
          publishDate: new Date('2025-05-02T00:00:00.000Z'),
          posterUrl: '/posters/panchayat.svg',
          rating: 8.9,
          access: 'premium',
          director: undefined,
          cast: ['Jitendra Kumar'],
          releaseYear: 2020,
        },
        at,
      );
      expect(changes.announce).toHaveBeenCalledWith(seriesId);
    });

    it('marks a deleted series as a series', async () => {
      const { service, repository, changes } = setup();
      await service.forget(seriesId, 'series', at);
      expect(repository.markDeleted).toHaveBeenCalledWith(seriesId, 'series', at);
      expect(changes.announce).toHaveBeenCalledWith(seriesId);
    });
  });
});
