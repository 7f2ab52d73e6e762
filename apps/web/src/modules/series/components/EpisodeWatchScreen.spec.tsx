import { PlaybackPreference } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { paymentStrings } from '@web/modules/payments/strings';
import { anEntitlement } from '@web/modules/payments/testing/payments-test-kit';
import { aPlaybackSession, previewAnswer } from '@web/modules/player/testing/player-test-kit';
import {
  aList,
  answer,
  aRecommendation,
  recommendationRoutes,
} from '@web/modules/recommendations/testing/recommendations-test-kit';
import { recommendationStrings } from '@web/modules/recommendations/strings';
import {
  type ViewerData,
  viewerData,
  userDataRoutes,
} from '@web/modules/user-data/testing/user-data-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { seriesStrings as texts } from '../strings';
import {
  aShow,
  episodeAt,
  SERIES_ID,
  type SeriesData,
  seriesData,
  seriesRoutes,
} from '../testing/series-test-kit';
import { english } from '@web/shared/i18n/english';
import { formatInr } from '@web/shared/i18n/format';

const show = aShow();
const first = episodeAt(show, 1, 1);
const second = episodeAt(show, 1, 2);
const last = episodeAt(show, 2, 2);

/** The playhead of the player's media element (jsdom moves none), writable as a seek writes it. */
const playheadAt = (media: HTMLElement, seconds: number) => {
  Object.defineProperty(media, 'currentTime', { configurable: true, writable: true, value: seconds });
  act(() => {
    media.dispatchEvent(new Event('timeupdate'));
  });
};
const endPlayback = (media: HTMLElement) =>
  act(() => {
    media.dispatchEvent(new Event('ended'));
  });
const useFakeClock = () => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
const tick = (ms: number) => act(async () => jest.advanceTimersByTime(ms));

describe('episode player (/video?episode=)', () => {
  let api: FakeApi;
  let series: SeriesData;
  let viewer: ViewerData;
  let playbackRefused: boolean;

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    playbackRefused = false;
    series = seriesData({ shows: [show] });
    viewer = viewerData();
    const similar = aList([
      aRecommendation({ movie_id: '65f05e0000000000000000bb', title: 'Dry Season', kind: 'series' }),
      aRecommendation({ movie_id: '65f0c0ffee000000000000cc', title: 'Night Train', kind: 'movie' }),
    ]);
    api = await startFakeApi((request, url, body) => {
      const playback = /^\/api\/playback\/([0-9a-f]{24})$/.exec(url.pathname)?.[1];
      if (playback) {
        const start = playbackRefused
          ? { status: 403, body: { code: 'FORBIDDEN', message: 'Premium', correlationId: 'c-1' } }
          : { status: 200, body: aPlaybackSession({ movieId: playback }) };
        return request.method === 'POST' ? start : previewAnswer(start);
      }
      if (url.pathname === '/api/playback/heartbeat') return { status: 200, body: { leaseActive: true } };
      return (
        seriesRoutes(series)(request, url, body) ??
        userDataRoutes(viewer)(request, url, body) ??
        recommendationRoutes({ similar: () => answer(similar) })(request, url, body)
      );
    });
  });

  afterEach(async () => {
    jest.useRealTimers();
    await api.close();
  });

  const titleOf = (episode: typeof first) =>
    english('series:playerTitle', {
      series: 'The Long Monsoon',
      label: `S${episode.seasonNumber}:E${episode.number}`,
      episode: episode.title,
    });
  const starts = (episodeId: string) => api.requests.filter((path) => path === `/api/playback/${episodeId}`);

  /** Opens the episode and waits until it plays (the player's surface and its media element). */
  const play = async (episode = first) => {
    const view = renderApp({ path: `/video?episode=${episode.id}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    const surface = await screen.findByRole('region', {
      name: english('player:playerLabel', { title: titleOf(episode) }),
    });
    return { ...view, media: within(surface).getByTestId('media') };
  };

  it('shows "Series — S1:E1 · Episode" and starts playback with the episode\'s id', async () => {
    await play();

    screen.getByRole('heading', { level: 1, name: 'The Long Monsoon — S1:E1 · Arrival' });
    // What starting would find (GET), then the one start (POST).
    expect(starts(first.id)).toHaveLength(2);
    expect(
      screen
        .getByRole('link', { name: english('series:backToSeries', { series: 'The Long Monsoon' }) })
        .getAttribute('href'),
    ).toBe(`/tv-shows/${SERIES_ID}`);
  });

  it('offers "Skip intro" only between the intro markers; it jumps to the end of the intro', async () => {
    const { media } = await play();
    const skip = () => screen.queryByRole('button', { name: texts.skipIntro });

    playheadAt(media, 2);
    expect(skip()).toBeNull();
    playheadAt(media, 5);
    expect(skip()).not.toBeNull();
    playheadAt(media, 20);
    fireEvent.click(skip() as HTMLElement);

    expect((media as HTMLMediaElement).currentTime).toBe(35);
    expect(skip()).toBeNull();
    playheadAt(media, 35);
    expect(skip()).toBeNull();
    playheadAt(media, 12);
    expect(skip()).not.toBeNull();
  });

  it('never offers "Skip intro" for an episode without intro markers', async () => {
    const { media } = await play(second);

    for (const seconds of [0, 5, 20, 35, 100]) {
      playheadAt(media, seconds);
      expect(screen.queryByRole('button', { name: texts.skipIntro })).toBeNull();
    }
  });

  it('\'Auto-play next episode\': at the end "Next episode in 10" counts down, then the next episode plays', async () => {
    const { media, router } = await play();
    useFakeClock();

    endPlayback(media);
    expect(screen.getByRole('timer').textContent).toBe(english('series:nextEpisodeIn', { seconds: 10 }));
    screen.getByText(english('series:episodeLine', { label: 'S1:E2', title: 'Rain' }));
    expect(screen.getByRole('button', { name: texts.playNow })).toBe(document.activeElement);
    await tick(1000);
    expect(screen.getByRole('timer').textContent).toBe(english('series:nextEpisodeIn', { seconds: 9 }));
    await tick(8000);
    expect(screen.getByRole('timer').textContent).toBe(english('series:nextEpisodeIn', { seconds: 1 }));
    expect(router.location.search).toBe(`?episode=${first.id}`);

    await tick(1000);
    expect(router.location.search).toBe(`?episode=${second.id}`);
    await screen.findByRole('heading', { level: 1, name: titleOf(second) });
    await waitFor(() => expect(starts(second.id)).toHaveLength(1));
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('"Play now" plays the next episode at once', async () => {
    const { media, router } = await play();

    endPlayback(media);
    fireEvent.click(screen.getByRole('button', { name: texts.playNow }));

    expect(router.location.search).toBe(`?episode=${second.id}`);
    await screen.findByRole('heading', { level: 1, name: titleOf(second) });
  });

  it('Cancel stops the countdown: nothing plays by itself, and the next episode waits behind a button', async () => {
    const { media, router } = await play();
    useFakeClock();

    endPlayback(media);
    await tick(3000);
    fireEvent.click(screen.getByRole('button', { name: texts.cancel }));

    expect(screen.queryByRole('timer')).toBeNull();
    await tick(15_000);
    expect(router.location.search).toBe(`?episode=${first.id}`);
    fireEvent.click(screen.getByRole('button', { name: texts.playNextEpisode }));
    expect(router.location.search).toBe(`?episode=${second.id}`);
  });

  it('\'Ask before playing next\': a "Play next episode" button and no countdown', async () => {
    viewer.settings = { ...viewer.settings, playback: PlaybackPreference.AskNext };
    const { media, router } = await play();
    await waitFor(() => expect(api.requests).toContain('/api/users/65f0c0ffee00000000000001/settings'));
    useFakeClock();

    endPlayback(media);
    const next = await screen.findByRole('button', { name: texts.playNextEpisode });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText(/Next episode in/)).toBeNull();
    await tick(15_000);
    expect(router.location.search).toBe(`?episode=${first.id}`);

    fireEvent.click(next);
    expect(router.location.search).toBe(`?episode=${second.id}`);
  });

  it('playing again after the end puts the countdown away', async () => {
    const { media, router } = await play();
    useFakeClock();

    endPlayback(media);
    act(() => {
      media.dispatchEvent(new Event('play'));
    });

    expect(screen.queryByRole('timer')).toBeNull();
    await tick(15_000);
    expect(router.location.search).toBe(`?episode=${first.id}`);
  });

  it('after the last episode: no next episode, and "More like this" with series and movies', async () => {
    const { media } = await play(last);
    expect(screen.queryByRole('region', { name: recommendationStrings.moreLikeThis })).toBeNull();

    endPlayback(media);

    screen.getByText(texts.lastEpisode);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: texts.playNextEpisode })).toBeNull();
    const row = await screen.findByRole('region', { name: recommendationStrings.moreLikeThis });
    expect(within(row).getByRole('link', { name: 'Dry Season' }).getAttribute('href')).toBe(
      '/tv-shows/65f05e0000000000000000bb',
    );
    expect(within(row).getByRole('link', { name: 'Night Train' }).getAttribute('href')).toBe(
      '/movie/65f0c0ffee000000000000cc',
    );
    expect(api.requests).toContain(`/api/movies/${SERIES_ID}/similar`);
  });

  it("refused for want of access: the series' way in (plans only), not the movie's", async () => {
    playbackRefused = true;
    series.entitlement = anEntitlement({
      movieId: SERIES_ID,
      waysIn: {
        plans: [{ id: 'standard', name: 'Standard', priceInr: 499 }],
        purchaseInr: null,
        rentalInr: null,
      },
    });
    renderApp({ path: `/video?episode=${first.id}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    const panel = await screen.findByRole('complementary', { name: paymentStrings.accessHeading });
    await within(panel).findByRole('link', {
      name: english('payments:subscribeFrom', { price: formatInr(499) }),
    });
    expect(within(panel).queryByRole('button', { name: /Buy|Rent/ })).toBeNull();
    expect(api.requests.some((path) => path.startsWith('/api/movies/') && !path.endsWith('/similar'))).toBe(
      false,
    );
  });

  it('says so when the episode does not exist', async () => {
    renderApp({ path: '/video?episode=65f0e90000000000000000ff', apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { level: 1, name: texts.episodeNotFound });
    expect(api.requests.some((path) => path.startsWith('/api/playback/'))).toBe(false);
  });

  it('says not found, not a validation message, for a link whose id cannot be an episode', async () => {
    // The gateway answers a malformed id with 400 and its validation text.
    api.respond((_request, url) =>
      url.pathname.endsWith('/bad')
        ? {
            status: 400,
            body: {
              code: 'VALIDATION',
              message: 'Invalid episode id: (root) must be an id',
              correlationId: 'c-2',
            },
          }
        : undefined,
    );
    renderApp({ path: '/video?episode=bad', apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { level: 1, name: texts.episodeNotFound });
    expect(screen.queryByText(/must be an id|Invalid/)).toBeNull();
  });
});
