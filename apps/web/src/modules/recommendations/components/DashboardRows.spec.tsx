import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browseStrings } from '@web/modules/movies/browse-strings';
import { entitlementsRoute } from '@web/modules/payments/testing/payments-test-kit';
import { signInAs, someSections } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { layoutStrings } from '@web/modules/layout/strings';
import { movieStrings } from '@web/modules/movies/strings';
import {
  aList,
  answer,
  aRecommendation,
  type RecommendBody,
  recommendationRoutes,
  type RecommendationServer,
  serverError,
} from '../testing/recommendations-test-kit';

const USER = '65f0c0ffee00000000000001';

describe('User home: Because You Watched and Trending Now (issue 12)', () => {
  let api: FakeApi;
  let asked: RecommendBody[];

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    asked = [];
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serve = (server: RecommendationServer) =>
    api.respond((request, url, body) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
      if (url.pathname === '/api/movies/genres') return { status: 200, body: ['Comedy', 'Drama'] };
      if (url.pathname === '/api/recommend') asked.push(body as RecommendBody);
      return entitlementsRoute()(request, url, body) ?? recommendationRoutes(server)(request, url, body);
    });
  const open = async () => {
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
    return screen.findByRole('region', { name: browseStrings.sections.becauseYouWatched });
  };
  const row = (name: string) => screen.getByRole('region', { name });

  it("shows the viewer's own picks with their reasons, and trending titles from the recommender", async () => {
    const pick = aRecommendation({ title: 'Lagaan', reasonText: 'Because you watched Sholay' });
    const premium = aRecommendation({
      title: 'Swades',
      access: 'premium',
      reasonText: 'Because you watched Lagaan',
    });
    serve({
      recommend: () => answer(aList([pick, premium])),
      trending: () =>
        answer(aList([aRecommendation({ title: 'Rising Now', reasonText: 'Trending now' })], 'popular')),
    });
    const mine = await open();

    const link = await within(mine).findByRole('link', { name: 'Lagaan' });
    expect(link.getAttribute('href')).toBe(`/movie/${pick.movie_id}`);
    within(mine).getByText('Because you watched Sholay');
    const premiumCard = within(mine).getByRole('link', { name: 'Swades' }).closest('article') as HTMLElement;
    await within(premiumCard).findByText(browseStrings.subscriptionRequired);

    const trending = row(browseStrings.sections.trending);
    await within(trending).findByRole('link', { name: 'Rising Now' });
    within(trending).getByText('Trending now');
    expect(asked).toEqual([{ user_id: USER }]);
    expect(api.requests).toContain('/api/recommend/trending');
  });

  it("keeps the empty text when the viewer has no history yet (the answer's source is 'popular')", async () => {
    serve({ recommend: () => answer(aList([aRecommendation({ title: 'Popular Pick' })], 'popular')) });
    const mine = await open();

    await within(mine).findByText(browseStrings.becauseYouWatchedEmpty);
    expect(within(mine).queryByRole('link', { name: 'Popular Pick' })).toBeNull();
  });

  it('gives each row its own Try Again: a failed row says so while the other still shows its titles', async () => {
    serve({
      recommend: () => serverError,
      trending: () => answer(aList([aRecommendation({ title: 'Rising Now' })], 'popular')),
    });
    const mine = await open();

    const alert = await within(mine).findByRole('alert');
    within(alert).getByText(movieStrings.failed);
    await within(row(browseStrings.sections.trending)).findByRole('link', { name: 'Rising Now' });
    expect(within(row(browseStrings.sections.trending)).queryByRole('alert')).toBeNull();

    serve({
      recommend: () => answer(aList([aRecommendation({ title: 'Lagaan' })])),
      trending: () => answer(aList([aRecommendation({ title: 'Rising Now' })], 'popular')),
    });
    fireEvent.click(within(alert).getByRole('button', { name: movieStrings.tryAgain }));

    await within(mine).findByRole('link', { name: 'Lagaan' });
    expect(within(mine).queryByRole('alert')).toBeNull();
  });

  it('says when the trending row has failed, and Try Again asks again', async () => {
    serve({ trending: () => serverError });
    await open();

    const alert = await within(row(browseStrings.sections.trending)).findByRole('alert');
    serve({ trending: () => answer(aList([aRecommendation({ title: 'Rising Now' })], 'popular')) });
    fireEvent.click(within(alert).getByRole('button', { name: movieStrings.tryAgain }));

    await within(row(browseStrings.sections.trending)).findByRole('link', { name: 'Rising Now' });
  });

  it('filters both rows by the search box, like the other rows', async () => {
    serve({
      recommend: () =>
        answer(aList([aRecommendation({ title: 'Lagaan' }), aRecommendation({ title: 'Iqbal' })])),
      trending: () => answer(aList([aRecommendation({ title: 'Lakshya' })], 'popular')),
    });
    const mine = await open();
    await within(mine).findByRole('link', { name: 'Iqbal' });
    await within(row(browseStrings.sections.trending)).findByRole('link', { name: 'Lakshya' });

    fireEvent.change(screen.getByRole('searchbox', { name: layoutStrings.header.searchLabel }), {
      target: { value: 'iqb' },
    });

    await waitFor(() => expect(within(mine).queryByRole('link', { name: 'Lagaan' })).toBeNull());
    within(mine).getByRole('link', { name: 'Iqbal' });
    // Left with no match, the row is left out rather than saying it is empty (issue 24).
    expect(screen.queryByRole('region', { name: browseStrings.sections.trending })).toBeNull();
  });
});
