import type { MovieDetail } from '@app/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { browseStrings } from '@web/modules/movies/browse-strings';
import { signInAs, someSections } from '@web/modules/movies/testing/browse-test-kit';
import { paymentStrings } from '@web/modules/payments/strings';
import { anEntitlement } from '@web/modules/payments/testing/payments-test-kit';
import { profileStrings } from '@web/modules/profiles/strings';
import { aHousehold, aProfile, profileToken } from '@web/modules/profiles/testing/profiles-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie, aPage } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';

const { menu } = profileStrings;
const ID = '65f0c0ffee00000000000099';
const parent = aProfile({ name: 'Asha', avatar: 'tiger' });
const child = aProfile({ name: 'Mini', avatar: 'kite', kind: 'kids', maturityCeiling: 'UA7' });
const premium = (): MovieDetail => ({
  ...aMovie({ id: ID, title: 'Golden Hour', access: 'premium', classification: 'U' }),
  topReviews: [],
});

describe('a kids profile (issue 25)', () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    const household = aHousehold([parent, child]);
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
      if (url.pathname === '/api/movies' || url.pathname === '/api/series')
        return { status: 200, body: aPage([]) };
      if (url.pathname === `/api/movies/${ID}`) return { status: 200, body: premium() };
      if (url.pathname === `/api/entitlements/${ID}`) return { status: 200, body: anEntitlement() };
      return household.route(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const signInAsProfile = (profileId: string) => {
    signInAs('user');
    window.localStorage.setItem('token', profileToken(profileId));
  };
  const banner = () => within(screen.getAllByRole('banner')[0]);

  it('gets a simpler home: no premium row, no prices, no account tiles', async () => {
    signInAsProfile(child.id);
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { name: english('browse:kidsHome.title', { name: 'Mini' }) });
    await screen.findByRole('heading', { name: browseStrings.sections.free });
    expect(screen.queryByRole('heading', { name: browseStrings.sections.premium })).toBeNull();
    expect(screen.queryByRole('heading', { name: browseStrings.sections.profileSettings })).toBeNull();
    // The footer's note on currency aside, nothing on the page names a price.
    expect(within(screen.getByRole('main')).queryByText(/₹/)).toBeNull();
  });

  it("keeps the parent's full home for a standard profile", async () => {
    signInAsProfile(parent.id);
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { name: browseStrings.sections.premium });
    expect(
      screen.queryByRole('heading', { name: english('browse:kidsHome.title', { name: 'Asha' }) }),
    ).toBeNull();
  });

  it('keeps the profile switch in the header but no account links', async () => {
    signInAsProfile(child.id);
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();

    fireEvent.click(
      await banner().findByRole('button', { name: english('profiles:menu.button', { name: 'Mini' }) }),
    );
    banner().getByRole('button', { name: 'Asha' });
    expect(banner().queryByRole('link', { name: menu.manage })).toBeNull();
    expect(banner().queryByRole('link', { name: 'Account' })).toBeNull();
  });

  it("offers no Buy, Rent or plans on a title's page: it says to ask a grown-up", async () => {
    signInAsProfile(child.id);
    renderApp({ path: `/movie/${ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();

    // The access answer and the profile both arrive before the panel speaks (slow on a busy machine).
    await screen.findByText(paymentStrings.askGrownUp, {}, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: /Buy|Rent/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Subscribe/ })).toBeNull();
    // The footer's note on currency aside, nothing on the page names a price.
    expect(within(screen.getByRole('main')).queryByText(/₹/)).toBeNull();
  });
});
