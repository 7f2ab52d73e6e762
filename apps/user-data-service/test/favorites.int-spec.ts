import type { TitleSnapshot } from '@app/contracts';
import { ErrorCode, UserDataRpc } from '@app/contracts';
import type { UserDataHarness } from './user-data-context';
import { AppError, EventBus, REDIS_UNAVAILABLE_MESSAGE } from '@app/server-core';
import { failure, waitUntil } from '@app/server-testing';
import { at, newId, startUserData } from './user-data-context';

const snapshot: TitleSnapshot = {
  title: 'Lagaan',
  posterUrl: '/posters/lagaan.svg',
  genre: 'Drama',
  rating: 8.1,
};

/** Favorites (= My List) and how catalogue events reach them. */
describe('favorites in user-data-service', () => {
  let ctx: UserDataHarness;

  beforeAll(async () => {
    ctx = await startUserData('favorites');
  });

  afterAll(() => ctx?.close());

  const add = (userId: string, movieId: string, title: TitleSnapshot = snapshot) =>
    ctx.service.call(UserDataRpc.addFavorite, { userId, movieId, snapshot: title });
  const list = (userId: string) => ctx.service.call(UserDataRpc.listFavorites, { userId });
  const eventsOf = async (type: 'favorite.added' | 'favorite.removed', userId: string) =>
    (await ctx.published(type)).filter((event) => event.userId === userId);

  it('adds once: a second add answers the same favorite, and favorite.added is announced once', async () => {
    const userId = newId();
    const movieId = newId();
    const first = await add(userId, movieId);
    expect(first).toEqual({ id: movieId, movieId, ...snapshot, addedAt: expect.any(String) });
    await expect(add(userId, movieId, { ...snapshot, title: 'Changed' })).resolves.toEqual(first);
    expect(await list(userId)).toEqual([first]);
    expect(await eventsOf('favorite.added', userId)).toEqual([
      { userId, profileId: userId, movieId, addedAt: first.addedAt },
    ]);
  });

  it('fails an add whose favorite.added could not be published (503); the outbox publishes it once', async () => {
    const userId = newId();
    const movieId = newId();
    const bus = ctx.service.app.get(EventBus);
    const publish = jest
      .spyOn(bus, 'publish')
      .mockRejectedValueOnce(new AppError(ErrorCode.ServiceUnavailable, REDIS_UNAVAILABLE_MESSAGE));
    try {
      expect(await failure(add(userId, movieId))).toMatchObject({ code: ErrorCode.ServiceUnavailable });
      // The retry answers the stored favorite; the relay publishes the event the failed add left (issue 29 §1).
      const retried = await add(userId, movieId);
      expect(await list(userId)).toEqual([retried]);
      await waitUntil(
        async () => (await eventsOf('favorite.added', userId)).length > 0,
        'the relay to publish the favorite',
      );
      expect(await eventsOf('favorite.added', userId)).toEqual([
        { userId, profileId: userId, movieId, addedAt: retried.addedAt },
      ]);
    } finally {
      publish.mockRestore();
    }
  });

  it('removes once: removed true then false, one favorite.removed', async () => {
    const userId = newId();
    const movieId = newId();
    await add(userId, movieId);
    await expect(ctx.service.call(UserDataRpc.removeFavorite, { userId, movieId })).resolves.toEqual({
      removed: true,
    });
    await expect(ctx.service.call(UserDataRpc.removeFavorite, { userId, movieId })).resolves.toEqual({
      removed: false,
    });
    expect(await list(userId)).toEqual([]);
    expect(await eventsOf('favorite.removed', userId)).toEqual([{ userId, profileId: userId, movieId }]);
  });

  it('keeps what a favorite is of: a series says so, a movie says nothing (issue 13)', async () => {
    const userId = newId();
    const [movieId, seriesId] = [newId(), newId()];
    await add(userId, movieId);
    await ctx.service.call(UserDataRpc.addFavorite, {
      userId,
      movieId: seriesId,
      snapshot,
      kind: 'series',
    });
    const [series, movie] = await list(userId);
    expect(series).toMatchObject({ movieId: seriesId, kind: 'series' });
    expect(movie.movieId).toBe(movieId);
    expect(movie).not.toHaveProperty('kind');
  });

  it('lists newest first', async () => {
    const userId = newId();
    const ids = [newId(), newId(), newId()];
    for (const movieId of ids) await add(userId, movieId);
    expect((await list(userId)).map((favorite) => favorite.movieId)).toEqual([...ids].reverse());
  });

  it("refreshes every list's snapshot on movie.updated, and ignores an older update retried late", async () => {
    const [meera, arjun] = [newId(), newId()];
    const movieId = newId();
    await add(meera, movieId);
    await add(arjun, movieId);
    const updated = {
      movieId,
      title: 'Lagaan: Once Upon a Time in India',
      genre: 'Sports',
      status: 'published',
      posterUrl: '/posters/lagaan-2.svg',
      rating: 8.2,
    };
    await ctx.bus.publish('movie.updated', updated);
    await waitUntil(async () => (await list(arjun))[0].genre === 'Sports', 'the refreshed snapshot');
    for (const userId of [meera, arjun]) {
      expect(await list(userId)).toMatchObject([
        { title: updated.title, genre: 'Sports', posterUrl: '/posters/lagaan-2.svg', rating: 8.2 },
      ]);
    }

    await ctx.publishAt('movie.updated', { ...updated, title: 'Stale', genre: 'Stale' }, new Date(at(0)));
    await ctx.drain();
    expect(await list(meera)).toMatchObject([{ title: updated.title, genre: 'Sports' }]);
  });

  it('takes a deleted title out of every favorites list and Continue Watching, keeping it in history', async () => {
    const [meera, arjun] = [newId(), newId()];
    const deleted = newId();
    const kept = newId();
    await ctx.bus.publish('movie.published', { movieId: deleted, ...snapshot, publishDate: at(0) });
    await add(meera, deleted);
    await add(meera, kept);
    await add(arjun, deleted);
    const viewing = ctx.newViewing(meera, deleted);
    await viewing.report(1000, at(10));
    await waitUntil(async () => (await viewing.record()) !== null, 'the report');
    expect(await ctx.continueWatching(meera)).toMatchObject([{ movieId: deleted, title: 'Lagaan' }]);

    await ctx.bus.publish('movie.deleted', { movieId: deleted });
    await waitUntil(async () => (await list(arjun)).length === 0, 'the favorites to go');
    expect((await list(meera)).map((favorite) => favorite.movieId)).toEqual([kept]);
    expect(await ctx.continueWatching(meera)).toEqual([]);
    const history = await ctx.service.call(UserDataRpc.listHistory, { userId: meera });
    expect(history.data).toMatchObject([{ movieId: deleted, title: 'Lagaan' }]);
  });

  it.each([
    ['an operator object for the movie', { userId: newId(), movieId: { $gt: '' }, snapshot }],
    ['a missing snapshot', { userId: newId(), movieId: newId() }],
    ['a rating out of range', { userId: newId(), movieId: newId(), snapshot: { ...snapshot, rating: 11 } }],
    ['an extra field', { userId: newId(), movieId: newId(), snapshot, addedAt: at(0) }],
  ])('refuses an add with %s and stores nothing', async (_, payload) => {
    const before = await ctx.models.favorites.countDocuments();
    // Sent raw: the payload breaks the contract on purpose.
    await expect(ctx.service.send(UserDataRpc.addFavorite.pattern, payload)).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
    expect(await ctx.models.favorites.countDocuments()).toBe(before);
  });
});
