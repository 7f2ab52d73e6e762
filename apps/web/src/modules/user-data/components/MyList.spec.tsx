import type { Movie } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { userDataStrings as texts } from '../strings';
import { aFavorite, type ViewerData, viewerData, userDataRoutes } from '../testing/user-data-test-kit';

describe('/my-list', () => {
  let api: FakeApi;
  let data: ViewerData;
  let catalogue: Movie[];
  let asked: unknown[];

  beforeEach(async () => {
    window.localStorage.clear();
    data = viewerData();
    catalogue = [];
    asked = [];
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/movie-details') {
        const { movieIds } = body as { movieIds: string[] };
        asked.push(movieIds);
        return { status: 200, body: movieIds.flatMap((id) => catalogue.filter((movie) => movie.id === id)) };
      }
      return userDataRoutes(data)(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  it('shows the favorites as the catalogue’s cards, in the list’s order', async () => {
    signInAs('user');
    catalogue = [aMovie({ title: 'Night Train' }), aMovie({ title: 'Golden Hour' })];
    data.favorites = [
      aFavorite({ movieId: catalogue[1].id, title: 'Golden Hour' }),
      aFavorite({ movieId: catalogue[0].id, title: 'Night Train' }),
    ];
    renderApp({ path: '/my-list', apiBaseUrl: api.baseUrl });
    await waitForPage();

    screen.getByRole('heading', { level: 1, name: texts.myListTitle });
    await screen.findByRole('link', { name: 'Night Train' });
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Golden Hour',
      'Night Train',
    ]);
    within(cards[0]).getByRole('button', { name: 'Watch Now: Golden Hour' });
    expect(asked).toEqual([[catalogue[1].id, catalogue[0].id]]);
  });

  it('lists favorite series in their own group, each leading to its series page (issue 13)', async () => {
    signInAs('user');
    catalogue = [aMovie({ title: 'Night Train' })];
    const seriesId = 'c'.repeat(24);
    data.favorites = [
      aFavorite({ movieId: seriesId, title: 'Harbour Lane', kind: 'series' }),
      aFavorite({ movieId: catalogue[0].id, title: 'Night Train' }),
    ];
    renderApp({ path: '/my-list', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const group = await screen.findByRole('region', { name: texts.myListSeries });
    expect(within(group).getByRole('link', { name: 'Harbour Lane' }).getAttribute('href')).toBe(
      `/tv-shows/${seriesId}`,
    );
    await screen.findByRole('link', { name: 'Night Train' });
    // Only the movie is asked of the catalogue's movie cards.
    expect(asked).toEqual([[catalogue[0].id]]);
  });

  it('lists only series without asking for movie cards', async () => {
    signInAs('user');
    data.favorites = [aFavorite({ movieId: 'd'.repeat(24), title: 'Chai & Code', kind: 'series' })];
    renderApp({ path: '/my-list', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('link', { name: 'Chai & Code' });
    expect(screen.queryByText('No favorites yet.')).toBeNull();
    expect(asked).toEqual([]);
  });

  it("says 'No favorites yet.' when the list is empty", async () => {
    signInAs('user');
    renderApp({ path: '/my-list', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByText('No favorites yet.');
    expect(asked).toEqual([]);
  });

  it('is for signed-in users only', async () => {
    const { router } = renderApp({ path: '/my-list', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await waitFor(() => expect(router.location.pathname).toBe('/userlogin'));
  });
});
