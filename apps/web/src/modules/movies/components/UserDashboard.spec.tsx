import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { movieStrings } from '@web/modules/movies/strings';
import { browseStrings, detailStrings } from '@web/modules/movies/browse-strings';
import { layoutStrings } from '@web/modules/layout/strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie, aPage } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { signInAs, someSections } from '../testing/browse-test-kit';
import type { Entitlement, MovieSections } from '@app/contracts';
import { paymentStrings } from '@web/modules/payments/strings';
import { anEntitlement, entitlementsRoute } from '@web/modules/payments/testing/payments-test-kit';
import { playerStrings } from '@web/modules/player/strings';
import { userDataStrings } from '@web/modules/user-data/strings';
import {
  aList,
  answer,
  aRecommendation,
  type RecommendBody,
  recommendationRoutes,
  type RecommendationServer,
} from '@web/modules/recommendations/testing/recommendations-test-kit';
import { english } from '@web/shared/i18n/english';
import { formatInr } from '@web/shared/i18n/format';

const USER = '65f0c0ffee00000000000001';

const serverError = {
  status: 500,
  body: { code: 'INTERNAL', message: 'Something went wrong', correlationId: 'c-1' },
};
const { sections } = browseStrings;
const region = (name: string) => screen.getByRole('region', { name });

describe('User home (/userdashboard)', () => {
  let api: FakeApi;
  /** The access answer per title: premium titles are not included by default (no plan). */
  let watchable = new Set<string>();
  /** Answers of a test's own, by title. */
  let answers: Record<string, Entitlement> = {};
  const entitlementFor = (movieId: string) =>
    answers[movieId] ??
    (watchable.has(movieId)
      ? anEntitlement({ movieId, access: 'free', canWatch: true, reason: 'free' })
      : anEntitlement({ movieId }));

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    watchable = new Set();
    answers = {};
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serve = (
    build: () => MovieSections,
    searchResults: string[] = [],
    recommendations: RecommendationServer = {},
  ) =>
    api.respond((request, url, body) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: build() };
      if (url.pathname === '/api/movies/genres') return { status: 200, body: ['Comedy', 'Drama'] };
      const cards = entitlementsRoute(entitlementFor)(request, url, body);
      if (cards) return cards;
      if (url.pathname.startsWith('/api/entitlements/')) {
        const movieId = url.pathname.split('/').at(-1) ?? '';
        return { status: 200, body: entitlementFor(movieId) };
      }
      if (url.pathname === '/api/movies')
        return { status: 200, body: aPage(searchResults.map((title) => aMovie({ title }))) };
      if (url.pathname === `/api/users/${USER}/continue-watching`) return { status: 200, body: [] };
      if (url.pathname === `/api/users/${USER}/favorites`) return { status: 200, body: [] };
      return recommendationRoutes(recommendations)(request, url, body);
    });

  it('renders every section in SPEC order from GET /api/movies/sections, with the hero and premium badge', async () => {
    serve(() => someSections());
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    screen.getByText(movieStrings.loading);
    await screen.findByRole('heading', { level: 1, name: 'Monsoon Wedding' });
    screen.getByRole('button', { name: /Play Now/ });
    screen.getByRole('button', { name: browseStrings.moreInfo });

    const order = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const expected = [
      sections.newlyLaunched,
      sections.topRated,
      sections.free,
      sections.premium,
      sections.becauseYouWatched,
      sections.trending,
      sections.categories,
      sections.profileSettings,
      sections.popular,
    ];
    expect(order.filter((text) => expected.includes(text as never))).toEqual(expected);
    expect(screen.queryByRole('heading', { name: sections.liveNow })).toBeNull();

    within(region(sections.newlyLaunched)).getByRole('link', { name: 'Fresh Launch' });
    within(region(sections.free)).getByRole('link', { name: 'Free Ride' });
    await within(region(sections.premium)).findByText(browseStrings.subscriptionRequired);
    // Nothing to resume: the Continue Watching row is not shown (DECISIONS 10).
    await waitFor(() => expect(api.requests).toContain(`/api/users/${USER}/continue-watching`));
    expect(screen.queryByRole('heading', { name: userDataStrings.continueWatching })).toBeNull();
    expect(within(region(sections.popular)).getAllByRole('article')).toHaveLength(3);
    expect(
      within(region(sections.profileSettings))
        .getByRole('link', { name: /Downloads/ })
        .getAttribute('href'),
    ).toBe('/userprofile?tab=my-titles');
    const tiles = within(region(sections.profileSettings));
    expect(tiles.getByRole('link', { name: /My List/ }).getAttribute('href')).toBe('/my-list');
    expect(tiles.getByRole('link', { name: /Settings/ }).getAttribute('href')).toBe(
      '/userprofile?tab=settings',
    );
    expect(
      within(region(sections.categories)).getByRole('link', { name: 'Sci-Fi' }).getAttribute('href'),
    ).toBe('/category/scifi');
  });

  it("badges follow the viewer's access: none where a plan includes the title, Owned, and a rental's time left", async () => {
    const included = aMovie({ title: 'The Best One', access: 'premium' });
    const bought = aMovie({ title: 'Golden Hour', access: 'premium' });
    const rented = aMovie({ title: 'Night Train', access: 'premium' });
    const refused = aMovie({ title: 'Locked Room', access: 'premium' });
    const expiresAt = new Date(Date.now() + 47.5 * 3_600_000).toISOString();
    const premium = { id: 'premium' as const, name: 'Premium' };
    answers = {
      [included.id]: anEntitlement({ movieId: included.id, canWatch: true, reason: 'plan', plan: premium }),
      [bought.id]: anEntitlement({
        movieId: bought.id,
        canWatch: true,
        reason: 'purchase',
        purchasedAt: '2026-02-01T06:30:00.000Z',
      }),
      [rented.id]: anEntitlement({
        movieId: rented.id,
        canWatch: true,
        reason: 'rental',
        rental: { rentedAt: expiresAt, startBy: expiresAt, startedAt: expiresAt, expiresAt },
      }),
    };
    serve(() =>
      someSections({ topRated: [included], premium: [bought, refused], popular: [rented, included] }),
    );
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const card = async (section: string, title: string) =>
      (await within(region(section)).findByRole('link', { name: title })).closest('article') as HTMLElement;
    const premiumRow = await screen.findByRole('region', { name: sections.premium });
    await within(premiumRow).findByText(browseStrings.subscriptionRequired);
    within(await card(sections.premium, 'Golden Hour')).getByText(paymentStrings.badges.owned);
    within(await card(sections.premium, 'Locked Room')).getByText(browseStrings.subscriptionRequired);
    within(await card(sections.popular, 'Night Train')).getByText('Rented: 47 h left');
    // Included in the viewer's plan: no badge on any card of that title.
    const best = await card(sections.topRated, 'The Best One');
    for (const text of [browseStrings.subscriptionRequired, paymentStrings.badges.owned, /Rented/])
      expect(within(best).queryByText(text)).toBeNull();
    expect(screen.getAllByText(browseStrings.subscriptionRequired)).toHaveLength(1);
    // One question per group of cards (the catalogue's rows, Popular Movies), not one per card.
    expect(api.requests.filter((path) => path === '/api/entitlements')).toHaveLength(2);
    expect(api.requests.filter((path) => path.startsWith('/api/entitlements/'))).toEqual([]);
  });

  it('shows at most 10 Top Rated titles', async () => {
    serve(() =>
      someSections({ topRated: Array.from({ length: 12 }, (_, index) => aMovie({ title: `Top ${index}` })) }),
    );
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const topRated = await screen.findByRole('region', { name: sections.topRated });
    expect(within(topRated).getAllByRole('article')).toHaveLength(10);
  });

  it('filters the titles shown by the search, case-insensitively, and says when nothing matches', async () => {
    serve(() => someSections(), ['Night Train']);
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('region', { name: sections.popular });

    fireEvent.change(screen.getByRole('searchbox', { name: layoutStrings.header.searchLabel }), {
      target: { value: 'nIGHT' },
    });

    const popular = region(sections.popular);
    await within(popular).findByRole('link', { name: 'Night Train' });
    expect(within(popular).getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Monsoon Wedding' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Fresh Launch' })).toBeNull();
    await waitFor(() => expect(api.requests).toContain('/api/movies?page=1&pageSize=24&search=nIGHT'));

    serve(() => someSections(), []);
    fireEvent.change(screen.getByRole('searchbox', { name: layoutStrings.header.searchLabel }), {
      target: { value: 'zzz-no-such' },
    });
    await screen.findByText(english('browse:noTitlesMatch', { search: 'zzz-no-such' }));
  });

  it('says once that a search matches nothing, kept in the URL, with no row saying it is empty (issue 24)', async () => {
    serve(() => someSections(), []);
    const { router } = renderApp({ path: '/userdashboard?q=drak%20knight', apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByText('No titles match "drak knight"');
    expect(
      (screen.getByRole('searchbox', { name: layoutStrings.header.searchLabel }) as HTMLInputElement).value,
    ).toBe('drak knight');
    expect(screen.queryByText(browseStrings.emptyRow)).toBeNull();
    expect(screen.queryByRole('region', { name: sections.newlyLaunched })).toBeNull();
    expect(screen.queryByRole('region', { name: sections.popular })).toBeNull();

    // A search that matches some titles: only their rows show, none says it has nothing yet.
    fireEvent.change(screen.getByRole('searchbox', { name: layoutStrings.header.searchLabel }), {
      target: { value: 'fresh' },
    });
    await within(await screen.findByRole('region', { name: sections.newlyLaunched })).findByRole('link', {
      name: 'Fresh Launch',
    });
    expect(router.location.search).toBe('?q=fresh');
    expect(screen.queryByText(browseStrings.emptyRow)).toBeNull();
    expect(screen.queryByRole('region', { name: sections.topRated })).toBeNull();
    expect(screen.queryByText('No titles match "fresh"')).toBeNull();
  });

  it('applies the genre filter to Because You Watched and Trending Now, not to the catalogue sections', async () => {
    const recommended: RecommendBody[] = [];
    serve(() => someSections(), [], {
      recommend: (body) => {
        recommended.push(body);
        const title = body.genre === 'Comedy' ? 'Picked Comedy' : 'Picked Drama';
        return answer(aList([aRecommendation({ title })]));
      },
      trending: (query) => {
        const title = query.get('genre') === 'Comedy' ? 'Laugh Riot' : 'Trending Drama';
        return answer(aList([aRecommendation({ title })], 'popular'));
      },
    });
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
    const trending = await screen.findByRole('region', { name: sections.trending });
    await within(trending).findByRole('link', { name: 'Trending Drama' });
    await within(region(sections.becauseYouWatched)).findByRole('link', { name: 'Picked Drama' });

    const select = screen.getByRole('combobox', { name: browseStrings.genreFilterLabel });
    within(select).getByRole('option', { name: browseStrings.allGenres });
    await within(select).findByRole('option', { name: 'Comedy' });
    fireEvent.change(select, { target: { value: 'Comedy' } });

    await within(region(sections.trending)).findByRole('link', { name: 'Laugh Riot' });
    expect(within(region(sections.trending)).queryByRole('link', { name: 'Trending Drama' })).toBeNull();
    await within(region(sections.becauseYouWatched)).findByRole('link', { name: 'Picked Comedy' });
    expect(api.requests).toContain('/api/recommend/trending?genre=Comedy');
    expect(recommended).toEqual([{ user_id: USER }, { user_id: USER, genre: 'Comedy' }]);
    // The catalogue's own rows do not depend on the genre: the sections are asked once, without it.
    expect(api.requests.filter((path) => path.startsWith('/api/movies/sections'))).toEqual([
      '/api/movies/sections',
    ]);
  });

  it("says 'Failed to fetch movies' and Try Again refetches", async () => {
    api.respond(() => serverError);
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const alert = await screen.findByRole('alert');
    within(alert).getByText(movieStrings.failed);

    serve(() => someSections());
    fireEvent.click(within(alert).getByRole('button', { name: movieStrings.tryAgain }));

    await screen.findByRole('region', { name: sections.newlyLaunched });
    expect(screen.queryByText(movieStrings.failed)).toBeNull();
  });

  it('opens the premium modal from Watch Now on a premium title, and the detail modal from More Info', async () => {
    serve(() => someSections());
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const premium = await screen.findByRole('region', { name: sections.premium });
    fireEvent.click(
      within(premium).getByRole('button', { name: english('movie:watchNowTitle', { title: 'Golden Hour' }) }),
    );
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(
      '"Golden Hour" is a premium movie. Subscribe to our premium plan to watch this and other exclusive content.',
    );
    // The ways in wait until the profile is known (a kids profile is offered none).
    expect(
      (await within(dialog).findByRole('link', { name: detailStrings.viewPlans })).getAttribute('href'),
    ).toBe('/subscription');
    // Every way in (DECISIONS 8, 27): the plans, and buying or renting this title here.
    within(dialog).getByText('Premium title: subscribe from ₹499, buy ₹1200 or rent ₹500');
    within(dialog).getByRole('button', { name: english('payments:buy', { price: formatInr(1200) }) });
    within(dialog).getByRole('button', { name: english('payments:rent', { price: formatInr(500) }) });
    fireEvent.click(within(dialog).getByRole('button', { name: detailStrings.maybeLater }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: browseStrings.moreInfo }));
    const details = screen.getByRole('dialog', { name: 'Monsoon Wedding' });
    within(details).getByRole('button', { name: 'Watch Now (₹1200)' });
    within(details).getByText('7.4/10');
    within(details).getByRole('button', { name: userDataStrings.addToFavorites });
  });

  it('Play Now and Watch Now lead to the player for a title the viewer may watch, the title in state and URL', async () => {
    const hero = aMovie({ title: 'Monsoon Wedding', description: 'A wedding in Delhi.' });
    watchable = new Set([hero.id]);
    serve(() => someSections({ hero }));
    const { router } = renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    fireEvent.click(await screen.findByRole('button', { name: /Play Now/ }));
    await waitFor(() => expect(router.location.pathname).toBe('/video'));
    expect(router.location.search).toBe(`?movie=${hero.id}`);
    expect(router.location.state).toEqual({
      movie: { id: hero.id, title: 'Monsoon Wedding', overview: 'A wedding in Delhi.' },
    });
  });

  it("shows 'Coming soon' instead of Play Now for a title without media, and its details say so", async () => {
    const hero = aMovie({ title: 'Not Yet', mediaReady: false });
    watchable = new Set([hero.id]);
    serve(() => someSections({ hero, free: [hero] }));
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { level: 1, name: 'Not Yet' });
    expect(screen.queryByRole('button', { name: /Play Now/ })).toBeNull();
    const free = region(sections.free);
    within(free).getByText(browseStrings.comingSoon);

    fireEvent.click(
      within(free).getByRole('button', { name: english('movie:watchNowTitle', { title: 'Not Yet' }) }),
    );
    const details = await screen.findByRole('dialog', { name: 'Not Yet' });
    await within(details).findByText(/Coming soon: this title cannot be played yet/);
    expect(playerStrings.noMedia).toBe('Coming soon: this title cannot be played yet.');
  });
});
