import { Types } from 'mongoose';
import { ErrorCode, MovieStatus } from '@app/contracts';
import type { AuditTrail } from '@app/server-core';
import { AppError } from '@app/server-core';
import { memoryOutbox } from '@app/server-testing';
import type { RatingCache } from '../ratings/rating.cache';
import type { ScheduleQueue } from '../schedule/schedule.queue';
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
  const schedule = { plan: jest.fn() };
  const service = new MovieAdminService(
    movies as unknown as MoviesRepository,
    {} as ReviewsRepository,
    listCache as unknown as MovieListCache,
    { forget: jest.fn() } as unknown as RatingCache,
    memoryOutbox(events).outbox,
    { record: jest.fn() } as unknown as AuditTrail,
    schedule as unknown as ScheduleQueue,
  );
  return { service, movies, listCache, events, schedule };
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

  describe('scheduling (issue 28)', () => {
    const inAnHour = () => new Date(Date.now() + 3_600_000);
    const aDraft = (fields: Partial<StoredMovie> = {}) =>
      ({
        ...input,
        _id: new Types.ObjectId(),
        status: MovieStatus.Draft,
        genres: ['Drama'],
        publishDate: null,
        publishAt: null,
        availableUntil: null,
        ...fields,
      }) as unknown as StoredMovie;

    it('stores a future publish time on a new draft and queues its job', async () => {
      const { service, movies, schedule } = setup();
      const at = inAnHour();
      const data = await service.create({ ...input, publishAt: at.toISOString() });
      expect(data).toMatchObject({ status: 'draft', publishAt: at.toISOString(), availableUntil: null });
      expect(movies.create.mock.calls[0][0]).toMatchObject({ publishAt: at });
      expect(schedule.plan).toHaveBeenCalledWith('movie', expect.objectContaining({ publishAt: at }));
    });

    it.each([
      [
        'a publish time in the past',
        { publishAt: new Date(Date.now() - 1000).toISOString() },
        'Publish time must be in the future',
      ],
      [
        'a publish time on a title created published',
        { status: 'published' as const, publishAt: new Date(Date.now() + 3_600_000).toISOString() },
        'Only drafts can be scheduled to publish',
      ],
      [
        'a licence end in the past',
        { availableUntil: new Date(Date.now() - 1000).toISOString() },
        'Available until must be in the future',
      ],
      [
        'a licence end before the publish time',
        {
          publishAt: new Date(Date.now() + 7_200_000).toISOString(),
          availableUntil: new Date(Date.now() + 3_600_000).toISOString(),
        },
        'Available until must be after the publish time',
      ],
    ])('refuses %s with a 400, storing and announcing nothing', async (_case, fields, message) => {
      const { service, movies, events, schedule } = setup();
      await expect(service.create({ ...input, ...fields })).rejects.toEqual(
        new AppError(ErrorCode.ValidationFailed, message),
      );
      expect(movies.create).not.toHaveBeenCalled();
      expect(events.publish).not.toHaveBeenCalled();
      expect(schedule.plan).not.toHaveBeenCalled();
    });

    it('judges an edit against the fields it keeps: a licence end before the stored publish time is refused', async () => {
      const { service, movies } = setup();
      const update = jest.fn();
      Object.assign(movies, { update });
      movies.findById.mockResolvedValue(aDraft({ publishAt: new Date(Date.now() + 7_200_000) }));
      await expect(
        service.update('a'.repeat(24), { availableUntil: inAnHour().toISOString() }),
      ).rejects.toEqual(
        new AppError(ErrorCode.ValidationFailed, 'Available until must be after the publish time'),
      );
      expect(update).not.toHaveBeenCalled();
    });

    it('publishes a draft when its job falls due, with movie.published, and only a draft still scheduled then', async () => {
      const { service, movies, events, listCache } = setup();
      const at = new Date(Date.now() - 5);
      const draft = aDraft({ publishAt: at });
      movies.findById.mockResolvedValue(draft);
      movies.publishDraft.mockImplementation(async (_id: string, publishDate: Date) => ({
        ...draft,
        status: MovieStatus.Published,
        publishDate,
        publishAt: null,
      }));
      expect(await service.publishScheduled(draft._id.toHexString(), at)).toBe(true);
      expect(movies.publishDraft).toHaveBeenCalledWith(draft._id.toHexString(), expect.any(Date), at);
      expect(events.publish).toHaveBeenCalledWith(
        'movie.published',
        expect.objectContaining({ movieId: draft._id.toHexString() }),
      );
      expect(listCache.invalidate).toHaveBeenCalled();

      // Rescheduled meanwhile (another time stored): the old job does nothing.
      events.publish.mockClear();
      movies.findById.mockResolvedValue(aDraft({ publishAt: inAnHour() }));
      expect(await service.publishScheduled(draft._id.toHexString(), at)).toBe(false);
      // Published by hand meanwhile: nothing either.
      movies.findById.mockResolvedValue(aDraft({ status: MovieStatus.Published }));
      expect(await service.publishScheduled(draft._id.toHexString(), at)).toBe(false);
      expect(events.publish).not.toHaveBeenCalled();
    });

    it('announces nothing when the conditional publish finds the draft gone (a second run racing the first)', async () => {
      const { service, movies, events } = setup();
      const at = new Date(Date.now() - 5);
      movies.findById.mockResolvedValue(aDraft({ publishAt: at }));
      movies.publishDraft.mockResolvedValue(null);
      expect(await service.publishScheduled('b'.repeat(24), at)).toBe(false);
      expect(events.publish).not.toHaveBeenCalled();
    });

    it('ends a licence: the lists are emptied and consumers hear movie.updated carrying the end', async () => {
      const { service, movies, events, listCache } = setup();
      const at = new Date(Date.now() - 5);
      const movie = aDraft({ status: MovieStatus.Published, availableUntil: at });
      movies.findById.mockResolvedValue(movie);
      expect(await service.expire(movie._id.toHexString(), at)).toBe(true);
      expect(listCache.invalidate).toHaveBeenCalled();
      expect(events.publish).toHaveBeenCalledWith(
        'movie.updated',
        expect.objectContaining({ movieId: movie._id.toHexString(), availableUntil: at.toISOString() }),
      );
      // A moved licence end: the old job does nothing.
      events.publish.mockClear();
      expect(await service.expire(movie._id.toHexString(), new Date(0))).toBe(false);
      expect(events.publish).not.toHaveBeenCalled();
    });
  });
});
