import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { detailStrings } from '@web/modules/movies/browse-strings';
import { detailStringsHi } from '@web/modules/movies/browse-strings.hi';
import { paymentStrings } from '@web/modules/payments/strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { aReview, signInAs } from '../testing/browse-test-kit';
import type { MovieDetail, MovieRating } from '@app/contracts';

const ID = '65f0c0ffee00000000000099';
const detail = (): MovieDetail => ({
  ...aMovie({
    id: ID,
    title: 'The Long Walk',
    description: 'Two friends, one road.',
    language: 'hi',
    budgetUsd: 12_500_000,
    revenueUsd: 48_000_000,
    director: 'Mira Nair',
    writers: ['Sooni Taraporevala'],
    genres: ['Drama', 'Romance'],
    awards: 'Won 2 Filmfare awards',
    rentalPriceInr: 500,
    runtimeMinutes: 114,
    releaseDate: '2001-08-30',
    audioLanguages: ['hi', 'en'],
    subtitleLanguages: ['en', 'ta'],
  }),
  topReviews: Array.from({ length: 6 }, (_, index) =>
    aReview({ username: `Critic ${index}`, rating: 7 + index / 10 }),
  ),
});

describe('Movie page (/movie/:id)', () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serve = (rating: MovieRating = { rating: '8.1', votes: '12,345', imdbId: 'tt0265343' }) =>
    api.respond((request, url, body) => {
      if (url.pathname === `/api/movies/${ID}` && request.method === 'GET')
        return { status: 200, body: detail() };
      if (url.pathname === `/api/movies/${ID}/rating`) return { status: 200, body: rating };
      if (url.pathname === `/api/movies/${ID}/reviews` && request.method === 'POST') {
        if (request.headers.authorization !== 'Bearer user-token')
          return {
            status: 401,
            body: { code: 'UNAUTHORIZED', message: 'Authentication required', correlationId: 'c' },
          };
        return { status: 201, body: aReview(body as object) };
      }
      return undefined;
    });

  it("shows 'Loading...' and then every section with SPEC's formats", async () => {
    serve();
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    screen.getByText(detailStrings.loading);
    await screen.findByRole('heading', { level: 1, name: 'The Long Walk' });
    screen.getByText('Two friends, one road.');
    screen.getByRole('img', { name: 'Poster for The Long Walk' });
    // Its class and what it holds, before anything plays (issue 25): "U/A 13+ · Violence, Language".
    const badge = screen.getByRole('img', { name: 'Rated U/A 13+' });
    expect(badge.parentElement?.textContent).toBe('U/A 13+ · Violence, Language');

    // A visitor: the access panel asks them to sign in (modules/payments covers every panel state).
    await screen.findByRole('complementary', { name: paymentStrings.signInToWatch });

    const details = screen.getByRole('region', { name: detailStrings.details });
    const value = (term: string) => within(details).getByText(term).nextElementSibling?.textContent;
    await within(details).findByText('8.1/10');
    expect(value(detailStrings.votes)).toBe('12,345');
    expect(value(detailStrings.language)).toBe('HI');
    // Dollars (SPEC 2), grouped as the language shown groups digits (issue 26).
    expect(value(detailStrings.budget)).toBe('$1,25,00,000');
    expect(value(detailStrings.revenue)).toBe('$4,80,00,000');
    expect(value(detailStrings.runtime)).toBe('114 min');
    expect(value(detailStrings.director)).toBe('Mira Nair');
    expect(value(detailStrings.writers)).toBe('Sooni Taraporevala');
    expect(value(detailStrings.awards)).toBe('Won 2 Filmfare awards');
    expect(value(detailStrings.genre)).toBe('Drama, Romance');
    expect(value(detailStrings.releaseDate)).toBe('30 August 2001');
    // Its audio and subtitle languages, each named in its own script (issue 26).
    expect(value(detailStrings.audioLanguages)).toBe('हिन्दी, English');
    expect(value(detailStrings.subtitleLanguages)).toBe('English, தமிழ்');

    const reviews = screen.getByRole('region', { name: detailStrings.reviews });
    const items = within(reviews).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    within(items[0]).getByText('Critic 0');
    within(items[0]).getByText('15 March 2024');
    within(items[0]).getByText('7.0/10');
  });

  it('shows the page in Hindi: its texts, the class and what it holds, Hindi month names (issue 26)', async () => {
    serve();
    await act(() => i18next.changeLanguage('hi'));
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { level: 1, name: 'The Long Walk' });
    screen.getByRole('img', { name: 'The Long Walk का पोस्टर' });
    const badge = screen.getByRole('img', { name: 'रेटिंग U/A 13+' });
    expect(badge.parentElement?.textContent).toBe('U/A 13+ · हिंसा, अभद्र भाषा');

    const details = screen.getByRole('region', { name: detailStringsHi.details });
    const value = (term: string) => within(details).getByText(term).nextElementSibling?.textContent;
    await within(details).findByText('8.1/10');
    expect(value(detailStringsHi.releaseDate)).toBe('30 अगस्त 2001');
    expect(value(detailStringsHi.runtime)).toBe('114 मिनट');
    expect(value(detailStringsHi.budget)).toBe('$1,25,00,000');

    const reviews = screen.getByRole('region', { name: detailStringsHi.reviews });
    within(reviews).getAllByText('15 मार्च 2024');
    fireEvent.click(screen.getByRole('button', { name: detailStringsHi.openMenu }));
    within(screen.getByRole('navigation', { name: detailStringsHi.menu })).getByRole('link', {
      name: detailStringsHi.menuLinks.aboutUs,
    });
  });

  it("shows rating 'N/A' when the look-up has no match", async () => {
    serve({ rating: 'N/A', votes: null, imdbId: null });
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    const details = await screen.findByRole('region', { name: detailStrings.details });
    await waitFor(() => expect(api.requests).toContain(`/api/movies/${ID}/rating`));
    expect(within(details).getByText(detailStrings.rating).nextElementSibling?.textContent).toBe('N/A');
  });

  it('leaves out the facts nobody knows instead of listing them as N/A', async () => {
    api.respond((_request, url) => {
      if (url.pathname === `/api/movies/${ID}`)
        return {
          status: 200,
          body: {
            ...detail(),
            writers: [],
            awards: null,
            language: null,
            budgetUsd: null,
            revenueUsd: null,
            director: null,
          },
        };
      if (url.pathname === `/api/movies/${ID}/rating`)
        return { status: 200, body: { rating: 'N/A', votes: null, imdbId: null } };
      return undefined;
    });
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    const details = await screen.findByRole('region', { name: detailStrings.details });
    await waitFor(() => expect(api.requests).toContain(`/api/movies/${ID}/rating`));
    for (const term of [
      detailStrings.writers,
      detailStrings.awards,
      detailStrings.language,
      detailStrings.budget,
      detailStrings.revenue,
      detailStrings.director,
      detailStrings.votes,
    ])
      expect(within(details).queryByText(term)).toBeNull();
    // Only the rating keeps SPEC's 'N/A' when its look-up found nothing.
    expect(within(details).getAllByText('N/A')).toHaveLength(1);
    within(details).getByText(detailStrings.runtime);
  });

  it('has the slide-in menu with its five links', async () => {
    serve();
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('heading', { level: 1, name: 'The Long Walk' });

    fireEvent.click(screen.getByRole('button', { name: detailStrings.openMenu }));
    const menu = screen.getByRole('navigation', { name: detailStrings.menu });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Dashboard', '/userdashboard'],
      ['Subscription', '/subscription'],
      ['About Us', '/aboutus'],
      ['Contact Us', '/contactus'],
    ]);
  });

  it('lets a signed-in user post a review and rejects an out-of-range rating before sending', async () => {
    signInAs('user');
    serve();
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('heading', { level: 1, name: 'The Long Walk' });

    fireEvent.change(screen.getByLabelText(detailStrings.yourRating), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText(detailStrings.yourReview), { target: { value: 'Loved it' } });
    fireEvent.click(screen.getByRole('button', { name: detailStrings.postReview }));
    screen.getByText(detailStrings.reviewInvalid);
    expect(api.requests.filter((path) => path.endsWith('/reviews'))).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(detailStrings.yourRating), { target: { value: '8.5' } });
    fireEvent.click(screen.getByRole('button', { name: detailStrings.postReview }));
    await screen.findByText(detailStrings.reviewPosted);
  });

  it('shows Title not found for an unknown or draft title', async () => {
    api.respond(() => ({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Movie not found', correlationId: 'c' },
    }));
    renderApp({ path: `/moviedetails/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { name: detailStrings.notFound });
  });

  it("says 'Title not found' with the way home for a malformed id, never the validation text (issue 24)", async () => {
    signInAs('user');
    const validation = 'Invalid movie id: (root) must be an id';
    api.respond(() => ({
      status: 400,
      body: { code: 'VALIDATION', message: validation, correlationId: 'c' },
    }));
    renderApp({ path: '/movie/not-an-id', apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { level: 1, name: detailStrings.notFound });
    expect(screen.getByRole('link', { name: detailStrings.goHome }).getAttribute('href')).toBe(
      '/userdashboard',
    );
    screen.getByRole('link', { name: detailStrings.backToBrowse });
    expect(screen.queryByText(validation)).toBeNull();
  });

  it('offers visitors a sign-in call to action on /moviedetails/:id', async () => {
    serve();
    renderApp({ path: `/moviedetails/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { level: 1, name: 'The Long Walk' });
    await screen.findByRole('heading', { name: paymentStrings.signInToWatch });
    expect(screen.queryByRole('button', { name: paymentStrings.rentNow })).toBeNull();
  });
});
