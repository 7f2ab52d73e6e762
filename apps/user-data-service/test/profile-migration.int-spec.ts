import type { SessionProfile } from '@app/contracts';
import { HistoryRpc, UserDataRpc } from '@app/contracts';
import { RequestContext } from '@app/server-core';
import { ProfileDataMigration } from '../src/data/profile-data-migration';
import { FavoritesRepository } from '../src/favorites/favorites.repository';
import { HistoryRepository } from '../src/history/history.repository';
import type { UserDataHarness } from './user-data-context';
import { newId, startUserData } from './user-data-context';

/**
 * Issue 25: viewer data stored before profiles belongs to the account's default profile (id = the account's). The
 * documents below are today's shape exactly as the service wrote them before profiles, with the unique indexes of
 * then (which would refuse a second profile's record of the same title).
 */
describe('the profiles migration of user-data-service', () => {
  let ctx: UserDataHarness;

  beforeAll(async () => {
    ctx = await startUserData('profile-migration');
  });

  afterAll(() => ctx?.close());

  it('drops an old unique index whichever collection migrates first', async () => {
    // History and favorites both had `userId_1_movieId_1`. The embedded MongoDB-wire server, dropping history's, also
    // drops the description of favorites' (not the index): a migration that first listed favorites' indexes then
    // missed one still enforced, and refused a second profile's favorite of a title (CI, stops 46 and 47).
    const { history, favorites } = ctx.models;
    for (const { collection } of [history, favorites])
      await collection.createIndex({ userId: 1, movieId: 1 }, { unique: true, name: 'userId_1_movieId_1' });
    await ctx.service.app.get(HistoryRepository).moveToDefaultProfile();
    await ctx.service.app.get(FavoritesRepository).moveToDefaultProfile();

    const userId = newId();
    const movieId = newId();
    const add = (profile: SessionProfile) =>
      RequestContext.run(
        { correlationId: 'migration', actor: { id: userId, username: 'asha' }, profile },
        () =>
          ctx.service.call(UserDataRpc.addFavorite, {
            userId,
            movieId,
            snapshot: { title: 'Lagaan', posterUrl: '', genre: 'Drama', rating: 8.1 },
          }),
      );
    await add({ id: userId, kind: 'standard', maturityCeiling: 'A' });
    await add({ id: newId(), kind: 'standard', maturityCeiling: 'A' });
    expect(await favorites.countDocuments({ userId, movieId })).toBe(2);
    // The next test builds the old unique index again, which these two would refuse.
    await favorites.deleteMany({ userId });
  });

  it('moves records without a profile to the default profile, drops the old unique indexes, and is idempotent', async () => {
    const { history, favorites, settings } = ctx.models;
    await history.collection.createIndex(
      { userId: 1, movieId: 1 },
      { unique: true, name: 'userId_1_movieId_1' },
    );
    await favorites.collection.createIndex(
      { userId: 1, movieId: 1 },
      { unique: true, name: 'userId_1_movieId_1' },
    );
    await settings.collection.createIndex({ userId: 1 }, { unique: true, name: 'userId_1' });
    const userId = newId();
    const movieId = newId();
    const when = new Date('2025-06-01T12:00:00.000Z');
    await history.collection.insertOne({
      userId,
      movieId,
      positionSeconds: 1200,
      durationSeconds: 5400,
      lastWatchedAt: when,
      watchTimeSeconds: 1200,
      watchByMonth: { '2025-06': 1200 },
      finished: false,
      inProgress: true,
      hidden: false,
      episode: null,
      createdAt: when,
    });
    await favorites.collection.insertOne({
      userId,
      movieId,
      title: 'Lagaan',
      posterUrl: '/posters/lagaan.svg',
      genre: 'Drama',
      kind: 'movie',
      rating: 8.1,
      addedAt: when,
      snapshotAt: when,
    });
    await settings.collection.insertOne({
      userId,
      notifications: { newReleases: false, recommendations: true },
      playback: 'ask-next',
      createdAt: when,
      updatedAt: when,
    });

    const migration = ctx.service.app.get(ProfileDataMigration);
    expect(await migration.run()).toEqual({ history: 1, favorites: 1, settings: 1 });
    expect(await migration.run()).toEqual({ history: 0, favorites: 0, settings: 0 });
    expect(await history.countDocuments({ userId, profileId: userId })).toBe(1);
    expect(await favorites.countDocuments({ userId, profileId: userId })).toBe(1);
    expect(await settings.countDocuments({ userId, profileId: userId })).toBe(1);
    const indexNames = async ({ collection }: { collection: typeof history.collection }) =>
      (await collection.indexes()).map((index) => index.name);
    expect(await indexNames(history)).not.toContain('userId_1_movieId_1');
    expect(await indexNames(favorites)).not.toContain('userId_1_movieId_1');
    expect(await indexNames(settings)).not.toContain('userId_1');

    // The default profile's session sees the data; a second profile of the account starts empty and can list the
    // same title (the old unique index would have refused it).
    const as = <T>(profile: SessionProfile, work: () => Promise<T>) =>
      RequestContext.run(
        { correlationId: 'migration', actor: { id: userId, username: 'asha' }, profile },
        work,
      );
    const parent: SessionProfile = { id: userId, kind: 'standard', maturityCeiling: 'A' };
    const other: SessionProfile = { id: newId(), kind: 'standard', maturityCeiling: 'A' };
    const list = () => ctx.service.call(UserDataRpc.listFavorites, { userId });
    expect((await as(parent, list)).map((item) => item.title)).toEqual(['Lagaan']);
    expect(
      await as(parent, () => ctx.service.call(HistoryRpc.resumePoint, { userId, movieId })),
    ).toMatchObject({ positionSeconds: 1200 });
    expect((await as(parent, () => ctx.service.call(UserDataRpc.getSettings, { userId }))).playback).toBe(
      'ask-next',
    );
    expect(await as(other, list)).toEqual([]);
    await as(other, () =>
      ctx.service.call(UserDataRpc.addFavorite, {
        userId,
        movieId,
        snapshot: { title: 'Lagaan', posterUrl: '', genre: 'Drama', rating: 8.1 },
      }),
    );
    expect(await favorites.countDocuments({ userId, movieId })).toBe(2);
  });
});
