import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MovieDetailModal } from '@web/modules/movies/components/MovieDetailModal';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { anEntitlement } from '@web/modules/payments/testing/payments-test-kit';
import { type FakeApi, type FakeRoute, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp } from '@web/test/render-app';
import { userDataStrings as texts } from '../strings';
import { aFavorite, USER_ID, viewerData, userDataRoutes } from '../testing/user-data-test-kit';

const movie = aMovie({ title: 'Monsoon Wedding' });

describe('Movie detail modal: Add to Favorites', () => {
  let api: FakeApi;
  let posts: unknown[];

  beforeEach(async () => {
    window.localStorage.clear();
    posts = [];
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serve = (favorites: FakeRoute) =>
    api.respond((request, url, body) => {
      if (url.pathname.startsWith('/api/entitlements/'))
        return { status: 200, body: anEntitlement({ movieId: movie.id }) };
      if (request.method === 'POST') posts.push(body);
      return favorites(request, url, body);
    });

  const open = async () => {
    renderApp({
      apiBaseUrl: api.baseUrl,
      routes: [{ path: '/', element: <MovieDetailModal movie={movie} onClose={() => undefined} /> }],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Monsoon Wedding' });
    return {
      dialog,
      button: () => within(dialog).getByRole('button', { name: /Favorites/ }) as HTMLButtonElement,
    };
  };

  it('asks a visitor to log in', async () => {
    serve(() => undefined);
    const { dialog, button } = await open();
    expect(button().textContent).toBe(texts.addToFavorites);

    fireEvent.click(button());
    await within(dialog).findByText('Please log in to add favorites.');
    expect(posts).toEqual([]);
  });

  it('adds for a signed-in user: the button reads Added to Favorites and is disabled, and says so', async () => {
    signInAs('user');
    const data = viewerData();
    serve(userDataRoutes(data));
    const { dialog, button } = await open();
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(button().textContent).toBe('Add to Favorites');

    fireEvent.click(button());
    await waitFor(() => expect(button().textContent).toBe('Added to Favorites'));
    expect(button().disabled).toBe(true);
    await within(dialog).findByText('Added to favorites!');
    expect(posts).toEqual([{ movieId: movie.id }]);
    expect(data.favorites.map(({ movieId }) => movieId)).toEqual([movie.id]);
  });

  it('is already Added to Favorites, disabled, for a title on the list', async () => {
    signInAs('user');
    serve(userDataRoutes(viewerData({ favorites: [aFavorite({ movieId: movie.id })] })));
    const { button } = await open();
    await waitFor(() => expect(button().textContent).toBe('Added to Favorites'));
    expect(button().disabled).toBe(true);
  });

  it('goes back to Add to Favorites when the server refuses, with its message or the SPEC text', async () => {
    signInAs('user');
    let answer = {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Movie not found', correlationId: 'c-4' } as unknown,
    };
    const routes = userDataRoutes(viewerData());
    serve((request, url, body) =>
      request.method === 'POST' && url.pathname === `/api/users/${USER_ID}/favorites`
        ? answer
        : routes(request, url, body),
    );
    const { dialog, button } = await open();
    await waitFor(() => expect(button().disabled).toBe(false));

    fireEvent.click(button());
    await within(dialog).findByText('Movie not found');
    await waitFor(() =>
      expect([button().textContent, button().disabled]).toEqual(['Add to Favorites', false]),
    );

    // Something in front of the gateway answered: its text is not for users.
    answer = { status: 502, body: '<html>Bad gateway</html>' };
    fireEvent.click(button());
    await within(dialog).findByText('Failed to add to favorites');
    await waitFor(() => expect(button().disabled).toBe(false));
  });
});
