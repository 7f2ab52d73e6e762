import type {
  ContinueWatchingItem,
  DataExportFile,
  Favorite,
  HistoryPage,
  Movie,
  PlaybackSession,
  ViewerAnalytics,
  ViewerSettings,
} from '@app/contracts';
import { DEFAULT_VIEWER_SETTINGS, MAX_WATCHED_SECONDS_PER_REPORT } from '@app/contracts';
import { expectStatus } from '../support/accounts';
import { call, login, newUser, type SignedIn } from '../support/api';
import { documentsHolding } from '../support/data';
import { eventually, playableFreeTitles } from '../support/playable';

// Viewer data (issue 11) against the whole system: heartbeats through the gateway and streaming-service become
// watch.progressed events, user-data-service builds history, Continue Watching and analytics from them; favorites
// and settings; and "Delete my account" leaves nothing personal in any database.

let free: Movie[];

beforeAll(async () => {
  free = await playableFreeTitles(2);
  expect(free.length).toBeGreaterThanOrEqual(2);
}, 180_000);

const as = (user: SignedIn) => ({ token: user.token });

/**
 * Opens a playback and reports positions as the player does; ends with the exit report. A report may be a seek: the
 * lease's clock lets a tick's position run ahead of the wall clock by 2 s only (issue 22, finding 5).
 */
type Report = { at: number; played: number; event?: 'seek' };
const watch = async (
  user: SignedIn,
  movie: Movie,
  reports: Report[] | ((durationSeconds: number) => Report[]),
) => {
  const opened = await call<PlaybackSession>('POST', `/api/playback/${movie.id}`, { ...as(user), body: {} });
  expectStatus(opened, 200);
  const { token, leaseId, durationSeconds } = opened.body;
  const report = async (positionSeconds: number, watchedSeconds: number, event: string) =>
    expectStatus(
      await call('POST', '/api/playback/heartbeat', {
        body: { token, leaseId, positionSeconds, durationSeconds, event, watchedSeconds },
      }),
      200,
    );
  const positions = typeof reports === 'function' ? reports(durationSeconds ?? 0) : reports;
  for (const [index, { at, played, event = 'tick' }] of positions.entries())
    await report(at, played, index === positions.length - 1 ? 'exit' : event);
  return { duration: durationSeconds ?? 0, resumeAt: opened.body.resumePositionSeconds };
};

const continueWatching = async (user: SignedIn) =>
  (await call<ContinueWatchingItem[]>('GET', `/api/users/${user.id}/continue-watching`, as(user))).body;
const historyOf = async (user: SignedIn) =>
  (await call<HistoryPage>('GET', `/api/users/${user.id}/watch-history`, as(user))).body;

describe('watching builds history, Continue Watching and analytics', () => {
  it('lists a title at its real percentage, hides it from the row keeping its place, and shows it again on the next playback', async () => {
    const viewer = await newUser('watcher');
    const [movie] = free;
    const { duration } = await watch(viewer, movie, [{ at: 1, played: 1 }]);
    const at = Math.round(duration * 0.4 * 10) / 10;
    // The viewer skips to 20 % and on to 40 %. A throttled tab's claim of 500 s played is cut to what the lease's
    // clock allows (issue 22): the wall-clock time since the playback opened and a 2 s allowance.
    await watch(viewer, movie, [
      { at: duration * 0.2, played: 1, event: 'seek' },
      { at, played: 500, event: 'seek' },
      { at, played: 0 },
    ]);

    const row = await eventually(
      () => continueWatching(viewer),
      (items) => items.some((item) => item.positionSeconds === at),
    );
    expect(row).toEqual([
      expect.objectContaining({
        movieId: movie.id,
        title: movie.title,
        genre: movie.genre,
        positionSeconds: at,
      }),
    ]);
    expect(row[0].progressPercent).toBeCloseTo(40, 0);

    const history = await historyOf(viewer);
    expect(history.total).toBe(1);
    expect(history.data[0]).toMatchObject({ movieId: movie.id, finished: false });
    // 1 s, then 1 s, then the clock's share of the 500 s claimed: far below it, and below the per-report cap.
    expect(history.data[0].watchTime).toBeGreaterThanOrEqual(1 + 1 + 1);
    expect(history.data[0].watchTime).toBeLessThan(1 + 1 + MAX_WATCHED_SECONDS_PER_REPORT);

    // "Remove from row": gone from the row, the position kept for the next playback.
    expectStatus(
      await call('DELETE', `/api/users/${viewer.id}/continue-watching/${movie.id}`, as(viewer)),
      204,
    );
    expect(await continueWatching(viewer)).toEqual([]);
    const again = await watch(viewer, movie, [{ at: at + 2, played: 2 }]);
    expect(again.resumeAt).toBeCloseTo(at, 0);
    // Waits for the new playback's report itself: a report of the first playback still on its way when the row was
    // hidden (reads take a few reports at a time) may show the title again first, at its old place.
    const back = await eventually(
      () => continueWatching(viewer),
      (items) => items.some((item) => item.positionSeconds === at + 2),
    );
    expect(back[0]).toMatchObject({ movieId: movie.id, positionSeconds: at + 2 });
  });

  it('drops a title past 90 % from the row as finished and counts its genre in the analytics', async () => {
    const viewer = await newUser('finisher');
    const [, movie] = free;
    // Within what the clock credits at once (2 s): seeking on to the end.
    const { duration } = await watch(viewer, movie, (length) => [
      { at: length * 0.5, played: 1, event: 'seek' },
      { at: length, played: 1, event: 'seek' },
      { at: length, played: 0 },
    ]);
    expect(duration).toBeGreaterThan(0);

    const history = await eventually(
      () => historyOf(viewer),
      (page) => page.data[0]?.finished === true,
    );
    expect(history.data[0]).toMatchObject({ movieId: movie.id, finished: true, watchTime: 2 });
    expect(await continueWatching(viewer)).toEqual([]);

    const analytics = (await call<ViewerAnalytics>('GET', `/api/users/${viewer.id}/analytics`, as(viewer)))
      .body;
    expect(analytics.byGenre).toEqual([{ genre: movie.genre, seconds: 2 }]);
    expect(analytics.totalSeconds).toBe(2);
    expect(analytics.monthly).toHaveLength(6);
    expect(analytics.monthly[5]).toEqual({ month: new Date().toISOString().slice(0, 7), hours: 0 });
  });

  it('answers an empty analytics for a viewer with no history (never sample data)', async () => {
    const viewer = await newUser('nohistory');
    const analytics = (await call<ViewerAnalytics>('GET', `/api/users/${viewer.id}/analytics`, as(viewer)))
      .body;
    expect(analytics.byGenre).toEqual([]);
    expect(analytics.totalSeconds).toBe(0);
    expect(analytics.monthly.every((month) => month.hours === 0)).toBe(true);
  });

  it('removes a history item, and refuses another viewer the same item', async () => {
    const viewer = await newUser('forgetful');
    const other = await newUser('nosy');
    const [movie] = free;
    await watch(viewer, movie, [{ at: 3, played: 3 }]);
    const history = await eventually(
      () => historyOf(viewer),
      (page) => page.total === 1,
    );
    const itemId = history.data[0].id;

    expectStatus(await call('DELETE', `/api/users/${other.id}/watch-history/${itemId}`, as(other)), 404);
    expectStatus(await call('DELETE', `/api/users/${viewer.id}/watch-history/${itemId}`, as(other)), 403);
    expectStatus(await call('DELETE', `/api/users/${viewer.id}/watch-history/${itemId}`, as(viewer)), 204);
    expect((await historyOf(viewer)).total).toBe(0);
  });
});

describe('favorites and settings', () => {
  it('adds a favorite once with its snapshot, and removes it', async () => {
    const viewer = await newUser('fan');
    const [movie] = free;
    const path = `/api/users/${viewer.id}/favorites`;
    const added = await call<Favorite>('POST', path, { ...as(viewer), body: { movieId: movie.id } });
    expectStatus(added, 201);
    expect(added.body).toMatchObject({ movieId: movie.id, title: movie.title, genre: movie.genre });
    // A double click adds nothing more.
    expectStatus(await call('POST', path, { ...as(viewer), body: { movieId: movie.id } }), 201);
    expect((await call<Favorite[]>('GET', path, as(viewer))).body).toHaveLength(1);

    expectStatus(await call('DELETE', `${path}/${movie.id}`, as(viewer)), 204);
    expect((await call<Favorite[]>('GET', path, as(viewer))).body).toEqual([]);
  });

  it('answers the defaults, then what the viewer saved', async () => {
    const viewer = await newUser('settings');
    const path = `/api/users/${viewer.id}/settings`;
    expect((await call<ViewerSettings>('GET', path, as(viewer))).body).toEqual(DEFAULT_VIEWER_SETTINGS);
    const chosen: ViewerSettings = {
      notifications: { newReleases: false, recommendations: true },
      playback: 'ask-next',
    };
    expectStatus(await call('PUT', path, { ...as(viewer), body: chosen }), 200);
    expect((await call<ViewerSettings>('GET', path, as(viewer))).body).toEqual(chosen);
  });
});

describe('the viewer’s data rights (DECISIONS 32)', () => {
  it('downloads everything held about the viewer, then deletes the account leaving nothing personal anywhere', async () => {
    const viewer = await newUser('leaver');
    const [movie] = free;
    const needles = [viewer.id, viewer.email, viewer.username];
    await watch(viewer, movie, [{ at: 4, played: 4 }]);
    expectStatus(
      await call('POST', `/api/users/${viewer.id}/favorites`, { ...as(viewer), body: { movieId: movie.id } }),
      201,
    );
    expectStatus(
      await call('PUT', `/api/users/${viewer.id}/settings`, {
        ...as(viewer),
        body: { ...DEFAULT_VIEWER_SETTINGS, playback: 'ask-next' },
      }),
      200,
    );
    expectStatus(
      await call('POST', `/api/movies/${movie.id}/reviews`, {
        ...as(viewer),
        body: { rating: 8, content: 'Watched it twice.' },
      }),
      201,
    );
    await eventually(
      () => historyOf(viewer),
      (page) => page.total === 1,
    );

    const exported = await call<DataExportFile>('GET', `/api/users/${viewer.id}/export`, as(viewer));
    expectStatus(exported, 200);
    expect(exported.body.profile).toMatchObject({ id: viewer.id, email: viewer.email });
    expect(exported.body.viewerData.history).toEqual([expect.objectContaining({ movieId: movie.id })]);
    expect(exported.body.viewerData.favorites).toEqual([expect.objectContaining({ movieId: movie.id })]);
    expect(exported.body.viewerData.settings.playback).toBe('ask-next');
    expect(exported.body.payments).toEqual({ subscriptions: [], orders: [], payments: [], titles: [] });
    expect(JSON.stringify(exported.body)).not.toMatch(/argon2|passwordHash/i);

    // A wrong password deletes nothing.
    expect(
      (
        await call('POST', `/api/users/${viewer.id}/delete-account`, {
          ...as(viewer),
          body: { password: 'not-my-password' },
        })
      ).status,
    ).toBe(403);
    expectStatus(await call('GET', '/api/user', as(viewer)), 200);

    expectStatus(
      await call('POST', `/api/users/${viewer.id}/delete-account`, {
        ...as(viewer),
        body: { password: viewer.password },
      }),
      204,
    );
    expectStatus(await call('GET', '/api/user', as(viewer)), 401);
    expect((await login(viewer)).status).toBe(401);

    const left = await eventually(
      () => documentsHolding(needles),
      (holding) => holding.length === 0,
    );
    expect(left).toEqual([]);
  });
});
