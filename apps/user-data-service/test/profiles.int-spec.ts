import type { Classification, SessionProfile, TitleSnapshot } from '@app/contracts';
import { ErrorCode, HistoryRpc, PlaybackPreference, UserDataRpc } from '@app/contracts';
import { RequestContext } from '@app/server-core';
import { aHousehold, failure, waitUntil } from '@app/server-testing';
import type { UserDataHarness } from './user-data-context';
import { at, newId, startUserData } from './user-data-context';

const card = (title: string): TitleSnapshot => ({ title, posterUrl: '', genre: 'Drama', rating: 7 });

/**
 * Issue 25 (DECISIONS 36, 37): each profile of an account has its own history, resume points, Continue Watching,
 * My List and settings, chosen by the session's profile (the RPC envelope), never by a client field; a profile never
 * receives a title above its ceiling from them; `profile.deleted` erases one profile's data.
 */
describe('viewer data per profile', () => {
  let ctx: UserDataHarness;

  beforeAll(async () => {
    ctx = await startUserData('profiles');
  });

  afterAll(() => ctx?.close());

  const household = () => {
    const { userId, parent, child, as } = aHousehold(newId, 'profiles');
    const calls = (profile: SessionProfile) => ({
      continueWatching: () => as(profile, () => ctx.service.call(UserDataRpc.continueWatching, { userId })),
      favorites: () => as(profile, () => ctx.service.call(UserDataRpc.listFavorites, { userId })),
      history: () =>
        as(profile, () => ctx.service.call(UserDataRpc.listHistory, { userId, page: 1, pageSize: 24 })),
      addFavorite: (movieId: string, title = 'A film') =>
        as(profile, () =>
          ctx.service.call(UserDataRpc.addFavorite, { userId, movieId, snapshot: card(title) }),
        ),
      resumePoint: (movieId: string) =>
        as(profile, () => ctx.service.call(HistoryRpc.resumePoint, { userId, movieId })),
      settings: () => as(profile, () => ctx.service.call(UserDataRpc.getSettings, { userId })),
      saveSettings: () =>
        as(profile, () =>
          ctx.service.call(UserDataRpc.saveSettings, {
            userId,
            settings: {
              notifications: { newReleases: false, recommendations: false },
              playback: PlaybackPreference.AskNext,
            },
          }),
        ),
      analytics: () => as(profile, () => ctx.service.call(UserDataRpc.analytics, { userId })),
    });
    return { userId, parent, child, of: calls };
  };

  /** A title the catalogue announced with this class, at `second`. */
  const title = async (classification: Classification, name = `Film ${classification}`) => {
    const movieId = newId();
    await ctx.bus.publish('movie.published', {
      movieId,
      title: name,
      genre: 'Drama',
      publishDate: at(0),
      classification,
    });
    await waitUntil(
      async () => (await ctx.models.titles.findOne({ movieId }).lean())?.classification === classification,
      'the title',
    );
    return movieId;
  };

  /** Watches `movieId` to 20 % as `profile` (streaming-service names it on the report) and waits for the record. */
  const watch = async (userId: string, profile: SessionProfile, movieId: string, second = 10) => {
    const viewing = ctx.newViewing(userId, movieId, profile.id);
    await viewing.report(1080, at(second));
    await waitUntil(async () => (await viewing.record()) !== null, 'the report');
  };

  it("keeps two profiles' Continue Watching, history, resume points, My List and settings apart", async () => {
    const { userId, parent, child, of } = household();
    const [parentsFilm, childsFilm] = [await title('U', 'Parent film'), await title('U', 'Child film')];
    await watch(userId, parent, parentsFilm);
    await watch(userId, child, childsFilm);
    await of(parent).addFavorite(parentsFilm, 'Parent film');
    await of(child).addFavorite(childsFilm, 'Child film');
    await of(child).saveSettings();

    expect((await of(parent).continueWatching()).map((item) => item.title)).toEqual(['Parent film']);
    expect((await of(child).continueWatching()).map((item) => item.title)).toEqual(['Child film']);
    expect((await of(parent).history()).data.map((item) => item.movieId)).toEqual([parentsFilm]);
    expect((await of(child).history()).data.map((item) => item.movieId)).toEqual([childsFilm]);
    expect((await of(parent).favorites()).map((item) => item.movieId)).toEqual([parentsFilm]);
    expect((await of(child).favorites()).map((item) => item.movieId)).toEqual([childsFilm]);
    expect(await of(parent).resumePoint(childsFilm)).toBeNull();
    expect(await of(child).resumePoint(childsFilm)).toMatchObject({ positionSeconds: 1080 });
    expect((await of(parent).settings()).playback).toBe(PlaybackPreference.AutoPlayNext);
    expect((await of(child).settings()).playback).toBe(PlaybackPreference.AskNext);
    expect((await of(child).analytics()).totalSeconds).toBe(10);

    // The same title on both lists: two favorites (the unique key holds the profile), each announced with it.
    await of(child).addFavorite(parentsFilm);
    expect((await of(child).favorites()).map((item) => item.movieId)).toEqual([parentsFilm, childsFilm]);
    const added = (await ctx.published('favorite.added')).filter((event) => event.userId === userId);
    expect(added.map((event) => event.profileId)).toEqual([parent.id, child.id, child.id]);
  });

  it("an admin reading a viewer's data gets the default profile's, not the admin's own profile's", async () => {
    const { userId, parent, of } = household();
    const film = await title('U');
    await of(parent).addFavorite(film);
    const admin = newId();
    const adminsProfile: SessionProfile = { id: admin, kind: 'standard', maturityCeiling: 'A' };
    const listed = await RequestContext.run(
      { correlationId: 'profiles-admin', actor: { id: admin, username: 'root' }, profile: adminsProfile },
      () => ctx.service.call(UserDataRpc.listFavorites, { userId }),
    );
    expect(listed.map((item) => item.movieId)).toEqual([film]);
  });

  it('never gives a kids profile a title above its ceiling from Continue Watching, My List or history', async () => {
    const { userId, child, of } = household();
    const kidsFilm = await title('UA7', 'Kids film');
    const adultFilm = await title('A', 'Adult film');
    const teenFilm = await title('UA13', 'Teen film');
    // A profile may hold records of titles above its ceiling (watched before a reclassification, or before its
    // ceiling was lowered): they stay stored, and never come out.
    await watch(userId, child, kidsFilm, 10);
    await watch(userId, child, adultFilm, 11);
    await watch(userId, child, teenFilm, 12);
    const unknownFilm = newId();
    await watch(userId, child, unknownFilm, 13);
    await of(child).addFavorite(kidsFilm);
    await expect(failure(of(child).addFavorite(adultFilm))).resolves.toMatchObject({
      code: ErrorCode.NotFound,
    });
    expect(await ctx.models.favorites.countDocuments({ userId, movieId: adultFilm })).toBe(0);

    const shown = async () => ({
      row: (await of(child).continueWatching()).map((item) => item.movieId),
      history: (await of(child).history()).data.map((item) => item.movieId),
      historyTotal: (await of(child).history()).total,
      list: (await of(child).favorites()).map((item) => item.movieId),
    });
    // A title the catalogue never classified to this service counts as unrated (U/A 16+): out too.
    expect(await shown()).toEqual({
      row: [kidsFilm],
      history: [kidsFilm],
      historyTotal: 1,
      list: [kidsFilm],
    });
    expect(await of(child).resumePoint(adultFilm)).toBeNull();

    // The catalogue reclassifies: the kids film becomes A, the teen film U. Both lists follow at once.
    await ctx.bus.publish('movie.updated', {
      movieId: kidsFilm,
      title: 'Kids film',
      genre: 'Drama',
      status: 'published',
      classification: 'A',
    });
    await ctx.bus.publish('movie.updated', {
      movieId: teenFilm,
      title: 'Teen film',
      genre: 'Drama',
      status: 'published',
      classification: 'U',
    });
    await waitUntil(
      async () => (await ctx.models.titles.findOne({ movieId: teenFilm }).lean())?.classification === 'U',
      'the reclassification',
    );
    expect(await shown()).toEqual({ row: [teenFilm], history: [teenFilm], historyTotal: 1, list: [] });
  });

  it("profile.deleted erases that profile's data only, and a redelivery changes nothing", async () => {
    const { userId, parent, child, of } = household();
    const film = await title('U');
    await watch(userId, parent, film);
    await watch(userId, child, film);
    await of(parent).addFavorite(film);
    await of(child).addFavorite(film);
    await of(child).saveSettings();
    const countOf = async (profileId: string) => ({
      history: await ctx.models.history.countDocuments({ userId, profileId }),
      favorites: await ctx.models.favorites.countDocuments({ userId, profileId }),
      settings: await ctx.models.settings.countDocuments({ userId, profileId }),
    });
    expect(await countOf(child.id)).toEqual({ history: 1, favorites: 1, settings: 1 });

    await ctx.bus.publish('profile.deleted', { userId, profileId: child.id });
    await ctx.drain();
    expect(await countOf(child.id)).toEqual({ history: 0, favorites: 0, settings: 0 });
    expect(await countOf(parent.id)).toEqual({ history: 1, favorites: 1, settings: 0 });

    await ctx.bus.publish('profile.deleted', { userId, profileId: child.id });
    await ctx.drain();
    expect(await countOf(parent.id)).toEqual({ history: 1, favorites: 1, settings: 0 });
    expect(await ctx.pendingOfGroup()).toBe(0);
  });
});
