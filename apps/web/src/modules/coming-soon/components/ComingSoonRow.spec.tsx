import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ComingSoonTitle } from '@app/contracts';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { signInAs, someSections } from '@web/modules/movies/testing/browse-test-kit';
import { english } from '@web/shared/i18n/english';
import { comingSoonStrings as t } from '../strings';
import { comingSoonStringsHi as hi } from '../strings.hi';

const soon = (overrides: Partial<ComingSoonTitle> = {}): ComingSoonTitle => ({
  id: '65f0c0ffee00000000000a01',
  kind: 'movie',
  title: 'Monsoon Letters',
  description: 'Scheduled.',
  genre: 'Drama',
  posterUrl: 'https://img.example.in/p.jpg',
  classification: 'UA13',
  publishAt: '2099-01-15T14:30:00.000Z',
  ...overrides,
});

/**
 * Issue 28 on the user home: the Coming soon row with each title's date in IST, and Remind me, which is the
 * acting profile's (PUT / DELETE /api/reminders/{id}) and is restored when the server refuses.
 */
describe('Coming soon row', () => {
  let api: FakeApi;
  let reminders: string[];
  let refuse: boolean;
  const calls: string[] = [];

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    reminders = [];
    refuse = false;
    calls.length = 0;
    api = await startFakeApi((request, url) => {
      if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
      if (url.pathname === '/api/coming-soon') return { status: 200, body: [soon()] };
      if (url.pathname === '/api/reminders') return { status: 200, body: { titleIds: reminders } };
      const id = url.pathname.match(/^\/api\/reminders\/(\w+)$/)?.[1];
      if (id) {
        calls.push(`${request.method} ${id}`);
        if (refuse)
          return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'x', correlationId: 'c' } };
        reminders = request.method === 'PUT' ? [id] : [];
        return { status: 200, body: { titleIds: reminders } };
      }
      if (url.pathname.endsWith('/continue-watching') || url.pathname.endsWith('/favorites'))
        return { status: 200, body: [] };
      return undefined;
    });
  });

  afterEach(() => api.close());

  const row = () => screen.getByRole('region', { name: t.heading });

  it('lists a scheduled title with its date in IST and toggles Remind me for the profile', async () => {
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
    const card = await within(
      await screen.findByRole('region', { name: t.heading }, { timeout: 5_000 }),
    ).findByRole('article', {
      name: 'Monsoon Letters',
    });
    within(card).getByText('Coming 15 Jan 2099, 8:00 pm IST');
    const remind = within(card).getByRole('button', {
      name: english('comingSoon:remindLabel', { title: 'Monsoon Letters' }),
    });
    expect(remind.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(remind);
    await waitFor(() => expect(remind.getAttribute('aria-pressed')).toBe('true'));
    expect(remind.textContent).toBe(t.reminding);
    // Answered: the button is free again.
    await waitFor(() => expect((remind as HTMLButtonElement).disabled).toBe(false));
    expect(calls).toEqual(['PUT 65f0c0ffee00000000000a01']);

    fireEvent.click(remind);
    await waitFor(() => expect(remind.getAttribute('aria-pressed')).toBe('false'));
    expect(calls).toEqual(['PUT 65f0c0ffee00000000000a01', 'DELETE 65f0c0ffee00000000000a01']);
  });

  it('shows the row in Hindi, the date written the Hindi way, still in IST', async () => {
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('region', { name: t.heading }, { timeout: 5_000 });
    await act(() => i18next.changeLanguage('hi'));

    const card = within(screen.getByRole('region', { name: hi.heading })).getByRole('article', {
      name: 'Monsoon Letters',
    });
    within(card).getByText('15 जन॰ 2099, 8:00 pm IST को आ रहा है');
    within(card).getByRole('button', { name: 'Monsoon Letters आने पर मुझे याद दिलाएँ' });
    expect(within(card).getByRole('button').textContent).toBe(hi.remindMe);
  });

  it('restores the toggle and says so when the server refuses', async () => {
    refuse = true;
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('region', { name: t.heading }, { timeout: 5_000 });
    const remind = within(row()).getByRole('button', {
      name: english('comingSoon:remindLabel', { title: 'Monsoon Letters' }),
    });
    fireEvent.click(remind);
    await within(row()).findByText(t.remindFailed);
    expect(remind.getAttribute('aria-pressed')).toBe('false');
  });
});
