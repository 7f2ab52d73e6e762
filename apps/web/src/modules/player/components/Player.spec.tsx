import type { ActiveStreams, MovieDetail, PlaybackSession } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { paymentStrings } from '@web/modules/payments/strings';
import { anEntitlement } from '@web/modules/payments/testing/payments-test-kit';
import { type FakeApi, type FakeRoute, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { playerStrings as texts } from '../strings';
import { aPlaybackSession, aStream, MOVIE_ID, setPlayback } from '../testing/player-test-kit';

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
  const heartbeats = () => sent.filter(({ path }) => path === '/api/playback/heartbeat');

  const open = async () => {
    const view = renderApp({ path: `/video?movie=${MOVIE_ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    return view;
  };
  const surface = () => screen.findByRole('region', { name: texts.playerLabel('Golden Hour') });

  it('starts a playback session for the title, asks "Resume from 12:34" or "Start over", then plays from there', async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === `/api/playback/${MOVIE_ID}`
        ? { status: 200, body: aPlaybackSession({ resumePositionSeconds: 754 }) }
        : undefined,
    );
    await open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Hour' })).toBeTruthy();
    const resume = await screen.findByRole('button', { name: 'Resume from 12:34' });
    expect(screen.getByRole('button', { name: texts.startOver })).toBeTruthy();
    expect(starts()).toHaveLength(1);
    expect(starts()[0].auth).toBe('Bearer user-token');
    // Nothing plays before the viewer chooses.
    expect(screen.queryByRole('region', { name: texts.playerLabel('Golden Hour') })).toBeNull();

    fireEvent.click(resume);
    const player = await surface();
    expect(player.dataset.start).toBe('754');
    expect(player.dataset.src).toBe(aPlaybackSession().hlsUrl);
    // /video: the overview under 'Movie Details'.
    const details = screen.getByRole('region', { name: texts.movieDetails });
    expect(within(details).getByText('A day at the sea.')).toBeTruthy();
  });

  it('"Start over" plays from the beginning; a resume point under 5 s asks nothing', async () => {
    signInAs('user');
    let session: PlaybackSession = aPlaybackSession({ resumePositionSeconds: 754 });
    serve((_request, url) =>
      url.pathname === `/api/playback/${MOVIE_ID}` ? { status: 200, body: session } : undefined,
    );
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
    expect(within(player).getByText('47 h left')).toBeTruthy();
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

    expect(await screen.findByText(texts.streamStopped)).toBeTruthy();
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
    expect(screen.getByRole('button', { name: texts.playHere })).toBeTruthy();
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
    expect(
      await within(panel).findByText('Premium title: subscribe from ₹499, buy ₹1200 or rent ₹500'),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: paymentStrings.rentNow })).toBeTruthy();
    expect(screen.queryByRole('region', { name: texts.playerLabel('Golden Hour') })).toBeNull();
  });

  it("404: 'Coming soon' for a title without media", async () => {
    signInAs('user');
    serve((_request, url) =>
      url.pathname === `/api/playback/${MOVIE_ID}` ? refused(404, 'NOT_FOUND', texts.noMedia) : undefined,
    );
    await open();

    expect(await screen.findByText(texts.noMedia)).toBeTruthy();
    expect(screen.getByRole('heading', { name: texts.comingSoon })).toBeTruthy();
  });

  it('409: lists the screens in use; "Stop that stream" ends the other one and starts playing here', async () => {
    signInAs('user');
    let full = true;
    const streams: ActiveStreams = {
      limit: 1,
      streams: [
        aStream({
          title: 'Night Train',
          deviceLabel: 'Chrome on Android',
          startedAt: '2026-03-01T14:30:00.000Z',
        }),
      ],
    };
    serve((request, url) => {
      if (url.pathname === `/api/playback/${MOVIE_ID}`)
        return full ? refused(409, 'CONFLICT', texts.screenLimit) : { status: 200, body: aPlaybackSession() };
      if (url.pathname === '/api/playback/streams') return { status: 200, body: streams };
      if (url.pathname === '/api/playback/streams/lease_other00001' && request.method === 'DELETE') {
        full = false;
        return { status: 200, body: { stopped: true } };
      }
      return undefined;
    });
    await open();

    expect(await screen.findByText(texts.screenLimit)).toBeTruthy();
    const screens = await screen.findByRole('region', { name: texts.screensHeading });
    const list = await within(screens).findByRole('list');
    expect(within(list).getByText('Night Train')).toBeTruthy();
    expect(within(list).getByText('Chrome on Android')).toBeTruthy();
    expect(within(list).getByText(/^Started /)).toBeTruthy();
    expect(screen.getByText(texts.screensLine(1))).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: /Stop that stream/ }));
    await surface();
    expect(
      sent.some(
        ({ method, path }) => method === 'DELETE' && path === '/api/playback/streams/lease_other00001',
      ),
    ).toBe(true);
    expect(starts()).toHaveLength(2);
  });

  it('asks a visitor to sign in, without opening a session', async () => {
    serve(() => undefined);
    await open();
    expect(await screen.findByRole('heading', { name: texts.signInToWatch })).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.signIn }).getAttribute('href')).toBe('/userlogin');
    await waitFor(() => expect(sent.some(({ path }) => path === `/api/movies/${MOVIE_ID}`)).toBe(true));
    expect(starts()).toEqual([]);
  });
});
