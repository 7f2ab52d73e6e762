import type { ActiveStreams, MovieDetail, PlaybackSession } from '@app/contracts';
import type { IncomingMessage } from 'node:http';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { paymentStrings } from '@web/modules/payments/strings';
import { anEntitlement } from '@web/modules/payments/testing/payments-test-kit';
import { type FakeApi, type FakeRoute, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import i18next from 'i18next';
import { playerStrings as texts } from '../strings';
import { playerStringsHi } from '../strings.hi';
import { SCREENS_POLL_MS } from './ScreenLimit';
import { aPlaybackSession, aStream, MOVIE_ID, previewAnswer, setPlayback } from '../testing/player-test-kit';
import { english } from '@web/shared/i18n/english';

const movie = (): MovieDetail => ({
  ...aMovie({ id: MOVIE_ID, title: 'Golden Hour', description: 'A day at the sea.', access: 'premium' }),
  topReviews: [],
});
const refused = (status: number, code: string, message: string) => ({
  status,
  body: { code, message, correlationId: 'c-1' },
});

type Sent = { method: string; path: string; body: unknown; auth?: string };

describe('Player (/video)', () => {
  let api: FakeApi;
  let sent: Sent[];

  beforeEach(async () => {
    window.localStorage.clear();
    sent = [];
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serve = (route: FakeRoute) =>
    api.respond((request, url, body) => {
      sent.push({
        method: request.method ?? '',
        path: url.pathname,
        body,
        auth: request.headers.authorization,
      });
      if (url.pathname === `/api/movies/${MOVIE_ID}`) return { status: 200, body: movie() };
      return route(request, url, body);
    });
  const starts = () =>
    sent.filter(({ method, path }) => method === 'POST' && path === `/api/playback/${MOVIE_ID}`);
  const previews = () =>
    sent.filter(({ method, path }) => method === 'GET' && path === `/api/playback/${MOVIE_ID}`);
  /** The gateway's playback routes: the preview (GET) resumes where `session` does; the start (POST) takes a screen. */
  const playback = (
    request: IncomingMessage,
    url: URL,
    session: () => { status: number; body: unknown } = () => ({ status: 200, body: aPlaybackSession() }),
  ) => {
    if (url.pathname !== `/api/playback/${MOVIE_ID}`) return undefined;
    return request.method === 'POST' ? session() : previewAnswer(session());
  };
  const heartbeats = () => sent.filter(({ path }) => path === '/api/playback/heartbeat');

  const open = async () => {
    const view = renderApp({ path: `/video?movie=${MOVIE_ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    return view;
  };
  const surface = () =>
    screen.findByRole('region', { name: english('player:playerLabel', { title: 'Golden Hour' }) });

  it('asks "Resume from 12:34" or "Start over" holding no screen, then takes one and plays from there', async () => {
    signInAs('user');
    serve((request, url) =>
      playback(request, url, () => ({
        status: 200,
        body: aPlaybackSession({ resumePositionSeconds: 754 }),
      })),
    );
    await open();

    await screen.findByRole('heading', { level: 1, name: 'Golden Hour' });
    const resume = await screen.findByRole('button', { name: 'Resume from 12:34' });
    screen.getByRole('button', { name: texts.startOver });
    expect(previews()).toHaveLength(1);
    expect(previews()[0].auth).toBe('Bearer user-token');
    // Nothing plays, and no screen is taken, before the viewer chooses.
    expect(starts()).toEqual([]);
    expect(
      screen.queryByRole('region', { name: english('player:playerLabel', { title: 'Golden Hour' }) }),
    ).toBeNull();

    fireEvent.click(resume);
    const player = await surface();
    expect(starts()).toHaveLength(1);
    expect(starts()[0].auth).toBe('Bearer user-token');
    expect(player.dataset.start).toBe('754');
    expect(player.dataset.src).toBe(aPlaybackSession().hlsUrl);
    // /video: the overview under 'Movie Details'.
    const details = screen.getByRole('region', { name: texts.movieDetails });
    within(details).getByText('A day at the sea.');
  });

  it('"Start over" plays from the beginning; a resume point under 5 s asks nothing', async () => {
    signInAs('user');
    let session: PlaybackSession = aPlaybackSession({ resumePositionSeconds: 754 });
    serve((request, url) => playback(request, url, () => ({ status: 200, body: session })));
    const { unmount } = await open();
    fireEvent.click(await screen.findByRole('button', { name: texts.startOver }));
    expect((await surface()).dataset.start).toBe('0');
    unmount();

    session = aPlaybackSession({ resumePositionSeconds: 4 });
    await open();
    expect((await surface()).dataset.start).toBe('0');
    expect(screen.queryByRole('button', { name: texts.startOver })).toBeNull();
  });

  it("shows the rental's time left in the player", async () => {
    signInAs('user');
    const expiresAt = new Date(Date.now() + 47.5 * 3_600_000).toISOString();
    serve((_request, url) =>
      url.pathname === `/api/playback/${MOVIE_ID}`
        ? {
            status: 200,
            body: aPlaybackSession({
              rental: { rentedAt: expiresAt, startBy: expiresAt, startedAt: expiresAt, expiresAt },
            }),
          }
        : undefined,
    );
    await open();
    const player = await surface();
    within(player).getByText('47 h left');
  });

  it('stops the video and says why when a heartbeat answers leaseActive false', async () => {
    signInAs('user');
    serve((_request, url) => {
      if (url.pathname === `/api/playback/${MOVIE_ID}`) return { status: 200, body: aPlaybackSession() };
      if (url.pathname === '/api/playback/heartbeat') return { status: 200, body: { leaseActive: false } };
      return undefined;
    });
    await open();
    await surface();
    const media = screen.getByTestId('media');
    setPlayback(media, { time: 33, paused: true });
    fireEvent(media, new Event('pause'));

    await screen.findByText(texts.streamStopped);
    expect(screen.queryByTestId('media')).toBeNull();
    expect(heartbeats()[0]).toMatchObject({
      method: 'POST',
      body: {
        token: aPlaybackSession().token,
        leaseId: aPlaybackSession().leaseId,
        positionSeconds: 33,
        event: 'pause',
      },
      // The stream token authenticates the heartbeat (sendBeacon cannot send a header either).
      auth: undefined,
    });
    screen.getByRole('button', { name: texts.playHere });
  });

  it('403: the entitlement panel with the ways in, not a player error', async () => {
    signInAs('user');
    serve((_request, url) => {
      if (url.pathname === `/api/playback/${MOVIE_ID}`)
        return refused(403, 'FORBIDDEN', 'Premium title: subscribe, buy or rent to watch.');
      if (url.pathname === `/api/entitlements/${MOVIE_ID}`) return { status: 200, body: anEntitlement() };
      return undefined;
    });
    await open();

    const panel = await screen.findByRole('complementary', { name: paymentStrings.rentTitle });
    await within(panel).findByText('Premium title: subscribe from ₹499, buy ₹1200 or rent ₹500');
    within(panel).getByRole('button', { name: paymentStrings.rentNow });
    expect(
      screen.queryByRole('region', { name: english('player:playerLabel', { title: 'Golden Hour' }) }),
    ).toBeNull();
  });

  it("404: 'Coming soon' for a title without media", async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === `/api/playback/${MOVIE_ID}` ? refused(404, 'NOT_FOUND', texts.noMedia) : undefined,
    );
    await open();

    await screen.findByText(texts.noMedia);
    screen.getByRole('heading', { name: texts.comingSoon });
  });

  it('409: lists the screens in use, each naming its profile; "Stop that stream" ends the other one and starts playing here', async () => {
    signInAs('user');
    let full = true;
    const streams: ActiveStreams = {
      limit: 1,
      streams: [
        aStream({
          title: 'Night Train',
          deviceLabel: 'Chrome on Android',
          profileName: 'Ravi',
          startedAt: '2026-03-01T14:30:00.000Z',
        }),
      ],
    };
    serve((request, url) => {
      if (url.pathname === '/api/playback/streams') return { status: 200, body: streams };
      if (url.pathname === '/api/playback/streams/lease_other00001' && request.method === 'DELETE') {
        full = false;
        return { status: 200, body: { stopped: true } };
      }
      return playback(request, url, () =>
        full ? refused(409, 'CONFLICT', texts.screenLimit) : { status: 200, body: aPlaybackSession() },
      );
    });
    await open();

    await screen.findByText(texts.screenLimit);
    const screens = await screen.findByRole('region', { name: texts.screensHeading });
    const list = await within(screens).findByRole('list');
    within(list).getByText('Night Train');
    within(list).getByText('Chrome on Android');
    within(list).getByText(english('player:watchingProfile', { name: 'Ravi' }));
    within(list).getByText(/^Started /);
    screen.getByText(english('player:screensLine', { count: 1 }));

    fireEvent.click(within(list).getByRole('button', { name: /Stop that stream/ }));
    await surface();
    expect(
      sent.some(
        ({ method, path }) => method === 'DELETE' && path === '/api/playback/streams/lease_other00001',
      ),
    ).toBe(true);
    expect(starts()).toHaveLength(2);
  });

  it('speaks Hindi: the screens in use with when each started, then the player and its class (issue 26)', async () => {
    signInAs('user');
    let full = true;
    const streams: ActiveStreams = {
      limit: 1,
      streams: [
        aStream({
          title: 'Night Train',
          deviceLabel: 'Chrome on Android',
          profileName: 'Ravi',
          startedAt: '2026-03-01T14:30:00.000Z',
        }),
      ],
    };
    serve((request, url) => {
      if (url.pathname === '/api/playback/streams') return { status: 200, body: streams };
      if (url.pathname === '/api/playback/streams/lease_other00001' && request.method === 'DELETE') {
        full = false;
        return { status: 200, body: { stopped: true } };
      }
      return playback(request, url, () =>
        full ? refused(409, 'CONFLICT', texts.screenLimit) : { status: 200, body: aPlaybackSession() },
      );
    });
    await act(() => i18next.changeLanguage('hi'));
    await open();

    await screen.findByText(playerStringsHi.screenLimit);
    const screens = await screen.findByRole('region', { name: playerStringsHi.screensHeading });
    const list = await within(screens).findByRole('list');
    within(list).getByText('प्रोफ़ाइल: Ravi');
    within(list).getByText(/^1 मार्च, .+ पर शुरू हुई$/);
    screen.getByText('आपका प्लान एक समय में 1 स्क्रीन पर चलता है।');

    fireEvent.click(
      within(list).getByRole('button', { name: 'वह स्ट्रीम रोकें: Chrome on Android पर Night Train' }),
    );
    const player = await screen.findByRole('region', { name: 'वीडियो प्लेयर: Golden Hour' });
    expect(within(player).getByRole('status').textContent).toBe('रेटिंग U/A 13+ · हिंसा, अभद्र भाषा');
    screen.getByRole('region', { name: playerStringsHi.movieDetails });
  });

  it('409: a stream of another tab of this browser ("This device") can be stopped too', async () => {
    signInAs('user');
    let full = true;
    const mine = aStream({ leaseId: 'lease_mytab00001', title: 'Night Train', current: true });
    serve((request, url) => {
      if (url.pathname === '/api/playback/streams')
        return { status: 200, body: { limit: 1, streams: full ? [mine] : [] } };
      if (url.pathname === `/api/playback/streams/${mine.leaseId}` && request.method === 'DELETE') {
        full = false;
        return { status: 200, body: { stopped: true } };
      }
      return playback(request, url, () =>
        full ? refused(409, 'CONFLICT', texts.screenLimit) : { status: 200, body: aPlaybackSession() },
      );
    });
    await open();

    const list = await within(await screen.findByRole('region', { name: texts.screensHeading })).findByRole(
      'list',
    );
    within(list).getByText(texts.thisDevice);
    fireEvent.click(
      within(list).getByRole('button', {
        name: english('player:stopStreamLabel', { title: 'Night Train', device: texts.thisDevice }),
      }),
    );
    await surface();
    expect(starts()).toHaveLength(2);
  });

  it('409: starts here by itself once the stream that held the screen ends', async () => {
    signInAs('user');
    let other: ActiveStreams['streams'] = [aStream({ current: true })];
    serve((request, url) => {
      if (url.pathname === '/api/playback/streams')
        return { status: 200, body: { limit: 1, streams: other } };
      return playback(request, url, () =>
        other.length
          ? refused(409, 'CONFLICT', texts.screenLimit)
          : { status: 200, body: aPlaybackSession() },
      );
    });
    const looks = () => sent.filter(({ path }) => path === '/api/playback/streams').length;
    // Real time for the fake server's answers to arrive while the page's own timers are fake.
    const realTimeout = setTimeout;
    // The query library hands answers to the page on a (fake) timer of its own: advanced a little each time.
    const realWait = async () => {
      await act(() => new Promise<void>((resolve) => realTimeout(resolve, 10)));
      await act(async () => jest.advanceTimersByTime(1));
    };
    /** The next look at the screens in use, and its answer taken in. */
    const nextLook = async () => {
      const before = looks();
      await act(async () => jest.advanceTimersByTime(SCREENS_POLL_MS));
      while (looks() === before) await realWait();
      for (let turn = 0; turn < 5; turn += 1) await realWait();
    };
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      await open();
      const screens = await screen.findByRole('region', { name: texts.screensHeading });
      await within(screens).findByRole('list');
      // Still held at the next look: nothing happens.
      await nextLook();
      expect(starts()).toHaveLength(1);

      // The other tab's player went away (its exit released the lease): nobody presses anything here.
      other = [];
      await nextLook();
    } finally {
      jest.useRealTimers();
    }
    await surface();
    expect(starts()).toHaveLength(2);
    expect(sent.some(({ method }) => method === 'DELETE')).toBe(false);
  });

  it('plays on across token renewals: the token a heartbeat answers is the one the player uses next', async () => {
    signInAs('user');
    const renewed = { token: 'tok.renewed00000001', expiresAt: '2030-01-01T00:02:00.000Z' };
    serve((request, url) =>
      url.pathname === '/api/playback/heartbeat'
        ? { status: 200, body: { leaseActive: true, ...renewed } }
        : playback(request, url),
    );
    await open();
    const player = await surface();
    expect(player.dataset.token).toBe(aPlaybackSession().token);

    const media = screen.getByTestId('media');
    setPlayback(media, { time: 12, paused: true });
    fireEvent(media, new Event('pause'));

    await waitFor(() => expect(player.dataset.token).toBe(renewed.token));
    // Same lease, same element: nothing restarted.
    expect(screen.getByTestId('media')).toBe(media);
    expect(starts()).toHaveLength(1);
  });

  it('a page left at "Continue watching?" never takes a screen', async () => {
    signInAs('user');
    serve((request, url) =>
      playback(request, url, () => ({
        status: 200,
        body: aPlaybackSession({ resumePositionSeconds: 754 }),
      })),
    );
    const { unmount } = await open();
    await screen.findByRole('button', { name: 'Resume from 12:34' });

    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starts()).toEqual([]);
    expect(heartbeats()).toEqual([]);
  });

  it('asks a visitor to sign in, without opening a session', async () => {
    serve(() => undefined);
    await open();
    await screen.findByRole('heading', { name: texts.signInToWatch });
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: texts.signIn }).getAttribute('href'),
    ).toBe('/userlogin');
    await waitFor(() => expect(sent.some(({ path }) => path === `/api/movies/${MOVIE_ID}`)).toBe(true));
    expect(starts()).toEqual([]);
  });
});
