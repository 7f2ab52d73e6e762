import type { ContactMessage, ViewerSettings } from '@app/contracts';
import {
  AuditAction,
  AuditTargetType,
  ContactRpc,
  ErrorCode,
  PlaybackPreference,
  UserDataRpc,
} from '@app/contracts';
import { RequestContext } from '@app/server-core';
import { eventsOnStream, failure, waitUntil } from '@app/server-testing';
import { ContactsRepository } from '../src/contacts/contacts.repository';
import type { UserDataHarness } from './user-data-context';
import { at, newId, startUserData } from './user-data-context';

const snapshot = { title: 'Lagaan', posterUrl: '/posters/lagaan.svg', genre: 'Drama', rating: 8.1 };
const mine: ViewerSettings = {
  notifications: { newReleases: false, recommendations: true },
  playback: PlaybackPreference.AskNext,
};
const message = (email: string, text: string): ContactMessage => ({
  firstName: 'Meera',
  lastName: 'Iyer',
  email,
  companyName: 'Iyer Films',
  serviceInterested: 'Partnerships',
  message: text,
});

/**
 * Issue 22, finding 3 (DECISIONS 32): what a deletion erased stays erased (a late report or a request from a cached
 * session re-creates nothing), the contact messages are the viewer's data too; finding 6: an admin's edits of a
 * viewer's data are audited.
 */
describe('deletion stays deleted in user-data-service', () => {
  let ctx: UserDataHarness;

  beforeAll(async () => {
    ctx = await startUserData('deletion');
  });

  afterAll(() => ctx?.close());

  it('a watch.progressed published after user.deleted creates no history and no analytics', async () => {
    const viewing = ctx.newViewing();
    await viewing.report(600, at(10));
    await waitUntil(async () => (await viewing.record()) !== null, 'the first report');

    await ctx.bus.publish('user.deleted', { userId: viewing.userId });
    // The still-open player reports on (issue 22: "history came back").
    await viewing.report(630, at(40), { watchedSeconds: 30 });
    await viewing.report(0, at(41), { movieId: newId(), watchedSeconds: 30 });
    await ctx.drain();

    expect(await ctx.history.countOf({ userId: viewing.userId, profileId: viewing.userId })).toBe(0);
    const analytics = await ctx.service.call(UserDataRpc.analytics, { userId: viewing.userId });
    expect(analytics.totalSeconds).toBe(0);
    expect(await ctx.pendingOfGroup()).toBe(0);
  });

  it('an add to favorites or a settings save after the deletion (a cached session) is refused and stores nothing', async () => {
    const userId = newId();
    await ctx.bus.publish('user.deleted', { userId });
    await ctx.drain();

    const movieId = newId();
    expect(
      await failure(ctx.service.call(UserDataRpc.addFavorite, { userId, movieId, snapshot })),
    ).toMatchObject({ code: ErrorCode.Unauthorized });
    expect(
      await failure(ctx.service.call(UserDataRpc.saveSettings, { userId, settings: mine })),
    ).toMatchObject({ code: ErrorCode.Unauthorized });
    expect(await ctx.models.favorites.countDocuments({ userId })).toBe(0);
    expect(await ctx.models.settings.countDocuments({ userId })).toBe(0);
    // Nothing announced either: no favorite.added for the recommender to learn from.
    expect((await ctx.published('favorite.added')).filter((event) => event.userId === userId)).toEqual([]);
  });

  describe('contact messages (DECISIONS 32)', () => {
    const submit = (email: string, text: string) => ctx.service.call(ContactRpc.submit, message(email, text));
    const exportOf = (userId: string, verifiedEmail?: string) =>
      ctx.service.call(UserDataRpc.exportData, {
        userId,
        ...(verifiedEmail ? { verifiedEmail } : {}),
      });

    it('the export lists the messages sent from the verified email (any case), and only with it verified', async () => {
      const email = `meera-${newId()}@example.in`;
      await submit(email, 'First question');
      await submit(email.toUpperCase(), 'Second question');
      await submit(`other-${newId()}@example.in`, 'Not hers');

      const userId = newId();
      const exported = await exportOf(userId, email);
      expect(exported.contactMessages).toEqual([
        expect.objectContaining({ email, message: 'First question', sentAt: expect.any(String) }),
        expect.objectContaining({ email: email.toUpperCase(), message: 'Second question' }),
      ]);
      // An unverified account's email proves nothing: its owner may be someone else.
      expect((await exportOf(userId)).contactMessages).toEqual([]);
    });

    it('user.deleted with the verified email erases them, and nobody else’s', async () => {
      const [email, other] = [`ravi-${newId()}@example.in`, `kabir-${newId()}@example.in`];
      await submit(email, 'Please call me');
      await submit(other, 'Keep mine');
      const contacts = ctx.service.app.get(ContactsRepository);

      await ctx.bus.publish('user.deleted', { userId: newId(), verifiedEmail: email.toUpperCase() });
      await waitUntil(async () => (await contacts.ofEmail(email)).length === 0, 'the messages to go');
      expect(await contacts.ofEmail(other)).toHaveLength(1);
    });
  });

  describe("an admin's edits of a viewer's data are audited (issue 22, finding 6)", () => {
    const admin = { id: newId(), username: 'Audit Admin' };
    const asAdmin = <T>(correlationId: string, work: () => Promise<T>) =>
      RequestContext.run({ correlationId, actor: admin }, work);
    const auditedFor = async (userId: string) =>
      (await ctx.published('audit.recorded')).filter((entry) => entry.target.id === userId);

    it('favorites, settings, history and the Continue Watching row: actor, target, before/after', async () => {
      const viewing = ctx.newViewing();
      await viewing.report(2700, at(20));
      await waitUntil(async () => (await viewing.record()) !== null, 'the report');
      const { userId, movieId } = viewing;
      const itemId = (await viewing.record())?._id.toHexString() ?? '';

      await asAdmin('corr-fav', () =>
        ctx.service.call(UserDataRpc.addFavorite, { userId, movieId, snapshot }),
      );
      await asAdmin('corr-unfav', () => ctx.service.call(UserDataRpc.removeFavorite, { userId, movieId }));
      await asAdmin('corr-settings', () =>
        ctx.service.call(UserDataRpc.saveSettings, { userId, settings: mine }),
      );
      await asAdmin('corr-row', () => ctx.service.call(UserDataRpc.hideFromRow, { userId, movieId }));
      await asAdmin('corr-history', () => ctx.service.call(UserDataRpc.removeHistory, { userId, itemId }));
      // The viewer's own change is not an admin action.
      await RequestContext.run({ correlationId: 'corr-own', actor: { id: userId, username: 'Asha' } }, () =>
        ctx.service.call(UserDataRpc.addFavorite, { userId, movieId, snapshot }),
      );

      const entries = await auditedFor(userId);
      expect(entries.map(({ action, detail }) => [action, detail])).toEqual([
        [AuditAction.FavoritesChange, 'added Lagaan to favorites'],
        [AuditAction.FavoritesChange, 'removed Lagaan from favorites'],
        [AuditAction.SettingsChange, 'settings saved'],
        [AuditAction.HistoryChange, `removed ${movieId} from Continue Watching`],
        [AuditAction.HistoryChange, `removed ${movieId} from watch history`],
      ]);
      for (const entry of entries)
        expect(entry).toMatchObject({ actor: admin, target: { type: AuditTargetType.User, id: userId } });
      expect(entries[2]).toMatchObject({
        before: 'new releases on, recommendations on, playback autoplay-next',
        after: 'new releases off, recommendations on, playback ask-next',
      });
      expect(entries[4]).toMatchObject({ before: `${movieId} at 2700 s` });
      // Each carries its request's correlation id in its envelope.
      const correlations = (await eventsOnStream(ctx.redis, 'audit.recorded'))
        .filter((envelope) => envelope.payload.target.id === userId)
        .map((envelope) => envelope.correlationId);
      expect(correlations).toEqual(['corr-fav', 'corr-unfav', 'corr-settings', 'corr-row', 'corr-history']);
    });
  });
});
