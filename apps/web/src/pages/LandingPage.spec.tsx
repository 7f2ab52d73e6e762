import { act, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { authStrings } from '@web/modules/auth/strings';
import { landingStrings } from '@web/modules/landing/strings';
import { landingStringsHi } from '@web/modules/landing/strings.hi';
import { layoutStrings } from '@web/modules/layout/strings';
import { layoutStringsHi } from '@web/modules/layout/strings.hi';
import { movieStrings } from '@web/modules/movies/strings';
import { english } from '@web/shared/i18n/english';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie, aPage } from '@web/test/movie-factory';
import { renderApp } from '@web/test/render-app';

const serverError = {
  status: 500,
  body: { code: 'INTERNAL', message: 'Something went wrong', correlationId: 'c-1' },
};

describe('Landing page', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serveMovies = (titles: string[]) =>
    api.respond((_request, url) =>
      url.pathname === '/api/movies'
        ? { status: 200, body: aPage(titles.map((title) => aMovie({ title }))) }
        : undefined,
    );

  it('shows the tagline, the price line, Sign In and the footer groups', async () => {
    serveMovies([]);
    renderApp({ apiBaseUrl: api.baseUrl });

    screen.getByRole('heading', { level: 1, name: landingStrings.tagline });
    screen.getByText(english('landing:pricing', { price: '₹149' }));
    expect(screen.getByRole('link', { name: layoutStrings.signIn }).getAttribute('href')).toBe('/userlogin');
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['About Us', '/aboutus'],
      ['Careers', '/careers'],
      ['Press', '/press'],
      ['Corporate Information', '/corporateinformation'],
      ['Help Center', '/helpcenter'],
      ['Contact Us', '/contactus'],
      ['Privacy Policy', '/privacypolicy'],
      ['Terms of Use', '/termsofuse'],
      ['Cookie Preferences', '/cookiepreferences'],
    ]) {
      expect(within(footer).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    for (const group of ['Company', 'Support', 'Legal']) {
      within(footer).getByRole('heading', { name: group });
    }
    await screen.findByText(movieStrings.empty);
  });

  it('shows the landing page in Hindi: tagline, price, Get Started, Trending Now, header and footer', async () => {
    serveMovies([]);
    renderApp({ apiBaseUrl: api.baseUrl });
    await screen.findByText(movieStrings.empty);

    await act(() => i18next.changeLanguage('hi'));

    screen.getByRole('heading', { level: 1, name: landingStringsHi.tagline });
    screen.getByText('शुरुआत ₹149 से। कभी भी रद्द करें।');
    screen.getByText(landingStringsHi.getStartedPrompt);
    screen.getByRole('button', { name: landingStringsHi.getStarted });
    screen.getByRole('textbox', { name: landingStringsHi.emailLabel });
    screen.getByRole('region', { name: landingStringsHi.trendingNow });
    screen.getByRole('link', { name: layoutStringsHi.signIn });
    within(screen.getByRole('contentinfo')).getByRole('link', { name: layoutStringsHi.links.aboutUs });
    expect(document.title).toBe(landingStringsHi.documentTitle);
  });

  it('shows Trending Now cards with the titles the server returned', async () => {
    serveMovies(['Night Train', 'Monsoon Wedding', 'The Quiet Sea']);
    renderApp({ apiBaseUrl: api.baseUrl });

    screen.getByText(movieStrings.loading);
    const trending = screen.getByRole('region', { name: landingStrings.trendingNow });
    for (const title of ['Night Train', 'Monsoon Wedding', 'The Quiet Sea']) {
      await within(trending).findByRole('link', { name: title });
    }
    expect(within(trending).getAllByRole('article')).toHaveLength(3);
    expect(api.requests).toContain('/api/movies?page=1&pageSize=24');
  });

  it("says 'Failed to fetch movies' when the API fails, keeps the page, and Try Again refetches", async () => {
    api.respond(() => serverError);
    renderApp({ apiBaseUrl: api.baseUrl });

    const alert = await screen.findByRole('alert');
    within(alert).getByText(movieStrings.failed);
    screen.getByRole('heading', { level: 1, name: landingStrings.tagline });
    screen.getByRole('contentinfo');

    serveMovies(['Second Chances']);
    fireEvent.click(within(alert).getByRole('button', { name: movieStrings.tryAgain }));

    await screen.findByRole('link', { name: 'Second Chances' });
    expect(screen.queryByText(movieStrings.failed)).toBeNull();
  });

  it("says 'Failed to fetch movies' when the API cannot be reached", async () => {
    const unreachable = api.baseUrl;
    await api.close();
    api = await startFakeApi(() => undefined);
    renderApp({ apiBaseUrl: unreachable });

    await screen.findByText(movieStrings.failed);
    screen.getByRole('button', { name: movieStrings.tryAgain });
  });

  describe('Get Started', () => {
    const submit = async (email: string) => {
      serveMovies([]);
      const view = renderApp({ apiBaseUrl: api.baseUrl });
      fireEvent.change(screen.getByLabelText(landingStrings.emailLabel), { target: { value: email } });
      fireEvent.click(screen.getByRole('button', { name: landingStrings.getStarted }));
      const { location } = view.router;
      // The sign-up page is its own chunk: let it arrive before the test ends.
      await screen.findByRole('heading', { name: authStrings.signup.title });
      return location;
    };

    it('carries the typed email to /signup', async () => {
      const location = await submit('  asha+films@example.in ');

      expect(location.pathname).toBe('/signup');
      expect(new URLSearchParams(location.search).get('email')).toBe('asha+films@example.in');
    });

    it('goes to /signup without an email when the box is empty or blank', async () => {
      const location = await submit('   ');

      expect(location.pathname).toBe('/signup');
      expect(location.search).toBe('');
    });
  });
});
