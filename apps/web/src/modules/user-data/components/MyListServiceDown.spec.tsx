import type { Movie } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { userDataStrings as texts } from '../strings';
import { aFavorite, type ViewerData, viewerData, userDataRoutes } from '../testing/user-data-test-kit';

const unavailable = (message: string) => ({
  status: 503,
  body: { code: 'SERVICE_UNAVAILABLE', message, correlationId: 'c-1' },
});

/** Issue 15 part 4: My List says which part is unavailable when a service behind it is down. */
describe('/my-list with a service down', () => {
  let api: FakeApi;
  let data: ViewerData;
  let down: { viewerData: boolean; catalogue: boolean };
  const night: Movie = aMovie({ title: 'Night Train' });

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    data = viewerData({ favorites: [aFavorite({ movieId: night.id, title: 'Night Train' })] });
    down = { viewerData: false, catalogue: false };
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/movie-details')
        return down.catalogue
          ? unavailable('The catalogue is unavailable right now.')
          : { status: 200, body: [night] };
      if (down.viewerData && url.pathname.startsWith('/api/users/'))
        return unavailable('My List and watch history are unavailable right now.');
      return userDataRoutes(data)(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async () => {
    renderApp({ path: '/my-list', apiBaseUrl: api.baseUrl });
    await waitForPage();
    return screen.findByRole('alert');
  };

  it('says My List is unavailable when the viewer data is, rather than that it failed', async () => {
    down.viewerData = true;
    const alert = await open();

    within(alert).getByText(
      'My List and watch history are unavailable right now. Everything else works; try again in a moment.',
    );
    expect(screen.queryByText(texts.favoritesFailed)).toBeNull();
    screen.getByRole('heading', { level: 1, name: texts.myListTitle });
  });

  it('says the catalogue is unavailable when the list is known but its cards cannot be fetched', async () => {
    down.catalogue = true;
    const alert = await open();

    within(alert).getByText(
      'The catalogue is unavailable right now. Everything else works; try again in a moment.',
    );
  });

  it('keeps its own failure text for an ordinary error (a 500 is not an outage)', async () => {
    api.respond(() => ({ status: 500, body: { code: 'INTERNAL', message: 'Boom', correlationId: 'c-1' } }));
    const alert = await open();

    within(alert).getByText(texts.favoritesFailed);
  });
});
