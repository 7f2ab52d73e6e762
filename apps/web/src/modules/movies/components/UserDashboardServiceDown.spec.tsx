import { fireEvent, screen, within } from '@testing-library/react';
import {
  aList,
  aRecommendation,
  answer,
} from '@web/modules/recommendations/testing/recommendations-test-kit';
import { userDataStrings } from '@web/modules/user-data/strings';
import { aContinueItem, USER_ID } from '@web/modules/user-data/testing/user-data-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { browseStrings } from '../browse-strings';
import { movieStrings } from '../strings';
import { signInAs, someSections } from '../testing/browse-test-kit';
import { english } from '@web/shared/i18n/english';

/** What the gateway answers when no replica of a service answers (libs/server-core service-client). */
const unavailable = (message: string) => ({
  status: 503,
  body: { code: 'SERVICE_UNAVAILABLE', message, correlationId: 'c-1' },
});
const RECOMMENDATIONS_DOWN =
  'Recommendations are unavailable right now. Everything else works; try again in a moment.';

/** Issue 15 part 4: one service down, the user home says which section is unavailable and shows the rest. */
describe('User home with a service down', () => {
  let api: FakeApi;
  let down: { recommendations: boolean; viewerData: boolean; catalogue: boolean };

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    down = { recommendations: false, viewerData: false, catalogue: false };
    api = await startFakeApi((_request, url) => {
      const path = url.pathname;
      if (path.startsWith('/api/movies')) {
        if (down.catalogue) return unavailable('The catalogue is unavailable right now.');
        if (path === '/api/movies/sections') return { status: 200, body: someSections() };
        if (path === '/api/movies/genres') return { status: 200, body: ['Drama'] };
      }
      if (path.startsWith('/api/recommend')) {
        if (down.recommendations) return unavailable('Recommendations are unavailable right now.');
        return answer(aList([aRecommendation({ title: 'Lagaan' })]));
      }
      if (path === `/api/users/${USER_ID}/continue-watching`) {
        if (down.viewerData) return unavailable('My List and watch history are unavailable right now.');
        return { status: 200, body: [aContinueItem({ title: 'Night Train' })] };
      }
      return undefined;
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async () => {
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
  };
  const row = (name: string) => screen.findByRole('region', { name });

  it('says Recommendations are unavailable in both recommender rows, and the catalogue and Continue Watching still show', async () => {
    down.recommendations = true;
    await open();

    for (const name of [browseStrings.sections.becauseYouWatched, browseStrings.sections.trending]) {
      const alert = await within(await row(name)).findByRole('alert');
      within(alert).getByText(RECOMMENDATIONS_DOWN);
      expect(within(alert).queryByText(movieStrings.failed)).toBeNull();
    }
    await within(await row(browseStrings.sections.newlyLaunched)).findByRole('link', {
      name: 'Fresh Launch',
    });
    await within(await row(userDataStrings.continueWatching)).findByRole('link', {
      name: english('userData:resume', { title: 'Night Train' }),
    });

    // Back: Try Again in the row asks again and shows its titles.
    down.recommendations = false;
    const mine = await row(browseStrings.sections.becauseYouWatched);
    fireEvent.click(within(mine).getByRole('button', { name: 'Try Again' }));
    await within(mine).findByRole('link', { name: 'Lagaan' });
    expect(within(mine).queryByRole('alert')).toBeNull();
  });

  it('says Continue Watching is unavailable when the viewer data is, rather than hiding the row', async () => {
    down.viewerData = true;
    await open();

    const alert = await within(await row(userDataStrings.continueWatching)).findByRole('alert');
    within(alert).getByText(
      'My List and watch history are unavailable right now. Everything else works; try again in a moment.',
    );
    await within(await row(browseStrings.sections.becauseYouWatched)).findByRole('link', { name: 'Lagaan' });
  });

  it('says the catalogue is unavailable instead of "Failed to fetch movies" when it is down', async () => {
    down.catalogue = true;
    await open();

    const alert = await screen.findByRole('alert');
    within(alert).getByText(
      'The catalogue is unavailable right now. Everything else works; try again in a moment.',
    );
    expect(screen.queryByText(movieStrings.failed)).toBeNull();
  });
});
