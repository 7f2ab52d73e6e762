import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { Entitlement } from '@app/contracts';
import { anEntitlement, entitlementsRoute } from '@web/modules/payments/testing/payments-test-kit';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { movieStrings } from '@web/modules/movies/strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { browseStrings } from '@web/modules/movies/browse-strings';
import { recommendationStrings as texts } from '../strings';
import { recommendationStringsHi } from '../strings.hi';
import { RECOMMENDED_SHOWN } from './RecommendationGrid';
import {
  aList,
  answer,
  aRecommendation,
  notFound,
  type RecommendBody,
  recommendationRoutes,
  type RecommendationServer,
  serverError,
} from '../testing/recommendations-test-kit';

const USER = '65f0c0ffee00000000000001';
const TITLE = '65f0c0ffee00000000000099';

describe('Recommended for You (/recommended, /recommended/{id})', () => {
  let api: FakeApi;
  let asked: RecommendBody[];
  /** The access answer of each title (by default: premium, not included). */
  let answerFor: (movieId: string) => Entitlement;

  beforeEach(async () => {
    window.localStorage.clear();
    asked = [];
    answerFor = (movieId) => anEntitlement({ movieId });
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serve = (server: RecommendationServer) =>
    api.respond((request, url, body) => {
      if (url.pathname === '/api/recommend') asked.push(body as RecommendBody);
      return (
        entitlementsRoute(answerFor)(request, url, body) ?? recommendationRoutes(server)(request, url, body)
      );
    });
  const open = async (path = '/recommended') => {
    const view = renderApp({ path, apiBaseUrl: api.baseUrl });
    await waitForPage();
    return view;
  };
  const card = (title: string) => screen.getByRole('link', { name: title }).closest('article') as HTMLElement;

  it('shows the picks in Hindi, a rating not yet known included (issue 26)', async () => {
    signInAs('user');
    const unrated = aRecommendation({ title: 'Lagaan', rating: null, releaseYear: 2001, genre: 'Drama' });
    serve({ recommend: () => answer(aList([unrated])) });
    await act(() => i18next.changeLanguage('hi'));
    await open();

    await screen.findByRole('heading', { level: 1, name: recommendationStringsHi.title });
    await screen.findByRole('link', { name: 'Lagaan' });
    screen.getByText(recommendationStringsHi.personalLead);
    within(card('Lagaan')).getByText('उपलब्ध नहीं · 2001 · Drama');
  });

  it("shows the signed-in viewer's picks with their reasons, premium titles badged, each opening its page", async () => {
    signInAs('user');
    const free = aRecommendation({ title: 'Lagaan', reasonText: 'Because you watched Sholay' });
    const premium = aRecommendation({
      title: 'Dil Chahta Hai',
      access: 'premium',
      reasonText: 'Popular in Drama',
    });
    serve({ recommend: () => answer(aList([free, premium])) });
    await open();

    screen.getByRole('heading', { level: 1, name: texts.title });
    await screen.findByRole('link', { name: 'Lagaan' });
    within(card('Lagaan')).getByText('Because you watched Sholay');
    expect(within(card('Lagaan')).queryByText(browseStrings.subscriptionRequired)).toBeNull();
    await within(card('Dil Chahta Hai')).findByText(browseStrings.subscriptionRequired);
    within(card('Dil Chahta Hai')).getByText('Popular in Drama');
    expect(screen.getByRole('link', { name: 'Lagaan' }).getAttribute('href')).toBe(`/movie/${free.movie_id}`);
    screen.getByText(texts.personalLead);
    // The viewer's own id, and SPEC 9's six titles.
    expect(asked).toEqual([{ user_id: USER, limit: RECOMMENDED_SHOWN }]);
  });

  it("shows no 'Subscription Required' on a premium title the viewer's plan includes", async () => {
    signInAs('user');
    const included = aRecommendation({ title: 'Dil Chahta Hai', access: 'premium' });
    const refused = aRecommendation({ title: 'Swades', access: 'premium' });
    answerFor = (movieId) =>
      movieId === included.movie_id
        ? anEntitlement({
            movieId,
            canWatch: true,
            reason: 'plan',
            plan: { id: 'standard', name: 'Standard' },
          })
        : anEntitlement({ movieId });
    serve({ recommend: () => answer(aList([included, refused])) });
    await open();
    await screen.findByRole('link', { name: 'Swades' });

    // The answer has come: the title outside the plan says so, the one inside it says nothing.
    await within(card('Swades')).findByText(browseStrings.subscriptionRequired);
    expect(within(card('Dil Chahta Hai')).queryByText(browseStrings.subscriptionRequired)).toBeNull();
  });

  it('is open to visitors: no user id is sent and the popular titles are introduced as such', async () => {
    serve({ recommend: () => answer(aList([aRecommendation({ title: 'Sholay' })], 'popular')) });
    const { router } = await open();

    await screen.findByRole('link', { name: 'Sholay' });
    expect(router.location.pathname).toBe('/recommended');
    screen.getByText(texts.visitorLead);
    expect(asked).toEqual([{ limit: RECOMMENDED_SHOWN }]);
  });

  it('shows a skeleton while loading, then says when there is nothing to recommend', async () => {
    signInAs('user');
    serve({ recommend: () => answer(aList([], 'popular')) });
    await open();

    expect(screen.getByText(movieStrings.loading).closest('[aria-busy="true"]')).not.toBeNull();
    await screen.findByText(texts.empty);
    screen.getByText(texts.popularLead);
  });

  it('says the fetch failed, with Try Again that asks again', async () => {
    signInAs('user');
    serve({ recommend: () => serverError });
    await open();

    const alert = await screen.findByRole('alert');
    within(alert).getByText(movieStrings.failed);

    serve({ recommend: () => answer(aList([aRecommendation({ title: 'Swades' })])) });
    fireEvent.click(within(alert).getByRole('button', { name: movieStrings.tryAgain }));

    await screen.findByRole('link', { name: 'Swades' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('/recommended/{id} shows titles like {id}, introduced by their reason', async () => {
    const queries: string[] = [];
    serve({
      similar: ({ movieId, query }) => {
        queries.push(`${movieId}?${query.toString()}`);
        return answer(
          aList([
            aRecommendation({ title: 'Iqbal', reason: 'similar', reasonText: 'More like Lagaan' }),
            aRecommendation({ title: 'Chak De! India', reason: 'similar', reasonText: 'More like Lagaan' }),
          ]),
        );
      },
    });
    await open(`/recommended/${TITLE}`);

    await screen.findByRole('link', { name: 'Iqbal' });
    screen.getByRole('heading', { level: 1, name: texts.title });
    expect(screen.getAllByText('More like Lagaan').length).toBeGreaterThan(1);
    expect(queries).toEqual([`${TITLE}?limit=${RECOMMENDED_SHOWN}`]);
    expect(asked).toEqual([]);
  });

  it('/recommended/{id} of a title the recommender does not know says so and leads to all recommendations', async () => {
    serve({ similar: () => notFound });
    await open(`/recommended/${TITLE}`);

    await screen.findByText(texts.unknownTitle);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: texts.allRecommendations }).getAttribute('href')).toBe(
      '/recommended',
    );
  });

  it('/recommended/{id} offers Try Again when the similar list fails', async () => {
    serve({ similar: () => serverError });
    await open(`/recommended/${TITLE}`);

    const alert = await screen.findByRole('alert');
    serve({ similar: () => answer(aList([aRecommendation({ title: 'Iqbal' })])) });
    fireEvent.click(within(alert).getByRole('button', { name: movieStrings.tryAgain }));

    await waitFor(() => screen.getByRole('link', { name: 'Iqbal' }));
  });
});
