import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs, someSections } from '@web/modules/movies/testing/browse-test-kit';
import { english } from '@web/shared/i18n/english';
import { themeStringsHi } from '@web/shared/theme/strings.hi';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aPage } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { layoutStrings } from '../strings';
import { layoutStringsHi } from '../strings.hi';

// The site's header comes first (a page's own title block is a <header> too).
const banner = () => within(screen.getAllByRole('banner')[0]);
// Functions: i18next starts before the tests, after this file is loaded.
const toHindi = () => english('ui:switchLanguage', { language: 'हिन्दी' });
const toEnglish = () => String(i18next.getFixedT('hi', 'ui')('switchLanguage', { language: 'English' }));

describe("the header's language switch (issue 26)", () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    api = await startFakeApi((_request, url) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
      if (url.pathname === '/api/movies') return { status: 200, body: aPage([]) };
      return undefined;
    });
  });

  afterEach(async () => {
    await api.close();
  });

  it("turns the visitor's header into Hindi, beside the theme", async () => {
    renderApp({ path: '/movies', apiBaseUrl: api.baseUrl });
    await waitForPage();
    banner().getByRole('link', { name: layoutStrings.signIn });

    fireEvent.click(banner().getByRole('button', { name: toHindi() }));

    await banner().findByRole('link', { name: layoutStringsHi.signIn });
    banner().getByRole('link', { name: layoutStringsHi.homeLink });
    banner().getByRole('button', { name: themeStringsHi.switchToLight });
    banner().getByRole('button', { name: toEnglish() });
  });

  it('turns the signed-in header into Hindi: links, search, Logout and the switch itself', async () => {
    signInAs('user');
    renderApp({ path: '/movies', apiBaseUrl: api.baseUrl });
    await waitForPage();

    fireEvent.click(banner().getByRole('button', { name: toHindi() }));

    const nav = within(await banner().findByRole('navigation', { name: layoutStringsHi.header.nav.primary }));
    nav.getByRole('link', { name: layoutStringsHi.header.nav.movies });
    nav.getByRole('link', { name: layoutStringsHi.header.nav.tvShows });
    nav.getByRole('link', { name: layoutStringsHi.header.nav.myList });
    banner().getByRole('searchbox', { name: layoutStringsHi.header.searchLabel });
    banner().getByRole('button', { name: layoutStringsHi.account.logout });
    banner().getByRole('button', { name: themeStringsHi.switchToLight });

    fireEvent.click(banner().getByRole('button', { name: toEnglish() }));

    await banner().findByRole('button', { name: layoutStrings.account.logout });
    banner().getByRole('button', { name: toHindi() });
  });
});
