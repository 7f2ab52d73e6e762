import { Types } from 'mongoose';
import type { EventPayload } from '@app/contracts';
import { ErrorCode, UserDataMessages } from '@app/contracts';
import { AuditTrail, type EventBus } from '@app/server-core';
import { memoryOutbox, progressReport } from '@app/server-testing';
import type { StoredEpisode } from '../episodes/episodes.repository';
import type { EpisodesService } from '../episodes/episodes.service';
import type { StoredTitle } from '../titles/titles.repository';
import type { TitlesService } from '../titles/titles.service';
import type { HistoryRepository, ProgressWrite, StoredHistory } from './history.repository';
import { HistoryService, MAX_CLOCK_SKEW_MS } from './history.service';

const now = new Date('2025-06-01T12:00:00.000Z');
const userId = 'a'.repeat(24);
const movieId = 'b'.repeat(24);
/** The account's default profile: what a call no profile's session makes reads and writes. */
const me = { userId, profileId: userId, ceiling: null };

const report = (overrides: Partial<EventPayload<'watch.progressed'>> = {}) =>
  progressReport(userId, movieId, {
    positionSeconds: 754,
    reportedAt: '2025-06-01T11:59:50.000Z',
    ...overrides,
  });

const record = (overrides: Partial<StoredHistory> = {}): StoredHistory => ({
  _id: new Types.ObjectId(),
  userId,
  profileId: userId,
  movieId,
  positionSeconds: 754,
  durationSeconds: 5400,
  lastWatchedAt: new Date('2025-06-01T11:59:50.000Z'),
  watchTimeSeconds: 600,
  watchByMonth: { '2025-06': 600 },
  finished: false,
  inProgress: true,
  hidden: false,
  createdAt: new Date('2025-06-01T11:00:00.000Z'),
  ...overrides,
});

const title = (overrides: Partial<StoredTitle> = {}): StoredTitle => ({
  _id: new Types.ObjectId(),
  movieId,
  title: 'Lagaan',
  posterUrl: '/posters/lagaan.svg',
  genre: 'Drama',
  rating: 8.1,
  deleted: false,
  changedAt: now,
  ...overrides,
});

/** Every write handed to the repository, in order. */
const written = (repository: { recordProgressMany: jest.Mock<Promise<number>, [ProgressWrite[]]> }) =>
  repository.recordProgressMany.mock.calls.flatMap(([writes]) => writes);

const setup = () => {
  const repository = {
    recordProgressMany: jest.fn(async (writes: ProgressWrite[]) => writes.length),
    findOne: jest.fn(async (): Promise<StoredHistory | null> => null),
    removeOfUser: jest.fn(async () => 2),
    pageOf: jest.fn(async (): Promise<StoredHistory[]> => []),
    countOf: jest.fn(async () => 0),
    rowCandidatesOf: jest.fn(async (): Promise<StoredHistory[]> => []),
    ofSeries: jest.fn(async (): Promise<StoredHistory[]> => []),
    findById: jest.fn(async (): Promise<StoredHistory | null> => null),
    removeById: jest.fn(async (): Promise<StoredHistory | null> => null),
    hide: jest.fn(async () => true),
  };
  const titles = {
    byMovieId: jest.fn(async (_ids: string[]): Promise<Map<string, StoredTitle>> => new Map()),
    allowedAmong: jest.fn(async (): Promise<Set<string> | null> => null),
  };
  const episodes = {
    byEpisodeId: jest.fn(async (_ids: string[]): Promise<Map<string, StoredEpisode>> => new Map()),
    lineupsOf: jest.fn(async (_ids: string[]): Promise<Map<string, StoredEpisode[]>> => new Map()),
    seriesOf: jest.fn(async (_id: string): Promise<string | null> => null),
  };
  const events = { publish: jest.fn(async () => 'event-id') };
  const service = new HistoryService(
    repository as unknown as HistoryRepository,
    titles as unknown as TitlesService,
    episodes as unknown as EpisodesService,
    memoryOutbox(events).outbox,
    new AuditTrail(events as unknown as EventBus),
  );
  return { service, repository, titles, episodes, events };
};

describe('HistoryService', () => {
  describe('recording progress', () => {
    it('hands the report to the conditional upsert, ordered by reportedAt, with watch time and flags', async () => {
      const { service, repository } = setup();
      await expect(service.recordProgress(report(), now)).resolves.toBe(true);
      expect(written(repository)).toContainEqual({
        userId,
        profileId: userId,
        movieId,
        positionSeconds: 754,
        durationSeconds: 5400,
        reportedAt: new Date('2025-06-01T11:59:50.000Z'),
        watchedSeconds: 10,
        month: '2025-06',
        flags: { finished: false, inProgress: true },
        episode: null,
      });
    });

    it("keeps an episode's series, season and number on its record (the id is the episode's)", async () => {
      const { service, repository } = setup();
      const episode = { seriesId: 'c'.repeat(24), seasonNumber: 2, episodeNumber: 5 };
      await service.recordProgress(report({ episode }), now);
      expect(written(repository)).toContainEqual(expect.objectContaining({ movieId, episode }));
    });

    it.each([
      ['4.9 %: not listed', 264.6, { finished: false, inProgress: false }],
      ['5 %: listed', 270, { finished: false, inProgress: true }],
      ['89.9 %: still listed', 4854.6, { finished: false, inProgress: true }],
      ['90 %: finished, leaves the row', 4860, { finished: true, inProgress: false }],
      ['the end', 5400, { finished: true, inProgress: false }],
    ])('applies the resume thresholds at %s', async (_, positionSeconds, flags) => {
      const { service, repository } = setup();
      await service.recordProgress(report({ positionSeconds }), now);
      expect(written(repository)).toContainEqual(expect.objectContaining({ flags }));
    });

    it.each([
      ['a normal report', 10, 10],
      ['exactly the cap', 15, 15],
      ['a throttled tab claiming more', 600, 15],
      ['a report that played nothing', 0, 0],
    ])('credits %s with at most 15 s of watch time', async (_, watchedSeconds, credited) => {
      const { service, repository } = setup();
      await service.recordProgress(report({ watchedSeconds }), now);
      expect(written(repository)).toContainEqual(expect.objectContaining({ watchedSeconds: credited }));
    });

    it('files the watch time under the UTC month of reportedAt', async () => {
      const { service, repository } = setup();
      await service.recordProgress(report({ reportedAt: '2025-05-31T23:59:59.000Z' }), now);
      expect(written(repository)).toContainEqual(expect.objectContaining({ month: '2025-05' }));
    });

    it('answers false when the repository ignored an older report', async () => {
      const { service, repository } = setup();
      repository.recordProgressMany.mockResolvedValueOnce(0);
      await expect(service.recordProgress(report(), now)).resolves.toBe(false);
    });

    it('keeps a position past the end at the end', async () => {
      const { service, repository } = setup();
      await service.recordProgress(report({ positionSeconds: 5401.5 }), now);
      expect(written(repository)).toContainEqual(
        expect.objectContaining({ positionSeconds: 5400, flags: { finished: true, inProgress: false } }),
      );
    });

    it('passes an unknown duration through as null with no flags, so the record keeps what it knows', async () => {
      const { service, repository } = setup();
      await service.recordProgress(report({ durationSeconds: null, positionSeconds: 30 }), now);
      expect(written(repository)).toContainEqual(
        expect.objectContaining({ positionSeconds: 30, durationSeconds: null, flags: null }),
      );
    });

    it.each([
      ['an unreadable reportedAt', 'yesterday-ish'],
      [
        'a reportedAt beyond the allowed clock skew',
        new Date(now.getTime() + MAX_CLOCK_SKEW_MS + 1).toISOString(),
      ],
    ])('drops %s without writing (a future date would freeze the record)', async (_, reportedAt) => {
      const { service, repository } = setup();
      await expect(service.recordProgress(report({ reportedAt }), now)).resolves.toBe(false);
      expect(written(repository)).toEqual([]);
    });

    it('accepts a report dated slightly ahead, within the clock skew', async () => {
      const { service, repository } = setup();
      const reportedAt = new Date(now.getTime() + 1_000).toISOString();
      await expect(service.recordProgress(report({ reportedAt }), now)).resolves.toBe(true);
      expect(written(repository)).toHaveLength(1);
    });

    it('hands a batch to one bulk write, the same writes as one at a time, the unusable ones dropped', async () => {
      const { service, repository } = setup();
      const reports = [report(), report({ reportedAt: 'yesterday-ish' }), report({ positionSeconds: 800 })];
      await expect(service.recordProgressMany(reports, now)).resolves.toBe(2);
      expect(repository.recordProgressMany).toHaveBeenCalledTimes(1);
      await service.recordProgress(reports[0], now);
      await service.recordProgress(reports[2], now);
      const [batch, ...oneAtATime] = repository.recordProgressMany.mock.calls.map(([writes]) => writes);
      expect(batch).toEqual(oneAtATime.flat());
    });

    it('writes nothing for a batch of unusable reports', async () => {
      const { service, repository } = setup();
      await expect(service.recordProgressMany([report({ reportedAt: 'soon' })], now)).resolves.toBe(0);
      expect(repository.recordProgressMany).not.toHaveBeenCalled();
    });
  });

  it('answers the resume point from the record, or null when the title was never watched', async () => {
    const { service, repository } = setup();
    await expect(service.resumePoint(userId, movieId)).resolves.toBeNull();
    repository.findOne.mockResolvedValueOnce(record({ durationSeconds: null }));
    await expect(service.resumePoint(userId, movieId)).resolves.toEqual({
      movieId,
      positionSeconds: 754,
      durationSeconds: null,
      lastWatchedAt: '2025-06-01T11:59:50.000Z',
    });
    expect(repository.findOne).toHaveBeenLastCalledWith(me, movieId);
  });

  describe('the history page', () => {
    it('pages newest first and enriches each item from the title snapshots', async () => {
      const { service, repository, titles } = setup();
      const stored = record({ positionSeconds: 2700, finished: false });
      repository.pageOf.mockResolvedValueOnce([stored]);
      repository.countOf.mockResolvedValueOnce(31);
      titles.byMovieId.mockResolvedValueOnce(new Map([[movieId, title()]]));
      await expect(service.list(userId, { page: 2, pageSize: 10 })).resolves.toEqual({
        data: [
          {
            id: stored._id.toHexString(),
            movieId,
            title: 'Lagaan',
            posterUrl: '/posters/lagaan.svg',
            genre: 'Drama',
            rating: 8.1,
            watchedAt: '2025-06-01T11:59:50.000Z',
            watchTime: 600,
            positionSeconds: 2700,
            durationSeconds: 5400,
            progressPercent: 50,
            finished: false,
          },
        ],
        page: 2,
        pageSize: 10,
        total: 31,
      });
      expect(repository.pageOf).toHaveBeenCalledWith(me, 10, 10, null);
    });

    it("shows an episode with its series' card and the episode's place and title from the index", async () => {
      const { service, repository, titles, episodes } = setup();
      const seriesId = 'c'.repeat(24);
      const stored = record({ episode: { seriesId, seasonNumber: 1, episodeNumber: 2 } });
      repository.pageOf.mockResolvedValueOnce([stored]);
      titles.byMovieId.mockResolvedValueOnce(
        new Map([[seriesId, title({ movieId: seriesId, title: 'Kota Factory' })]]),
      );
      episodes.byEpisodeId.mockResolvedValueOnce(
        new Map([
          [
            movieId,
            {
              _id: new Types.ObjectId(),
              episodeId: movieId,
              seriesId,
              seasonNumber: 1,
              episodeNumber: 2,
              title: 'Jee Lo',
              runtimeMinutes: 40,
              deleted: false,
              changedAt: now,
            },
          ],
        ]),
      );
      const { data } = await service.list(userId, { page: 1, pageSize: 24 });
      expect(titles.byMovieId).toHaveBeenCalledWith([seriesId]);
      expect(episodes.byEpisodeId).toHaveBeenCalledWith([movieId]);
      expect(data).toEqual([
        expect.objectContaining({
          movieId,
          title: 'Kota Factory',
          genre: 'Drama',
          episode: { seriesId, seasonNumber: 1, episodeNumber: 2, episodeId: movieId, title: 'Jee Lo' },
        }),
      ]);
    });

    it('shows a title it never heard of as an unknown title instead of failing', async () => {
      const { service, repository } = setup();
      repository.pageOf.mockResolvedValueOnce([record({ durationSeconds: null })]);
      const { data } = await service.list(userId, { page: 1, pageSize: 24 });
      expect(data[0]).toMatchObject({
        title: 'Unknown title',
        posterUrl: '',
        genre: 'Unknown',
        rating: null,
        progressPercent: null,
      });
    });
  });

  describe('removing a history item', () => {
    it('deletes the record of this user and announces history.removed', async () => {
      const { service, repository, events } = setup();
      const stored = record();
      repository.findById.mockResolvedValueOnce(stored);
      repository.removeById.mockResolvedValueOnce(stored);
      await expect(service.remove(userId, stored._id.toHexString())).resolves.toEqual({ removed: true });
      expect(repository.removeById).toHaveBeenCalledWith(me, stored._id.toHexString());
      expect(events.publish).toHaveBeenCalledWith('history.removed', { userId, profileId: userId, movieId });
    });

    it("fails NotFound for an id that is not this user's, announcing nothing", async () => {
      const { service, events } = setup();
      await expect(service.remove(userId, 'c'.repeat(24))).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: UserDataMessages.historyItemNotFound,
      });
      expect(events.publish).not.toHaveBeenCalled();
    });
  });

  describe('Continue Watching', () => {
    const inProgress = (n: number) =>
      record({ movieId: n.toString(16).padStart(24, '0'), positionSeconds: 1000 + n });

    it('lists at most six, skipping deleted titles and reading on until it has six', async () => {
      const { service, repository, titles } = setup();
      const first = Array.from({ length: 12 }, (_, i) => inProgress(i));
      const second = Array.from({ length: 3 }, (_, i) => inProgress(12 + i));
      repository.rowCandidatesOf.mockResolvedValueOnce(first).mockResolvedValueOnce(second);
      // Eight of the first twelve titles were deleted from the catalogue.
      titles.byMovieId.mockImplementation(
        async (ids: string[]) =>
          new Map(ids.map((id) => [id, title({ movieId: id, deleted: parseInt(id, 16) < 8 })])),
      );
      const items = await service.continueWatching(userId);
      expect(items.map((item) => item.positionSeconds)).toEqual([1008, 1009, 1010, 1011, 1012, 1013]);
      expect(repository.rowCandidatesOf.mock.calls).toEqual([
        [me, 0, 12],
        [me, 12, 12],
      ]);
    });

    it('answers the items with progress, and an empty row when nothing is in progress', async () => {
      const { service, repository } = setup();
      await expect(service.continueWatching(userId)).resolves.toEqual([]);
      repository.rowCandidatesOf.mockResolvedValueOnce([record({ positionSeconds: 540 })]);
      await expect(service.continueWatching(userId)).resolves.toEqual([
        {
          movieId,
          title: 'Unknown title',
          posterUrl: '',
          genre: 'Unknown',
          rating: null,
          positionSeconds: 540,
          durationSeconds: 5400,
          progressPercent: 10,
          lastWatchedAt: '2025-06-01T11:59:50.000Z',
        },
      ]);
    });

    it('hides a title from the row, and says so only when there was a record', async () => {
      const { service, repository } = setup();
      await expect(service.hideFromRow(userId, movieId)).resolves.toEqual({ hidden: true });
      // Not an episode the index or the record knows: hidden by its own id (or as a series id, if it is one).
      expect(repository.hide).toHaveBeenCalledWith(me, movieId, movieId, expect.any(Date));
      repository.hide.mockResolvedValueOnce(false);
      await expect(service.hideFromRow(userId, movieId)).resolves.toEqual({ hidden: false });
    });
  });

  it("removes a deleted user's history", async () => {
    const { service, repository } = setup();
    await service.forgetUser(userId);
    expect(repository.removeOfUser).toHaveBeenCalledWith(userId);
  });
});
