import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { adminDashboardStrings } from './admin-dashboard-strings';
import { adminDashboardStringsHi } from './admin-dashboard-strings.hi';

describe('the admin dashboard page (issue 26)', () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    // The consoles' own requests go unanswered: this is about the page around them.
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  it('shows its title and tabs in Hindi', async () => {
    signInAs('admin');
    renderApp({ path: '/admindashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
    screen.getByRole('tablist', { name: adminDashboardStrings.tabsLabel });

    await act(() => i18next.changeLanguage('hi'));

    screen.getByRole('heading', { level: 1, name: adminDashboardStringsHi.title });
    const tabs = within(screen.getByRole('tablist', { name: adminDashboardStringsHi.tabsLabel }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      Object.values(adminDashboardStringsHi.tabs),
    );
    expect(document.title).toBe(`${adminDashboardStringsHi.title} · Streamly`);
  });
});
