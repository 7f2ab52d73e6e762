import { ErrorCode, EVENT_STREAM, UserDataMessages, UserDataRpc } from '@app/contracts';
import { HistoryService } from '../src/history/history.service';
import type { UserDataHarness } from './user-data-context';
import { waitUntil } from '@app/server-testing';
import { at, newId, startUserData } from './user-data-context';

/** Watch time, Continue Watching, the history page and analytics, from real reports on the bus. */
describe('viewer history in user-data-service', () => {
  let ctx: UserDataHarness;

  beforeAll(async () => {
    ctx = await startUserData('viewer-history');
  });

  afterAll(() => ctx?.close());

  describe('watch time', () => {
    it('counts a redelivered or older report once, and the newest position wins', async () => {
      const viewing = ctx.newViewing();
      const firstId = await viewing.report(100, at(10));
      await viewing.report(110, at(20));
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 110, 'the newer report');

      // The very entry of the first report appended again, the newest report again, then a late beacon.
      const [[, fields]] = (await ctx.redis.xrange(EVENT_STREAM, '-', '+')).filter(([, entry]) =>
        entry[1].includes(firstId),
      );
      await ctx.redis.xadd(EVENT_STREAM, '*', ...fields);
      await viewing.report(110, at(20));
      await viewing.report(105, at(15), { event: 'exit' });
      await ctx.drain();

      expect(await viewing.record()).toMatchObject({
        positionSeconds: 110,
        watchTimeSeconds: 20,
        watchByMonth: { '2025-06': 20 },
      });
      await waitUntil(async () => (await ctx.pendingOfGroup()) === 0, 'every event acknowledged');
    });

    it('caps what one report may add at 15 s', async () => {
      const viewing = ctx.newViewing();
      await viewing.report(10, at(10), { watchedSeconds: 10 });
      await viewing.report(20, at(20), { watchedSeconds: 3_600 });
      await viewing.report(30, at(30), { watchedSeconds: 0 });
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 30, 'the reports');
      expect((await viewing.record())?.watchTimeSeconds).toBe(25);
    });

    it('files watch time by the UTC month of each report', async () => {
      const viewing = ctx.newViewing();
      await viewing.report(10, '2025-05-31T23:59:55.000Z', { watchedSeconds: 5 });
      await viewing.report(20, '2025-06-01T00:00:05.000Z', { watchedSeconds: 10 });
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 20, 'the reports');
      expect(await viewing.record()).toMatchObject({
        watchTimeSeconds: 15,
        watchByMonth: { '2025-05': 5, '2025-06': 10 },
      });
    });

    it('adds only what the applied ones of 50 out-of-order reports played', async () => {
      const viewing = ctx.newViewing();
      const seconds = Array.from({ length: 50 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
      // One by one, so the stream holds them in this order: a report is applied when it is newer than all before it.
      for (const second of seconds) await viewing.report(second * 10, at(second));
      const applied = seconds.filter((second, i) => seconds.slice(0, i).every((before) => before < second));
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 500, 'the newest report');
      await ctx.drain();
      expect(await viewing.record()).toMatchObject({
        positionSeconds: 500,
        lastWatchedAt: new Date(at(50)),
        watchTimeSeconds: applied.length * 10,
      });
    });

    it('adds 10 s per applied report when 50 are written at the same moment, with one record', async () => {
      const viewing = ctx.newViewing();
      const history = ctx.service.app.get(HistoryService);
      const seconds = Array.from({ length: 50 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
      const applied = await Promise.all(
        seconds.map((second) => history.recordProgress(viewing.progress(second * 10, at(second)))),
      );
      const record = await viewing.record();
      expect(record).toMatchObject({ positionSeconds: 500, lastWatchedAt: new Date(at(50)) });
      expect(record?.watchTimeSeconds).toBe(applied.filter(Boolean).length * 10);
      expect(await ctx.history.countOf({ userId: viewing.userId, profileId: viewing.userId })).toBe(1);
    });
  });

  describe('Continue Watching', () => {
    it('lists a title from 5 % to under 90 %, and drops it once finished', async () => {
      const viewing = ctx.newViewing();
      await viewing.report(264, at(10)); // 4.9 %
      await waitUntil(async () => (await viewing.record()) !== null, 'the first report');
      expect(await ctx.continueWatching(viewing.userId)).toEqual([]);

      await viewing.report(270, at(20)); // 5 %
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 270, 'the 5 % report');
      expect(await ctx.continueWatching(viewing.userId)).toEqual([
        {
          movieId: viewing.movieId,
          title: 'Unknown title',
          posterUrl: '',
          genre: 'Unknown',
          rating: null,
          positionSeconds: 270,
          durationSeconds: 5400,
          progressPercent: 5,
          lastWatchedAt: new Date(at(20)).toISOString(),
        },
      ]);

      await viewing.report(4860, at(30)); // 90 %
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 4860, 'the 90 % report');
      expect(await ctx.continueWatching(viewing.userId)).toEqual([]);
      expect(await viewing.record()).toMatchObject({ finished: true, inProgress: false });
    });

    it('keeps the flags when a report carries no duration', async () => {
      const viewing = ctx.newViewing();
      await viewing.report(2700, at(10));
      await viewing.report(5300, at(20), { durationSeconds: null });
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 5300, 'the reports');
      expect(await viewing.record()).toMatchObject({
        durationSeconds: 5400,
        inProgress: true,
        finished: false,
      });
    });

    it('hides a title with its position kept, and shows it again on the next playback', async () => {
      const viewing = ctx.newViewing();
      await viewing.report(1000, at(10));
      await waitUntil(async () => (await viewing.record()) !== null, 'the report');
      const hide = { userId: viewing.userId, movieId: viewing.movieId };
      await expect(ctx.service.call(UserDataRpc.hideFromRow, hide)).resolves.toEqual({ hidden: true });
      expect(await ctx.continueWatching(viewing.userId)).toEqual([]);
      expect(await viewing.record()).toMatchObject({ positionSeconds: 1000, hidden: true });

      // An older report retried late is not a new playback.
      await viewing.report(900, at(5));
      await ctx.drain();
      expect(await ctx.continueWatching(viewing.userId)).toEqual([]);

      // Nor is a newer one made before the removal and still on its way: it is applied (its place and watch time)
      // but the title stays out of the row.
      await viewing.report(1005, at(15));
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 1005, 'the late report');
      expect(await ctx.continueWatching(viewing.userId)).toEqual([]);
      expect(await viewing.record()).toMatchObject({ watchTimeSeconds: 20 });

      await viewing.report(1010, new Date(Date.now() + 1000).toISOString());
      await waitUntil(async () => (await viewing.record())?.positionSeconds === 1010, 'the new playback');
      expect(await ctx.continueWatching(viewing.userId)).toMatchObject([
        { movieId: viewing.movieId, positionSeconds: 1010 },
      ]);
    });

    it('answers hidden: false for a title never watched', async () => {
      await expect(
        ctx.service.call(UserDataRpc.hideFromRow, { userId: newId(), movieId: newId() }),
      ).resolves.toEqual({ hidden: false });
    });

    it('picks the six most recent titles in progress out of 1,000 history items', async () => {
      const userId = newId();
      const deletedTitles = new Set<string>();
      const records = Array.from({ length: 1_000 }, (_, i) => {
        const movieId = newId();
        // Mostly finished or barely started; every 7th in progress; some of those hidden or deleted.
        const inProgress = i % 7 === 0;
        const hidden = inProgress && i % 3 === 0;
        if (inProgress && i % 5 === 0) deletedTitles.add(movieId);
        return {
          userId,
          profileId: userId,
          movieId,
          positionSeconds: inProgress ? 2000 : i % 2 === 0 ? 5000 : 100,
          durationSeconds: 5400,
          lastWatchedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
          watchTimeSeconds: 100,
          watchByMonth: { '2025-01': 100 },
          finished: !inProgress && i % 2 === 0,
          inProgress,
          hidden,
        };
      });
      await ctx.models.history.insertMany(records);
      await ctx.models.titles.insertMany(
        records.map(({ movieId }, i) => ({
          movieId,
          title: `Title ${i}`,
          posterUrl: `/posters/${i}.svg`,
          genre: 'Drama',
          rating: 7,
          deleted: deletedTitles.has(movieId),
          changedAt: new Date(at(0)),
        })),
      );
      const expected = records
        .filter((r) => r.inProgress && !r.hidden && !deletedTitles.has(r.movieId))
        .sort((a, b) => b.lastWatchedAt.getTime() - a.lastWatchedAt.getTime())
        .slice(0, 6);
      expect(expected).toHaveLength(6);

      const row = await ctx.continueWatching(userId);
      expect(row.map((item) => item.movieId)).toEqual(expected.map((r) => r.movieId));
      expect(row[0]).toMatchObject({ title: `Title ${records.indexOf(expected[0])}`, progressPercent: 37 });
    });
  });

  describe('the history page', () => {
    it('pages newest first with the title snapshot, and removes an item announcing history.removed', async () => {
      const userId = newId();
      const older = ctx.newViewing(userId);
      const newer = ctx.newViewing(userId);
      await newer.published({
        title: 'Lagaan',
        genre: 'Drama',
        posterUrl: '/posters/lagaan.svg',
        rating: 8.1,
      });
      await older.report(600, at(10));
      await newer.report(2700, at(20));
      await waitUntil(
        async () => (await ctx.history.countOf({ userId: userId, profileId: userId })) === 2,
        'both records',
      );

      const first = await ctx.service.call(UserDataRpc.listHistory, { userId, page: 1, pageSize: 1 });
      const newerRecord = await newer.record();
      expect(first).toEqual({
        data: [
          {
            id: newerRecord?._id.toHexString(),
            movieId: newer.movieId,
            title: 'Lagaan',
            posterUrl: '/posters/lagaan.svg',
            genre: 'Drama',
            rating: 8.1,
            watchedAt: new Date(at(20)).toISOString(),
            watchTime: 10,
            positionSeconds: 2700,
            durationSeconds: 5400,
            progressPercent: 50,
            finished: false,
          },
        ],
        page: 1,
        pageSize: 1,
        total: 2,
      });
      const second = await ctx.service.call(UserDataRpc.listHistory, {
        userId,
        page: 2,
        pageSize: 1,
      });
      expect(second.data.map((item) => item.movieId)).toEqual([older.movieId]);

      const itemId = second.data[0].id;
      // Another user cannot remove it.
      await expect(
        ctx.service.call(UserDataRpc.removeHistory, { userId: newId(), itemId }),
      ).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: UserDataMessages.historyItemNotFound,
      });
      await expect(ctx.service.call(UserDataRpc.removeHistory, { userId, itemId })).resolves.toEqual({
        removed: true,
      });
      await expect(ctx.service.call(UserDataRpc.removeHistory, { userId, itemId })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
      expect(await older.record()).toBeNull();
      expect((await ctx.published('history.removed')).filter((event) => event.userId === userId)).toEqual([
        { userId, profileId: userId, movieId: older.movieId },
      ]);
    });

    it.each([
      ['an operator object', { userId: { $gt: '' } }],
      ['a page size over the limit', { userId: newId(), pageSize: 101 }],
      ['an extra field', { userId: newId(), all: true }],
    ])('refuses a history request with %s', async (_, payload) => {
      // Sent raw: the payload breaks the contract on purpose.
      await expect(ctx.service.send(UserDataRpc.listHistory.pattern, payload)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
    });
  });

  describe('analytics', () => {
    const monthsAgo = (n: number) => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
    };

    it('answers the empty state with no history', async () => {
      await expect(ctx.service.call(UserDataRpc.analytics, { userId: newId() })).resolves.toEqual({
        byGenre: [],
        monthly: [5, 4, 3, 2, 1, 0].map((n) => ({ month: monthsAgo(n), hours: 0 })),
        totalSeconds: 0,
      });
    });

    it("sums the viewer's watch time by genre and month", async () => {
      const userId = newId();
      const drama = ctx.newViewing(userId);
      const action = ctx.newViewing(userId);
      await drama.published({ title: 'Lagaan', genre: 'Drama' });
      await action.published({ title: 'Sholay', genre: 'Action' });
      // Recent reports, so they fall in the window: the current month.
      const recent = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
      await drama.report(100, recent(30), { watchedSeconds: 15 });
      await drama.report(110, recent(20), { watchedSeconds: 10 });
      await action.report(100, recent(10), { watchedSeconds: 5 });
      await waitUntil(async () => (await action.record()) !== null, 'the reports');
      // A title watched for hours over the months (as many reports would leave it).
      await ctx.models.history.create({
        userId,
        profileId: userId,
        movieId: newId(),
        positionSeconds: 100,
        durationSeconds: 5400,
        lastWatchedAt: new Date(),
        watchTimeSeconds: 7200 + 5400 + 3600,
        watchByMonth: { [monthsAgo(0)]: 7200, [monthsAgo(5)]: 5400, [monthsAgo(6)]: 3600 },
      });

      const analytics = await ctx.service.call(UserDataRpc.analytics, { userId });
      expect(analytics.byGenre).toEqual([
        { genre: 'Unknown', seconds: 16_200 },
        { genre: 'Drama', seconds: 25 },
        { genre: 'Action', seconds: 5 },
      ]);
      expect(analytics.monthly).toEqual([
        { month: monthsAgo(5), hours: 1.5 },
        { month: monthsAgo(4), hours: 0 },
        { month: monthsAgo(3), hours: 0 },
        { month: monthsAgo(2), hours: 0 },
        { month: monthsAgo(1), hours: 0 },
        { month: monthsAgo(0), hours: 2 },
      ]);
      expect(analytics.totalSeconds).toBe(16_230);
    });
  });
});
