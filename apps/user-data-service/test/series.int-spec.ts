import type { EpisodeRef } from '@app/contracts';
import { ErrorCode, HistoryRpc, UserDataRpc } from '@app/contracts';
import { waitUntil } from '@app/server-testing';
import type { UserDataHarness } from './user-data-context';
import { at, newId, startUserData } from './user-data-context';

type PublishedEpisode = { episodeId: string; seriesId: string; seasonNumber: number; episodeNumber: number };

/** TV shows (issue 13) in user-data: series snapshots, the episode index, per-episode history and the row. */
describe('series in user-data-service', () => {
  let ctx: UserDataHarness;

  beforeAll(async () => {
    ctx = await startUserData('series');
  });

  afterAll(() => ctx?.close());

  const seriesProgress = (userId: string, seriesId: string) =>
    ctx.service.call(UserDataRpc.seriesProgress, { userId, seriesId });
  const history = (userId: string) =>
    ctx.service.call(UserDataRpc.listHistory, { userId, page: 1, pageSize: 50 });

  /**
   * A published series as the catalogue announces it: `series.published`, then `episode.published` for each
   * episode (`seasons[i]` episodes in season i + 1, 40 minutes each).
   */
  const publishSeries = async (seasons: number[] = [3, 2], title = 'Paatal Lok', genre = 'Crime') => {
    const seriesId = newId();
    await ctx.bus.publish('series.published', {
      seriesId,
      title,
      genre,
      publishDate: at(0),
      posterUrl: `/posters/${seriesId}.svg`,
      rating: 8.2,
    });
    const episodes: PublishedEpisode[] = [];
    for (const [season, count] of seasons.entries()) {
      for (let number = 1; number <= count; number += 1) {
        const episode = { episodeId: newId(), seriesId, seasonNumber: season + 1, episodeNumber: number };
        await ctx.bus.publish('episode.published', {
          ...episode,
          title: `Episode ${season + 1}.${number}`,
          runtimeMinutes: 40,
        });
        episodes.push(episode);
      }
    }
    await waitUntil(
      async () => (await ctx.models.episodes.countDocuments({ seriesId })) === episodes.length,
      'the episode index',
    );
    const ep = (seasonNumber: number, episodeNumber: number) =>
      episodes.find((e) => e.seasonNumber === seasonNumber && e.episodeNumber === episodeNumber)!;
    return { seriesId, episodes, ep };
  };

  const refOf = ({ seriesId, seasonNumber, episodeNumber }: PublishedEpisode): EpisodeRef => ({
    seriesId,
    seasonNumber,
    episodeNumber,
  });

  /** An episode as the row and the history show it. */
  const shownEpisode = (episode: PublishedEpisode) => ({
    ...refOf(episode),
    episodeId: episode.episodeId,
    title: `Episode ${episode.seasonNumber}.${episode.episodeNumber}`,
  });

  /** Streaming-service's report for an episode (40 minutes long) and the wait for it to be stored. */
  const watch = async (
    userId: string,
    episode: PublishedEpisode,
    positionSeconds: number,
    second: number,
  ) => {
    const viewing = ctx.newViewing(userId, episode.episodeId);
    await viewing.report(positionSeconds, at(second), { durationSeconds: 2400, episode: refOf(episode) });
    await waitUntil(
      async () => (await viewing.record())?.lastWatchedAt.getTime() === new Date(at(second)).getTime(),
      'the report',
    );
    return viewing;
  };

  const rowOf = async (userId: string) =>
    (await ctx.continueWatching(userId)).map((item) => [
      item.movieId,
      item.episode ? `S${item.episode.seasonNumber}:E${item.episode.episodeNumber}` : 'movie',
      item.progressPercent,
    ]);

  it("records history per episode, under the series' card, with the episode's place and title", async () => {
    const userId = newId();
    const { seriesId, ep } = await publishSeries();
    const viewing = await watch(userId, ep(1, 2), 1200, 10);
    expect(await viewing.record()).toMatchObject({
      movieId: ep(1, 2).episodeId,
      episode: { seriesId, seasonNumber: 1, episodeNumber: 2 },
    });
    const record = await viewing.record();
    const item = {
      id: record?._id.toHexString(),
      movieId: ep(1, 2).episodeId,
      title: 'Paatal Lok',
      posterUrl: `/posters/${seriesId}.svg`,
      genre: 'Crime',
      rating: 8.2,
      watchedAt: new Date(at(10)).toISOString(),
      watchTime: 10,
      positionSeconds: 1200,
      durationSeconds: 2400,
      progressPercent: 50,
      finished: false,
      episode: shownEpisode(ep(1, 2)),
    };
    expect((await history(userId)).data).toEqual([item]);
    const exported = await ctx.service.call(UserDataRpc.exportData, { userId });
    expect(exported.history).toEqual([{ ...item, hidden: false }]);
    // Playback resumes the episode where its own record stands.
    await expect(
      ctx.service.call(HistoryRpc.resumePoint, { userId, movieId: ep(1, 2).episodeId }),
    ).resolves.toMatchObject({ movieId: ep(1, 2).episodeId, positionSeconds: 1200 });
  });

  it('shows a series once in Continue Watching, at the episode to watch next, through to its last', async () => {
    const userId = newId();
    const { seriesId, ep } = await publishSeries([2, 1]);
    const movie = ctx.newViewing(userId);
    await movie.report(2700, at(5));

    await watch(userId, ep(1, 1), 1200, 10);
    expect(await rowOf(userId)).toEqual([
      [ep(1, 1).episodeId, 'S1:E1', 50],
      [movie.movieId, 'movie', 50],
    ]);

    // S1:E1 finished: the next one, at 0 %, 40 minutes from its runtime.
    await watch(userId, ep(1, 1), 2300, 20);
    const [next] = await ctx.continueWatching(userId);
    expect(next).toEqual({
      movieId: ep(1, 2).episodeId,
      title: 'Paatal Lok',
      posterUrl: `/posters/${seriesId}.svg`,
      genre: 'Crime',
      rating: 8.2,
      positionSeconds: 0,
      durationSeconds: 2400,
      progressPercent: 0,
      lastWatchedAt: new Date(at(20)).toISOString(),
      episode: shownEpisode(ep(1, 2)),
    });

    // The season's last episode finished: the next season's first.
    await watch(userId, ep(1, 2), 300, 30);
    await watch(userId, ep(1, 2), 2400, 40);
    expect(await rowOf(userId)).toEqual([
      [ep(2, 1).episodeId, 'S2:E1', 0],
      [movie.movieId, 'movie', 50],
    ]);

    // The movie watched since comes first; the series still once.
    await movie.report(2800, at(45));
    await waitUntil(async () => (await movie.record())?.positionSeconds === 2800, 'the movie report');
    expect((await rowOf(userId)).map(([id]) => id)).toEqual([movie.movieId, ep(2, 1).episodeId]);

    // The series' last episode finished: it leaves the row, though older episodes were in progress once.
    await watch(userId, ep(2, 1), 2200, 50);
    expect(await rowOf(userId)).toEqual([[movie.movieId, 'movie', 51.9]]);
    await waitUntil(async () => (await ctx.pendingOfGroup()) === 0, 'every event acknowledged');
  });

  it('takes a series out of the row by the entry it shows (an episode never watched), until the next playback', async () => {
    const userId = newId();
    const { seriesId, ep } = await publishSeries();
    await watch(userId, ep(1, 1), 1000, 10);
    const e2 = await watch(userId, ep(1, 2), 2400, 20);
    const [entry] = await ctx.continueWatching(userId);
    expect(entry.movieId).toBe(ep(1, 3).episodeId);

    await expect(
      ctx.service.call(UserDataRpc.hideFromRow, { userId, movieId: entry.movieId }),
    ).resolves.toEqual({
      hidden: true,
    });
    expect(await ctx.continueWatching(userId)).toEqual([]);
    // Positions stay; every record of the series is hidden.
    expect(await e2.record()).toMatchObject({ positionSeconds: 2400, hidden: true });
    expect(await ctx.models.history.countDocuments({ userId, hidden: true })).toBe(2);

    // Playing the next episode brings the series back, at it.
    await watch(userId, ep(1, 3), 600, 30);
    expect(await rowOf(userId)).toEqual([[ep(1, 3).episodeId, 'S1:E3', 25]]);

    // Hidden again, this time by the series id.
    await expect(ctx.service.call(UserDataRpc.hideFromRow, { userId, movieId: seriesId })).resolves.toEqual({
      hidden: true,
    });
    expect(await ctx.continueWatching(userId)).toEqual([]);
    // Another viewer's records of the series are not theirs to hide.
    await expect(
      ctx.service.call(UserDataRpc.hideFromRow, { userId: newId(), movieId: ep(1, 3).episodeId }),
    ).resolves.toEqual({ hidden: false });
  });

  describe('series progress', () => {
    /** An episode's entry: `positionSeconds` of its 2400, last watched at second `second`. */
    const progress = (
      { episodeId, seasonNumber, episodeNumber }: PublishedEpisode,
      positionSeconds: number,
      progressPercent: number,
      finished: boolean,
      second: number,
    ) => ({
      episodeId,
      seasonNumber,
      episodeNumber,
      positionSeconds,
      durationSeconds: 2400,
      progressPercent,
      finished,
      lastWatchedAt: new Date(at(second)).toISOString(),
    });

    it("answers the viewer's progress in each episode of the series, in play order, finished at 90 %", async () => {
      const userId = newId();
      const { seriesId, ep } = await publishSeries();
      const other = await publishSeries([1], 'Kota Factory', 'Comedy');
      await watch(userId, ep(2, 1), 600, 10);
      await watch(userId, ep(1, 1), 2160, 20);
      await watch(userId, ep(1, 2), 2157, 30);
      await watch(userId, other.ep(1, 1), 1000, 40);
      await watch(newId(), ep(1, 3), 1000, 50);

      expect(await seriesProgress(userId, seriesId)).toEqual({
        seriesId,
        episodes: [
          progress(ep(1, 1), 2160, 90, true, 20),
          progress(ep(1, 2), 2157, 89.9, false, 30),
          progress(ep(2, 1), 600, 25, false, 10),
        ],
      });
    });

    it('answers no episodes for a series never watched, or one that does not exist', async () => {
      const userId = newId();
      const { seriesId } = await publishSeries([1]);
      await expect(seriesProgress(userId, seriesId)).resolves.toEqual({ seriesId, episodes: [] });
      const unknown = newId();
      await expect(seriesProgress(userId, unknown)).resolves.toEqual({ seriesId: unknown, episodes: [] });
    });

    it.each([
      ['a malformed series id', { userId: newId(), seriesId: 'abc' }],
      ['an operator object for the series', { userId: newId(), seriesId: { $ne: null } }],
      ['an operator object for the user', { userId: { $gt: '' }, seriesId: newId() }],
      ['a missing user', { seriesId: newId() }],
      ['an extra field', { userId: newId(), seriesId: newId(), all: true }],
    ])('refuses a series-progress request with %s', async (_, payload) => {
      // Sent raw: the payload breaks the contract on purpose.
      await expect(ctx.service.send(UserDataRpc.seriesProgress.pattern, payload)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
    });
  });

  it("counts an episode's watch time under its series' genre, in the monthly hours too", async () => {
    const userId = newId();
    const { seriesId, ep } = await publishSeries([3], 'Paatal Lok', 'Crime');
    const recent = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
    const first = ctx.newViewing(userId, ep(1, 1).episodeId);
    const second = ctx.newViewing(userId, ep(1, 2).episodeId);
    const movie = ctx.newViewing(userId);
    await movie.published({ title: 'Lagaan', genre: 'Drama' });
    await first.report(100, recent(30), { episode: refOf(ep(1, 1)), watchedSeconds: 15 });
    await second.report(100, recent(20), { episode: refOf(ep(1, 2)), watchedSeconds: 12 });
    await movie.report(100, recent(10), { watchedSeconds: 5 });
    await waitUntil(
      async () => (await ctx.history.countOf({ userId: userId, profileId: userId })) === 3,
      'the reports',
    );
    // An episode watched for two hours this month (as many reports would leave it).
    const month = new Date().toISOString().slice(0, 7);
    await ctx.models.history.create({
      userId,
      profileId: userId,
      movieId: ep(1, 3).episodeId,
      episode: refOf(ep(1, 3)),
      positionSeconds: 100,
      durationSeconds: 2400,
      lastWatchedAt: new Date(),
      watchTimeSeconds: 7200,
      watchByMonth: { [month]: 7200 },
    });

    const analytics = await ctx.service.call(UserDataRpc.analytics, { userId });
    expect(analytics.byGenre).toEqual([
      { genre: 'Crime', seconds: 7227 },
      { genre: 'Drama', seconds: 5 },
    ]);
    expect(analytics.monthly.at(-1)).toEqual({ month, hours: 2 });
    expect(analytics.totalSeconds).toBe(7232);
    expect(await ctx.models.history.countDocuments({ userId, 'episode.seriesId': seriesId })).toBe(3);
  });

  describe('catalogue events', () => {
    it('keeps the newest episode.published: an older one retried late changes nothing', async () => {
      const { seriesId, ep } = await publishSeries([1]);
      const episode = ep(1, 1);
      const newer = { ...episode, title: 'The Pilot', runtimeMinutes: 55 };
      await ctx.publishAt('episode.published', newer, new Date(Date.now() + 1000));
      await waitUntil(
        async () =>
          (await ctx.models.episodes.findOne({ episodeId: episode.episodeId }))?.title === 'The Pilot',
        'the newer episode',
      );
      await ctx.publishAt(
        'episode.published',
        { ...newer, title: 'Stale', runtimeMinutes: 1 },
        new Date(at(0)),
      );
      await ctx.drain();
      expect(await ctx.models.episodes.findOne({ episodeId: episode.episodeId }).lean()).toMatchObject({
        seriesId,
        title: 'The Pilot',
        runtimeMinutes: 55,
        deleted: false,
      });
    });

    it('takes a deleted episode out of the row (the series goes on from the one before), keeping its history', async () => {
      const userId = newId();
      const { seriesId, ep } = await publishSeries([3]);
      await watch(userId, ep(1, 1), 2400, 10);
      await watch(userId, ep(1, 2), 1200, 20);
      expect((await rowOf(userId))[0]).toEqual([ep(1, 2).episodeId, 'S1:E2', 50]);

      await ctx.bus.publish('episode.deleted', { episodeId: ep(1, 2).episodeId, seriesId });
      await waitUntil(
        async () => (await ctx.models.episodes.findOne({ episodeId: ep(1, 2).episodeId }))?.deleted === true,
        'the deletion',
      );
      // S1:E1 finished decides now, and the episode after it is S1:E3.
      expect(await rowOf(userId)).toEqual([[ep(1, 3).episodeId, 'S1:E3', 0]]);
      expect((await history(userId)).data.map((item) => item.episode?.title)).toEqual([
        'Episode 1.2',
        'Episode 1.1',
      ]);

      // A late episode.published of the deleted episode does not bring it back.
      await ctx.publishAt(
        'episode.published',
        { ...ep(1, 2), title: 'Episode 1.2', runtimeMinutes: 40 },
        new Date(Date.now() + 60_000),
      );
      await ctx.drain();
      expect(await ctx.models.episodes.findOne({ episodeId: ep(1, 2).episodeId }).lean()).toMatchObject({
        deleted: true,
      });
      expect(await rowOf(userId)).toEqual([[ep(1, 3).episodeId, 'S1:E3', 0]]);
    });

    it("refreshes the series' card on series.updated, in favorites too, ignoring an older update retried late", async () => {
      const userId = newId();
      const { seriesId, ep } = await publishSeries([2]);
      await ctx.service.call(UserDataRpc.addFavorite, {
        userId,
        movieId: seriesId,
        snapshot: { title: 'Paatal Lok', posterUrl: '', genre: 'Crime', rating: 8.2 },
      });
      await watch(userId, ep(1, 1), 1000, 10);
      const updated = {
        seriesId,
        title: 'Paatal Lok (2020)',
        genre: 'Thriller',
        status: 'published',
        posterUrl: '/posters/paatal-lok-2.svg',
        rating: 8.4,
      };
      await ctx.bus.publish('series.updated', updated);
      await waitUntil(
        async () => (await ctx.continueWatching(userId))[0]?.genre === 'Thriller',
        'the refreshed snapshot',
      );
      const card = {
        title: 'Paatal Lok (2020)',
        genre: 'Thriller',
        posterUrl: '/posters/paatal-lok-2.svg',
        rating: 8.4,
      };
      expect(await ctx.continueWatching(userId)).toMatchObject([card]);
      expect(await ctx.service.call(UserDataRpc.listFavorites, { userId })).toMatchObject([
        { movieId: seriesId, ...card },
      ]);

      await ctx.publishAt('series.updated', { ...updated, title: 'Stale', genre: 'Stale' }, new Date(at(0)));
      await ctx.drain();
      expect(await ctx.continueWatching(userId)).toMatchObject([card]);
      expect((await history(userId)).data).toMatchObject([card]);
    });

    it('takes a deleted series out of every favorites list and the row, keeping its episodes in history', async () => {
      const [meera, arjun] = [newId(), newId()];
      const { seriesId, ep } = await publishSeries([2]);
      const kept = await publishSeries([1], 'Kota Factory', 'Comedy');
      const snapshot = { title: 'Paatal Lok', posterUrl: '', genre: 'Crime', rating: 8.2 };
      await ctx.service.call(UserDataRpc.addFavorite, { userId: meera, movieId: seriesId, snapshot });
      await ctx.service.call(UserDataRpc.addFavorite, { userId: arjun, movieId: seriesId, snapshot });
      await watch(meera, ep(1, 1), 2400, 10);
      await watch(meera, kept.ep(1, 1), 1000, 5);
      expect((await rowOf(meera)).map(([id]) => id)).toEqual([ep(1, 2).episodeId, kept.ep(1, 1).episodeId]);

      await ctx.bus.publish('series.deleted', { seriesId });
      for (const episode of [ep(1, 1), ep(1, 2)])
        await ctx.bus.publish('episode.deleted', { episodeId: episode.episodeId, seriesId });
      await waitUntil(
        async () => (await ctx.service.call(UserDataRpc.listFavorites, { userId: arjun })).length === 0,
        'the favorites to go',
      );
      await ctx.drain();
      expect(await ctx.service.call(UserDataRpc.listFavorites, { userId: meera })).toEqual([]);
      expect((await rowOf(meera)).map(([id]) => id)).toEqual([kept.ep(1, 1).episodeId]);
      expect((await history(meera)).data).toMatchObject([
        {
          movieId: ep(1, 1).episodeId,
          title: 'Paatal Lok',
          episode: { episodeNumber: 1, title: 'Episode 1.1' },
        },
        { movieId: kept.ep(1, 1).episodeId, title: 'Kota Factory' },
      ]);
      await waitUntil(async () => (await ctx.pendingOfGroup()) === 0, 'every event acknowledged');
    });
  });
});
