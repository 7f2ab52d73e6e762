import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browseStrings } from '@web/modules/movies/browse-strings';
import { signInAs, someSections } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie, aPage } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { layoutStrings } from '../strings';

const { header: texts } = layoutStrings;
const MOVIE_ID = '65f0c0ffee00000000000099';
// The site's header comes first (a page's own title block is a <header> too).
const banner = () => within(screen.getAllByRole('banner')[0]);

describe('The signed-in header (issue 24)', () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    // Every page may fail its own requests: the header does not depend on them.
    api = await startFakeApi((_request, url) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
      if (url.pathname === '/api/movies') return { status: 200, body: aPage([]) };
      if (url.pathname === '/api/series') return { status: 200, body: aPage([]) };
      return undefined;
    });
  });

  afterEach(async () => {
    await api.close();
  });

  it.each([
    '/userdashboard',
    '/movies',
    '/tv-shows',
    `/movie/${MOVIE_ID}`,
    `/video?movie=${MOVIE_ID}`,
    `/video-player?movie=${MOVIE_ID}`,
    '/userprofile',
    '/subscription',
    '/my-list',
  ])('is the same on %s: links, search, Logout, the profile, and the logo to the home', async (path) => {
    signInAs('user');
    renderApp({ path, apiBaseUrl: api.baseUrl });
    await waitForPage();

    // One header: one logo, one Logout on the page.
    expect(screen.getAllByRole('link', { name: layoutStrings.homeLink })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: layoutStrings.account.logout })).toHaveLength(1);
    const header = banner();
    expect(header.getByRole('link', { name: layoutStrings.homeLink }).getAttribute('href')).toBe(
      '/userdashboard',
    );
    const nav = within(header.getByRole('navigation', { name: texts.nav.primary }));
    expect(nav.getByRole('link', { name: texts.nav.movies }).getAttribute('href')).toBe('/movies');
    expect(nav.getByRole('link', { name: texts.nav.tvShows }).getAttribute('href')).toBe('/tv-shows');
    expect(nav.getByRole('link', { name: texts.nav.myList }).getAttribute('href')).toBe('/my-list');
    header.getByRole('searchbox', { name: texts.searchLabel });
    header.getByRole('button', { name: layoutStrings.account.logout });
    // The avatar's menu (issue 25) holds the account's page.
    fireEvent.click(header.getByRole('button', { name: /^Profile menu/ }));
    expect((await header.findByRole('link', { name: texts.profile })).getAttribute('href')).toBe(
      '/userprofile',
    );
    expect(header.queryByRole('link', { name: layoutStrings.signIn })).toBeNull();
  });

  it("gives an admin the titles and the admin entry, the logo leading to the admin's home", async () => {
    signInAs('admin');
    renderApp({ path: '/movies', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const header = banner();
    expect(header.getByRole('link', { name: layoutStrings.homeLink }).getAttribute('href')).toBe(
      '/admindashboard',
    );
    expect(header.getByRole('link', { name: texts.nav.admin }).getAttribute('href')).toBe('/admindashboard');
    expect(header.queryByRole('link', { name: texts.nav.myList })).toBeNull();
    expect(header.queryByRole('searchbox')).toBeNull();
    header.getByRole('button', { name: layoutStrings.account.logout });
  });

  it('keeps the visitor header (logo to the landing page, Sign In) for a visitor', async () => {
    renderApp({ path: '/movies', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const header = banner();
    expect(header.getByRole('link', { name: layoutStrings.homeLink }).getAttribute('href')).toBe('/');
    header.getByRole('link', { name: layoutStrings.signIn });
    expect(header.queryByRole('button', { name: layoutStrings.account.logout })).toBeNull();
  });

  it('searches the user home from any page, and the search stays in the URL for a reload or Back', async () => {
    signInAs('user');
    api.respond((_request, url) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
      if (url.pathname === '/api/movies') {
        const search = url.searchParams.get('search');
        return { status: 200, body: aPage(search ? [aMovie({ title: 'Night Train' })] : []) };
      }
      return undefined;
    });
    const { router } = renderApp({ path: '/subscription', apiBaseUrl: api.baseUrl });
    await waitForPage();

    fireEvent.change(banner().getByRole('searchbox', { name: texts.searchLabel }), {
      target: { value: 'nig' },
    });
    await waitFor(() => expect(router.location.pathname).toBe('/userdashboard'));
    fireEvent.change(banner().getByRole('searchbox', { name: texts.searchLabel }), {
      target: { value: 'night' },
    });
    await waitFor(() => expect(router.location.search).toBe('?q=night'));
    const popular = await screen.findByRole('region', { name: browseStrings.sections.popular });
    await within(popular).findByRole('link', { name: 'Night Train' });

    // Typing on the home replaced its entry: Back returns to the page the search started from.
    await router.navigate(-1);
    expect(router.location.pathname).toBe('/subscription');
    await waitFor(() => expect((banner().getByRole('searchbox') as HTMLInputElement).value).toBe(''));
  });
});
