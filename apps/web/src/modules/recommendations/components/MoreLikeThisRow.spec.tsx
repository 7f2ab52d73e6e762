import type { MovieDetail } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { detailStrings } from '@web/modules/movies/browse-strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { movieStrings } from '@web/modules/movies/strings';
import { recommendationStrings as texts } from '../strings';
import {
  aList,
  answer,
  aRecommendation,
  notFound,
  recommendationRoutes,
  type RecommendationServer,
  serverError,
} from '../testing/recommendations-test-kit';

const ID = '65f0c0ffee00000000000099';
const detail = (): MovieDetail => ({ ...aMovie({ id: ID, title: 'Lagaan' }), topReviews: [] });

describe('Movie page: More like this', () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serve = (server: RecommendationServer) =>
    api.respond((request, url, body) => {
      if (url.pathname === `/api/movies/${ID}`) return { status: 200, body: detail() };
      return recommendationRoutes(server)(request, url, body);
    });
  const open = async () => {
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('heading', { level: 1, name: 'Lagaan' });
    await screen.findByRole('region', { name: detailStrings.details });
  };
  const similarAsked = () => waitFor(() => expect(api.requests).toContain(`/api/movies/${ID}/similar`));

  it('lists the similar titles under the details, each opening its page', async () => {
    const like = aRecommendation({ title: 'Iqbal', reason: 'similar', reasonText: 'More like Lagaan' });
    serve({ similar: () => answer(aList([like])) });
    await open();

    const row = await screen.findByRole('region', { name: texts.moreLikeThis });
    expect(within(row).getByRole('link', { name: 'Iqbal' }).getAttribute('href')).toBe(
      `/movie/${like.movie_id}`,
    );
    within(row).getByText('More like Lagaan');
  });

  it('is hidden when nothing is similar', async () => {
    serve({ similar: () => answer(aList([])) });
    await open();
    await similarAsked();

    expect(screen.queryByRole('region', { name: texts.moreLikeThis })).toBeNull();
  });

  it('is hidden when the recommender does not know the title (404)', async () => {
    serve({ similar: () => notFound });
    await open();
    await similarAsked();

    expect(screen.queryByRole('region', { name: texts.moreLikeThis })).toBeNull();
    expect(screen.queryByText(movieStrings.failed)).toBeNull();
  });

  it('offers Try Again when the list fails, and shows the titles once it answers', async () => {
    serve({ similar: () => serverError });
    await open();

    const row = await screen.findByRole('region', { name: texts.moreLikeThis });
    within(row).getByText(movieStrings.failed);
    serve({ similar: () => answer(aList([aRecommendation({ title: 'Iqbal' })])) });
    fireEvent.click(within(row).getByRole('button', { name: movieStrings.tryAgain }));

    await within(row).findByRole('link', { name: 'Iqbal' });
    expect(within(row).queryByText(movieStrings.failed)).toBeNull();
  });
});
