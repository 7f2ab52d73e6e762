import { Types } from 'mongoose';
import { ErrorCode, MovieStatus } from '@app/contracts';
import type { AuditTrail } from '@app/server-core';
import { AppError } from '@app/server-core';
import { memoryOutbox } from '@app/server-testing';
import type { RatingCache } from '../ratings/rating.cache';
import type { ReviewsRepository } from '../reviews/reviews.repository';
import { MovieAdminService } from './movie-admin.service';
import type { MovieListCache } from './movie-list.cache';
import type { MovieRecord } from './movie.schema';
import type { MoviesRepository, StoredMovie } from './movies.repository';

const input = {
  title: 'Lagaan',
  description: 'Cricket.',
  genre: 'Drama' as const,
  rating: 8.1,
  posterUrl: 'https://x.in/p.jpg',
  classification: 'UA13' as const,
  descriptors: [],
};

const setup = () => {
  const movies = {
    create: jest.fn(async (record: MovieRecord) => ({ ...record, _id: new Types.ObjectId() })),
    publishDraft: jest.fn(),
    findById: jest.fn(),
    findBySourceKey: jest.fn(),
  };
  const listCache = { invalidate: jest.fn() };
  const events = { publish: jest.fn() };
  const service = new MovieAdminService(
    movies as unknown as MoviesRepository,
    {} as ReviewsRepository,
    listCache as unknown as MovieListCache,
    { forget: jest.fn() } as unknown as RatingCache,
    memoryOutbox(events).outbox,
    { record: jest.fn() } as unknown as AuditTrail,
  );
  return { service, movies, listCache, events };
};

describe('MovieAdminService', () => {
  it('creates a draft with access from the rating and default prices, and invalidates the lists', async () => {
    const { service, movies, listCache } = setup();
    const data = await service.create(input);
    expect(data).toMatchObject({
      status: 'draft',
      access: 'premium',
      purchasePriceInr: 1200,
      rentalPriceInr: 500,
      publishDate: null,
    });
    expect(movies.create.mock.calls[0][0]).toMatchObject({ titleNormalized: 'lagaan' });
    expect(listCache.invalidate).toHaveBeenCalled();
  });

  it('keeps an admin override of access and publishes when created published', async () => {
    const { service, events } = setup();
    const data = await service.create({ ...input, access: 'free', status: 'published' });
    expect(data).toMatchObject({ access: 'free', status: 'published' });
    expect(data.publishDate).not.toBeNull();
    expect(events.publish).toHaveBeenCalledWith(
      'movie.published',
      expect.objectContaining({ title: 'Lagaan' }),
    );
  });

  it('answers an Add sent again with its idempotency key with the first title, announcing nothing more', async () => {
    const { service, movies, listCache, events } = setup();
    const first = await service.create({ ...input, status: 'published', idempotencyKey: 'press-0001' });
    expect(movies.create.mock.calls[0][0]).toMatchObject({ sourceKey: 'admin:press-0001' });
    const stored = await movies.create.mock.results[0].value;
    // The unique source key refuses the second insert; the repository says so with null.
    movies.create.mockResolvedValueOnce(null as never);
    movies.findBySourceKey.mockResolvedValueOnce(stored);

    expect(await service.create({ ...input, status: 'published', idempotencyKey: 'press-0001' })).toEqual(
      first,
    );
    expect(movies.findBySourceKey).toHaveBeenCalledWith('admin:press-0001');
    expect(events.publish).toHaveBeenCalledTimes(1);
    expect(listCache.invalidate).toHaveBeenCalledTimes(1);
  });

  it('refuses to publish what is not a draft (409) and what does not exist (404)', async () => {
    const { service, movies, events } = setup();
    movies.publishDraft.mockResolvedValue(null);
    movies.findById
      .mockResolvedValueOnce({ status: MovieStatus.Published } as StoredMovie)
      .mockResolvedValueOnce(null);
    await expect(service.publish('a'.repeat(24))).rejects.toEqual(
      new AppError(ErrorCode.Conflict, 'Only drafts can be published'),
    );
    await expect(service.publish('a'.repeat(24))).rejects.toEqual(
      new AppError(ErrorCode.NotFound, 'Movie not found'),
    );
    expect(events.publish).not.toHaveBeenCalled();
  });
});
