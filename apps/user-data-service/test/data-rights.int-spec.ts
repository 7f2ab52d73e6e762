import type { ViewerSettings } from '@app/contracts';
import { DEFAULT_VIEWER_SETTINGS, ErrorCode, PlaybackPreference, UserDataRpc } from '@app/contracts';
import type { UserDataHarness } from './user-data-context';
import { waitUntil } from '@app/server-testing';
import { at, newId, startUserData } from './user-data-context';

const mine: ViewerSettings = {
  notifications: { newReleases: false, recommendations: true },
  playback: PlaybackPreference.AskNext,
};
const snapshot = { title: 'Lagaan', posterUrl: '/posters/lagaan.svg', genre: 'Drama', rating: 8.1 };

/** Settings, "Download my data" and account deletion (DECISIONS 21, 32). */
describe('settings and data rights in user-data-service', () => {
  let ctx: UserDataHarness;

  beforeAll(async () => {
    ctx = await startUserData('data-rights');
  });

  afterAll(() => ctx?.close());

  /** A viewer with two titles watched (one hidden from the row), a favorite and saved settings. */
  const newViewer = async () => {
    const userId = newId();
    const watched = ctx.newViewing(userId);
    const hidden = ctx.newViewing(userId);
    await watched.report(2700, at(20));
    await hidden.report(600, at(10));
    await waitUntil(
      async () => (await ctx.history.countOf({ userId: userId, profileId: userId })) === 2,
      'the reports',
    );
    await ctx.service.call(UserDataRpc.hideFromRow, { userId, movieId: hidden.movieId });
    await ctx.service.call(UserDataRpc.addFavorite, { userId, movieId: watched.movieId, snapshot });
    await ctx.service.call(UserDataRpc.saveSettings, { userId, settings: mine });
    return { userId, watched, hidden };
  };

  describe('settings', () => {
    it('answers the defaults until saved, then what was saved', async () => {
      const userId = newId();
      await expect(ctx.service.call(UserDataRpc.getSettings, { userId })).resolves.toEqual(
        DEFAULT_VIEWER_SETTINGS,
      );
      await expect(ctx.service.call(UserDataRpc.saveSettings, { userId, settings: mine })).resolves.toEqual(
        mine,
      );
      await expect(ctx.service.call(UserDataRpc.getSettings, { userId })).resolves.toEqual(mine);
      const again = { ...mine, playback: PlaybackPreference.AutoPlayNext };
      await expect(ctx.service.call(UserDataRpc.saveSettings, { userId, settings: again })).resolves.toEqual(
        again,
      );
      expect(await ctx.models.settings.countDocuments({ userId })).toBe(1);
    });

    it.each([
      ['an unknown playback value', { ...mine, playback: 'shuffle' }],
      ['an extra setting', { ...mine, darkMode: true }],
      ['a missing notification box', { ...mine, notifications: { newReleases: true } }],
      ['an operator object', { $set: { admin: true } }],
    ])('refuses %s and stores nothing', async (_, settings) => {
      const userId = newId();
      // Sent raw: the settings break the contract on purpose.
      await expect(
        ctx.service.send(UserDataRpc.saveSettings.pattern, { userId, settings }),
      ).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
      expect(await ctx.models.settings.countDocuments({ userId })).toBe(0);
    });
  });

  it('exports every history record with its hidden flag, the favorites and the settings', async () => {
    const { userId, watched, hidden } = await newViewer();
    const exported = await ctx.service.call(UserDataRpc.exportData, { userId });
    expect(exported).toEqual({
      history: [
        expect.objectContaining({ movieId: watched.movieId, positionSeconds: 2700, hidden: false }),
        expect.objectContaining({ movieId: hidden.movieId, positionSeconds: 600, hidden: true }),
      ],
      favorites: [expect.objectContaining({ movieId: watched.movieId, ...snapshot })],
      settings: mine,
      contactMessages: [],
      reminders: [],
    });
  });

  it('exports an empty record for a viewer with no data', async () => {
    await expect(ctx.service.call(UserDataRpc.exportData, { userId: newId() })).resolves.toEqual({
      history: [],
      favorites: [],
      settings: DEFAULT_VIEWER_SETTINGS,
      contactMessages: [],
      reminders: [],
    });
  });

  it("erases the user's history, favorites and settings on user.deleted, and only theirs", async () => {
    const deleted = await newViewer();
    const other = await newViewer();
    await ctx.bus.publish('user.deleted', { userId: deleted.userId });
    const left = async (userId: string) =>
      (
        await Promise.all([
          ctx.models.history.countDocuments({ userId }),
          ctx.models.favorites.countDocuments({ userId }),
          ctx.models.settings.countDocuments({ userId }),
        ])
      ).reduce((sum, count) => sum + count, 0);
    await waitUntil(async () => (await left(deleted.userId)) === 0, "the user's data to go");
    expect(await left(other.userId)).toBe(4);

    // A redelivery finds nothing left and fails nothing.
    await ctx.bus.publish('user.deleted', { userId: deleted.userId });
    await ctx.drain();
    await waitUntil(async () => (await ctx.pendingOfGroup()) === 0, 'every event acknowledged');
  });
});
