import type { MovieDetail } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { paymentStrings as texts } from '../strings';
import { anEntitlement, thePlans } from '../testing/payments-test-kit';

const ID = '65f0c0ffee00000000000099';
const PAYMENTS_DOWN = 'Payments are unavailable right now. Everything else works; try again in a moment.';

/** Issue 15 part 4: payment-service down. The title still shows; its access panel says payments are unavailable. */
describe('a title page with payments down', () => {
  let api: FakeApi;
  let paymentsDown: boolean;

  beforeEach(async () => {
    window.localStorage.clear();
    paymentsDown = true;
    api = await startFakeApi((_request, url) => {
      if (url.pathname === `/api/movies/${ID}`) {
        const movie: MovieDetail = {
          ...aMovie({ id: ID, title: 'Golden Hour', access: 'premium', mediaReady: true }),
          topReviews: [],
        };
        return { status: 200, body: movie };
      }
      if (url.pathname === `/api/entitlements/${ID}` || url.pathname === '/api/plans') {
        if (paymentsDown)
          return {
            status: 503,
            body: {
              code: 'SERVICE_UNAVAILABLE',
              message: 'Payments are unavailable right now.',
              correlationId: 'c-1',
            },
          };
        return url.pathname === '/api/plans'
          ? { status: 200, body: thePlans() }
          : { status: 200, body: anEntitlement() };
      }
      return undefined;
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async () => {
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('heading', { level: 1, name: 'Golden Hour' });
  };

  it("shows the movie, and in its access panel that payments are unavailable above the title's own prices", async () => {
    signInAs('user');
    await open();

    const panel = await screen.findByRole('complementary', { name: texts.rentTitle });
    // The checkout's own live region is an (empty) alert too: the notice is found by its words.
    const notice = (await within(panel).findByText(PAYMENTS_DOWN)).closest('[role="alert"]') as HTMLElement;
    within(panel).getByText('Premium title: buy ₹1200 or rent ₹500');
    screen.getByRole('heading', { level: 1, name: 'Golden Hour' });

    // Back: Try Again asks again; the server's answer replaces the stand-in and the notice goes.
    paymentsDown = false;
    fireEvent.click(within(notice).getByRole('button', { name: 'Try Again' }));
    await within(panel).findByText('Premium title: subscribe from ₹499, buy ₹1200 or rent ₹500');
    expect(within(panel).queryByText(PAYMENTS_DOWN)).toBeNull();
  });

  it('still shows a visitor how to sign in (that does not need payments)', async () => {
    await open();

    const panel = await screen.findByRole('complementary', { name: texts.signInToWatch });
    await within(panel).findByRole('link', { name: texts.signIn });
    expect(within(panel).queryByText(PAYMENTS_DOWN)).toBeNull();
  });

  it('says payments are unavailable on the plans page', async () => {
    renderApp({ path: '/subscription', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const notice = (await screen.findByText(PAYMENTS_DOWN)).closest('[role="alert"]');
    expect(notice).not.toBeNull();
    expect(screen.queryByText(texts.plansFailed)).toBeNull();
  });
});
