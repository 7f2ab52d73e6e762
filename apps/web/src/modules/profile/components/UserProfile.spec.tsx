import { DEFAULT_VIEWER_SETTINGS } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { paymentStrings } from '@web/modules/payments/strings';
import { anOwnedTitle, aSubscription, thePlans } from '@web/modules/payments/testing/payments-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { userDataStrings } from '@web/modules/user-data/strings';
import { LANGUAGE_STORAGE_KEY } from '@web/shared/i18n/languages';
import { profileStrings as texts } from '../strings';
import { profileStringsHi } from '../strings.hi';

const USER = '65f0c0ffee00000000000001';

describe('/userprofile', () => {
  let api: FakeApi;

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user', { username: 'Asha', email: 'asha@streamly.in', createdAt: '2024-01-15T06:30:00.000Z' });
    api = await startFakeApi((_request, url) => {
      if (url.pathname === '/api/plans') return { status: 200, body: { data: thePlans() } };
      if (url.pathname === `/api/users/${USER}/subscription`)
        return { status: 200, body: { data: aSubscription() } };
      if (url.pathname === `/api/users/${USER}/titles`)
        return { status: 200, body: { data: [anOwnedTitle()] } };
      if (url.pathname === `/api/users/${USER}/watch-history`)
        return { status: 200, body: { data: [], page: 1, pageSize: 24, total: 0 } };
      if (url.pathname === `/api/users/${USER}/favorites`) return { status: 200, body: [] };
      if (url.pathname === `/api/users/${USER}/settings`)
        return { status: 200, body: DEFAULT_VIEWER_SETTINGS };
      return undefined;
    });
  });

  afterEach(async () => {
    await api.close();
  });

  it('shows the header and SPEC’s tabs (plus Privacy), Watch History first', async () => {
    renderApp({ path: '/userprofile', apiBaseUrl: api.baseUrl });
    await waitForPage();

    screen.getByRole('heading', { level: 1, name: 'Asha' });
    screen.getByText('asha@streamly.in');
    screen.getByText('Member since 15 January 2024');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(Object.values(texts.tabs));
    const panel = screen.getByRole('tabpanel', { name: texts.tabs.history });
    await within(panel).findByText(userDataStrings.noHistory);
  });

  it('opens a tab by click, by arrow keys and by ?tab= (the Downloads tile opens My titles)', async () => {
    const { router } = renderApp({ path: '/userprofile?tab=my-titles', apiBaseUrl: api.baseUrl });
    await waitForPage();

    const myTitles = screen.getByRole('tabpanel', { name: texts.tabs['my-titles'] });
    await within(myTitles).findByText('The Long Walk');

    fireEvent.keyDown(screen.getByRole('tab', { name: texts.tabs['my-titles'] }), { key: 'ArrowUp' });
    await waitFor(() => expect(router.location.search).toBe('?tab=subscription'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: texts.tabs.subscription }));
    const subscription = screen.getByRole('tabpanel', { name: texts.tabs.subscription });
    await within(subscription).findByText(paymentStrings.statuses.active);

    fireEvent.click(screen.getByRole('tab', { name: texts.tabs.settings }));
    expect(router.location.search).toBe('?tab=settings');
    expect(screen.getByRole('tab', { name: texts.tabs.settings }).getAttribute('aria-selected')).toBe('true');
  });

  it('switches the interface to Hindi from Settings, at once and kept on this device, and back (issue 26)', async () => {
    renderApp({ path: '/userprofile?tab=settings', apiBaseUrl: api.baseUrl });
    await waitForPage();

    fireEvent.change(screen.getByLabelText(texts.language.title), { target: { value: 'hi' } });

    await screen.findByRole('tab', { name: profileStringsHi.tabs.settings });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      Object.values(profileStringsHi.tabs),
    );
    screen.getByText('15 जनवरी 2024 से सदस्य');
    screen.getByRole('tabpanel', { name: profileStringsHi.tabs.settings });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(screen.getByLabelText<HTMLSelectElement>(profileStringsHi.language.title).value).toBe('hi');

    fireEvent.change(screen.getByLabelText(profileStringsHi.language.title), { target: { value: 'en' } });

    await screen.findByRole('tab', { name: texts.tabs.settings });
    screen.getByText('Member since 15 January 2024');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
