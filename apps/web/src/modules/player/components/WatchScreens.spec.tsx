import { act, screen, within } from '@testing-library/react';
import { detailStrings } from '@web/modules/movies/browse-strings';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { playerStrings as texts } from '../strings';
import { aPlaybackSession, MOVIE_ID } from '../testing/player-test-kit';
import { watchLocation } from '../watch-route';
import { english } from '@web/shared/i18n/english';

describe('the player screens (SPEC 2)', () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    api = await startFakeApi((_request, url) =>
      url.pathname === `/api/playback/${MOVIE_ID}` ? { status: 200, body: aPlaybackSession() } : undefined,
    );
  });

  afterEach(async () => {
    await api.close();
  });

  it("/video without a movie in navigation state: 'No movie selected' and 'Go to Home'", async () => {
    renderApp({ path: '/video', apiBaseUrl: api.baseUrl });
    await waitForPage();

    screen.getByRole('heading', { level: 1, name: texts.noMovieSelected });
    expect(screen.getByRole('link', { name: texts.goToHome }).getAttribute('href')).toBe('/');
    expect(api.requests.filter((path) => path.startsWith('/api/playback'))).toEqual([]);
  });

  it("/video with the movie in navigation state: its title, the player, 'Movie Details' and the side menu", async () => {
    const { router } = renderApp({ path: '/', apiBaseUrl: api.baseUrl });
    const { to, state } = watchLocation({
      id: MOVIE_ID,
      title: 'Golden Hour',
      description: 'A day at the sea.',
    });
    await act(() => router.navigate(to, { state }));
    await waitForPage();

    expect(router.location.search).toBe(`?movie=${MOVIE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Golden Hour' });
    await screen.findByRole('region', { name: english('player:playerLabel', { title: 'Golden Hour' }) });
    within(screen.getByRole('region', { name: texts.movieDetails })).getByText('A day at the sea.');
    screen.getByRole('button', { name: /open menu/i });
    // State carried the title: the catalogue was not asked.
    expect(api.requests.filter((path) => path.startsWith('/api/movies'))).toEqual([]);
  });

  it("/video-player without a title: 'Movie Title' and 'Back to Dashboard'", async () => {
    renderApp({ path: '/video-player', apiBaseUrl: api.baseUrl });
    await waitForPage();

    screen.getByRole('heading', { level: 1, name: texts.movieTitleFallback });
    expect(screen.getByRole('link', { name: texts.backToDashboard }).getAttribute('href')).toBe(
      '/userdashboard',
    );
  });

  it('/video-player?movie={id} streams the title by id', async () => {
    api.respond((_request, url) => {
      if (url.pathname === `/api/movies/${MOVIE_ID}`)
        return {
          status: 200,
          body: { id: MOVIE_ID, title: 'Golden Hour', description: 'Sea.', topReviews: [] },
        };
      if (url.pathname === `/api/playback/${MOVIE_ID}`) return { status: 200, body: aPlaybackSession() };
      return undefined;
    });
    renderApp({ path: `/video-player?movie=${MOVIE_ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { level: 1, name: 'Golden Hour' });
    await screen.findByRole('region', { name: english('player:playerLabel', { title: 'Golden Hour' }) });
  });

  describe('a bad or unknown id (issue 24)', () => {
    const VALIDATION = 'Invalid movie id: (root) must be an id';
    beforeEach(() => {
      // The API: 400 for an id that cannot be one, 404 for an unknown one; playback refuses both.
      api.respond((_request, url) => {
        const [, , resource, id] = url.pathname.split('/');
        if (resource !== 'movies' && resource !== 'playback') return undefined;
        return id === 'not-an-id'
          ? { status: 400, body: { code: 'VALIDATION', message: VALIDATION, correlationId: 'c' } }
          : { status: 404, body: { code: 'NOT_FOUND', message: texts.noMedia, correlationId: 'c' } };
      });
    });

    it.each([
      '/video?movie=not-an-id',
      `/video?movie=${MOVIE_ID}`,
      '/video-player?movie=not-an-id',
      `/video-player?movie=${MOVIE_ID}`,
    ])("%s says 'Title not found' with the way home, not the server's text", async (path) => {
      renderApp({ path, apiBaseUrl: api.baseUrl });
      await waitForPage();

      await screen.findByRole('heading', { level: 1, name: detailStrings.notFound });
      expect(screen.getByRole('link', { name: detailStrings.goHome }).getAttribute('href')).toBe(
        '/userdashboard',
      );
      expect(screen.queryByText(VALIDATION)).toBeNull();
      expect(screen.queryByText(texts.noMedia)).toBeNull();
      expect(screen.queryByText(texts.comingSoon)).toBeNull();
    });
  });
});
