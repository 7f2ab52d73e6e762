import { FRESH_SIGN_IN_MINUTES } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { profileStrings } from '@web/modules/profile/strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { exportFileName } from '../export-file';
import { english } from '@web/shared/i18n/english';
import { userDataStrings as texts } from '../strings';
import { userDataStringsHi } from '../strings.hi';
import {
  noAnalytics,
  serverError,
  someAnalytics,
  USER_ID,
  type ViewerData,
  viewerData,
  userDataRoutes,
} from '../testing/user-data-test-kit';

type Sent = { method: string; path: string; body: unknown };
type Tab = 'analytics' | 'settings' | 'privacy';

describe('/userprofile: Analytics, Settings and Privacy', () => {
  let api: FakeApi;
  let data: ViewerData;
  let sent: Sent[];
  let answer:
    ((method: string, path: string, body: unknown) => { status: number; body: unknown } | undefined) | null;

  // The page's chunk (recharts with it) takes about as long to load cold under jest as waitForPage waits (1 s), so
  // the first test to open it failed on a busy machine: loaded once here, each test waits for the page alone.
  beforeAll(() => import('@web/pages/UserProfilePage'));

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    data = viewerData();
    sent = [];
    answer = null;
    api = await startFakeApi((request, url, body) => {
      sent.push({ method: request.method ?? '', path: url.pathname, body });
      return answer?.(request.method ?? '', url.pathname, body) ?? userDataRoutes(data)(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const openTab = async (tab: Tab) => {
    const view = renderApp({ path: `/userprofile?tab=${tab}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    return { ...view, panel: screen.getByRole('tabpanel', { name: profileStrings.tabs[tab] }) };
  };

  describe('Analytics', () => {
    // What recharts draws: one `.recharts-pie-sector` per slice, axis ticks as SVG text, the tooltip in its wrapper.
    const sectors = (panel: HTMLElement) => [
      ...panel.querySelectorAll<SVGElement>('.recharts-pie-sector path'),
    ];
    const ticks = (panel: HTMLElement, axis: 'x' | 'y') =>
      [...panel.querySelectorAll(`.recharts-${axis}Axis-tick-labels text`)].map((text) => text.textContent);

    it('shows an empty state, not sample data, when there is no history', async () => {
      data.analytics = noAnalytics();
      const { panel } = await openTab('analytics');
      await within(panel).findByText(texts.analyticsEmpty);
      expect(within(panel).queryByText(texts.viewingActivity)).toBeNull();
      expect(panel.querySelector('.recharts-wrapper')).toBeNull();
    });

    it('draws watch time by genre and the Viewing Activity line from the server', async () => {
      data.analytics = someAnalytics();
      const { panel } = await openTab('analytics');

      await within(panel).findByRole('heading', { name: texts.viewingActivity });
      within(panel).getByText(english('userData:totalWatched', { time: '2 h 50 min' }));
      const legend = within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(legend).toEqual(['Drama2 h 5 min · 74%', 'Comedy45 min · 26%']);

      // Two slices in the first two chart colours; the picture is hidden from screen readers (the legend speaks).
      const slices = sectors(panel);
      expect(slices.map((slice) => slice.getAttribute('fill'))).toEqual(['var(--chart-1)', 'var(--chart-2)']);
      expect(slices[0].closest('svg')?.getAttribute('aria-hidden')).toBe('true');
      fireEvent.mouseEnter(slices[1].closest('.recharts-pie-sector') as Element);
      expect((await within(panel).findByRole('tooltip')).textContent).toBe('Comedy: 45 min (26%)');
      fireEvent.mouseLeave(slices[1].closest('.recharts-pie-sector') as Element);
      await waitFor(() => expect(within(panel).queryByRole('tooltip')).toBeNull());

      // Month names on the axis, round hours up the side, one dot a month; each month's watch time for screen
      // readers and in the tooltip, read as the total and the pie read it.
      expect(ticks(panel, 'x')).toEqual(['Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar']);
      expect(ticks(panel, 'y')).toEqual(['0', '0.5', '1', '1.5']);
      const dots = panel.querySelectorAll('.recharts-line-dot');
      expect(dots).toHaveLength(6);
      const table = within(panel).getByRole('table', { name: texts.viewingActivity });
      within(table).getByRole('row', { name: 'November 2025 1 h 30 min' });

      // recharts picks the month nearest the pointer (jsdom puts the chart at the page's origin).
      const chart = dots[3].closest('.recharts-wrapper') as HTMLElement;
      fireEvent.mouseMove(chart, { clientX: Number(dots[3].getAttribute('cx')), clientY: 100 });
      expect((await within(panel).findByRole('tooltip')).textContent).toBe('January 2026: 48 min');
      fireEvent.mouseLeave(chart);
      await waitFor(() => expect(within(panel).queryByRole('tooltip')).toBeNull());
    });

    it('reads the charts in Hindi: headings, watch time, months on the axis and in the table (issue 26)', async () => {
      data.analytics = someAnalytics();
      const { panel } = await openTab('analytics');
      await within(panel).findByRole('heading', { name: texts.viewingActivity });

      await act(() => i18next.changeLanguage('hi'));

      await within(panel).findByRole('heading', { name: userDataStringsHi.viewingActivity });
      within(panel).getByRole('heading', { name: userDataStringsHi.byGenreTitle });
      within(panel).getByText('कुल देखने का समय: 2 घंटे 50 मिनट');
      expect(
        within(panel)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Drama2 घंटे 5 मिनट · 74%', 'Comedy45 मिनट · 26%']);
      expect(ticks(panel, 'x')).toEqual(['अक्टू॰', 'नव॰', 'दिस॰', 'जन॰', 'फ़र॰', 'मार्च']);
      const table = within(panel).getByRole('table', { name: userDataStringsHi.viewingActivity });
      within(table).getByRole('row', { name: 'नवंबर 2025 1 घंटे 30 मिनट' });
    });

    it('reads watch time under a minute in seconds, never "0 min" beside a share of the pie', async () => {
      data.analytics = someAnalytics({
        byGenre: [
          { genre: 'Drama', seconds: 70 },
          { genre: 'Comedy', seconds: 30 },
        ],
        totalSeconds: 100,
      });
      const { panel } = await openTab('analytics');
      await within(panel).findByRole('heading', { name: texts.byGenreTitle });

      within(panel).getByText(english('userData:totalWatched', { time: '2 min' }));
      expect(
        within(panel)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Drama1 min · 70%', 'Comedy30 s · 30%']);
    });

    it('gives the sixth genre and beyond one slice, so the pie keeps its five colours', async () => {
      const genres = ['Drama', 'Comedy', 'Action', 'Horror', 'Romance', 'Sci-Fi', 'Crime'];
      data.analytics = someAnalytics({
        byGenre: genres.map((genre, index) => ({ genre, seconds: (genres.length - index) * 600 })),
        totalSeconds: 16_800,
      });
      const { panel } = await openTab('analytics');
      await within(panel).findByRole('heading', { name: texts.byGenreTitle });
      expect(sectors(panel).map((slice) => slice.getAttribute('fill'))).toEqual(
        [1, 2, 3, 4, 5].map((n) => `var(--chart-${n})`),
      );
      expect(
        within(panel)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Drama1 h 10 min · 25%',
        'Comedy1 h · 21%',
        'Action50 min · 18%',
        'Horror40 min · 14%',
        `${texts.otherGenres}1 h · 21%`,
      ]);
    });
  });

  describe('Settings', () => {
    it('saves the boxes and the playback choice, says so, and keeps them after a reload', async () => {
      const { panel, unmount } = await openTab('settings');
      const recommendations = (await within(panel).findByRole('checkbox', {
        name: texts.recommendations,
      })) as HTMLInputElement;
      const newReleases = within(panel).getByRole('checkbox', {
        name: texts.newReleases,
      }) as HTMLInputElement;
      expect([newReleases.checked, recommendations.checked]).toEqual([true, true]);
      const playback = within(panel).getByRole('combobox', { name: texts.playback }) as HTMLSelectElement;
      expect(
        within(playback)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Auto-play next episode', 'Ask before playing next']);

      fireEvent.click(recommendations);
      fireEvent.change(playback, { target: { value: 'ask-next' } });
      fireEvent.click(within(panel).getByRole('button', { name: texts.saveChanges }));

      await within(panel).findByText(texts.settingsSaved);
      expect(sent.find(({ method }) => method === 'PUT')).toEqual({
        method: 'PUT',
        path: `/api/users/${USER_ID}/settings`,
        body: { notifications: { newReleases: true, recommendations: false }, playback: 'ask-next' },
      });

      unmount();
      const reloaded = await openTab('settings');
      const box = (await within(reloaded.panel).findByRole('checkbox', {
        name: texts.recommendations,
      })) as HTMLInputElement;
      expect(box.checked).toBe(false);
      expect(
        (within(reloaded.panel).getByRole('combobox', { name: texts.playback }) as HTMLSelectElement).value,
      ).toBe('ask-next');
    });

    it('says when saving failed', async () => {
      answer = (method) => (method === 'PUT' ? serverError() : undefined);
      const { panel } = await openTab('settings');
      fireEvent.click(await within(panel).findByRole('checkbox', { name: texts.newReleases }));
      fireEvent.click(within(panel).getByRole('button', { name: texts.saveChanges }));
      const saving = within(panel).getByRole('button', { name: texts.saving }) as HTMLButtonElement;
      expect(saving.disabled).toBe(true);
      const alert = await within(panel).findByRole('alert');
      expect(alert.textContent).toBe(texts.saveSettingsFailed);
    });
  });

  describe('Privacy', () => {
    it('saves "Download my data" as streamly-data-YYYY-MM-DD.json', async () => {
      const file = { exportedAt: '2026-03-05T10:00:00.000Z', profile: {}, viewerData: {}, payments: {} };
      answer = (_method, path) =>
        path === `/api/users/${USER_ID}/export` ? { status: 200, body: file } : undefined;
      const createObjectURL = jest.fn((blob: Blob) => {
        expect(blob.type).toBe('application/json');
        return 'blob:streamly-export';
      });
      const revokeObjectURL = jest.fn();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      const clicked: Array<{ href: string; download: string }> = [];
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push({ href: this.href, download: this.download });
      });
      try {
        const { panel } = await openTab('privacy');
        fireEvent.click(within(panel).getByRole('button', { name: texts.downloadMyData }));
        await within(panel).findByText(texts.downloadReady);
        expect(clicked).toEqual([{ href: 'blob:streamly-export', download: exportFileName(new Date()) }]);
        await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:streamly-export'));
      } finally {
        click.mockRestore();
        Reflect.deleteProperty(URL, 'createObjectURL');
        Reflect.deleteProperty(URL, 'revokeObjectURL');
      }
      expect(exportFileName(new Date(2026, 2, 5, 23, 59))).toBe('streamly-data-2026-03-05.json');
    });

    const openDeleteModal = async () => {
      const view = await openTab('privacy');
      fireEvent.click(within(view.panel).getByRole('button', { name: texts.deleteMyAccount }));
      return { ...view, dialog: await screen.findByRole('dialog', { name: texts.deleteConfirmTitle }) };
    };
    const deleteCalls = () => sent.filter(({ path }) => path === `/api/users/${USER_ID}/delete-account`);

    it('asks for the password of an account that has one and shows the server’s refusal in the modal', async () => {
      answer = (_method, path, body) => {
        // The gateway refuses the logout of an erased account's token, as it does any call of it.
        if (path === '/api/auth/logout')
          return {
            status: 401,
            body: { code: 'UNAUTHORIZED', message: 'Unauthorized', correlationId: 'c-1' },
          };
        if (path !== `/api/users/${USER_ID}/delete-account`) return undefined;
        return (body as { password?: string }).password === 'right-password'
          ? { status: 204, body: undefined }
          : { status: 403, body: { code: 'FORBIDDEN', message: texts.wrongPassword, correlationId: 'c-2' } };
      };
      const { dialog, router } = await openDeleteModal();

      fireEvent.click(within(dialog).getByRole('button', { name: texts.deleteConfirm }));
      within(dialog).getByText(texts.deletePasswordRequired);
      expect(deleteCalls()).toEqual([]);

      const password = within(dialog).getByLabelText(texts.deletePasswordLabel);
      fireEvent.change(password, { target: { value: 'wrong-password' } });
      fireEvent.click(within(dialog).getByRole('button', { name: texts.deleteConfirm }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('Password is incorrect');

      fireEvent.change(password, { target: { value: 'right-password' } });
      fireEvent.click(within(dialog).getByRole('button', { name: texts.deleteConfirm }));
      // It lands on a page that says the account is gone.
      await waitFor(() => expect(router.location.pathname).toBe('/account-deleted'));
      await screen.findByRole('heading', { level: 1, name: texts.accountDeletedTitle });
      await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
      expect(deleteCalls().map(({ body }) => body)).toEqual([
        { password: 'wrong-password' },
        { password: 'right-password' },
      ]);
      expect(sent.some(({ path }) => path === '/api/auth/logout')).toBe(true);
    });

    it('lists the active plan and the titles bought or rented that end with the account', async () => {
      const plan = {
        planId: 'standard',
        planName: 'Standard',
        amountInr: 499,
        amountPerMonthInr: 166,
        status: 'active',
        currentStart: '2026-01-01T00:00:00.000Z',
        currentEnd: '2026-04-01T00:00:00.000Z',
        nextBilling: '2026-04-01T00:00:00.000Z',
        activeUntil: null,
        scheduledChange: null,
      };
      const owned = (title: string, kind: 'purchase' | 'rental', active: boolean) => ({
        movieId: `65f0c0ffee0000000000000${title.length % 10}`,
        title,
        kind,
        acquiredAt: '2026-01-02T00:00:00.000Z',
        rental: null,
        active,
      });
      answer = (method, path) => {
        if (method === 'GET' && path === `/api/users/${USER_ID}/subscription`)
          return { status: 200, body: { data: plan } };
        if (method === 'GET' && path === `/api/users/${USER_ID}/titles`)
          return {
            status: 200,
            body: {
              data: [
                owned('Golden Hour', 'purchase', true),
                owned('Rain Song', 'rental', true),
                owned('Old Rental', 'rental', false),
              ],
            },
          };
        return undefined;
      };
      const { dialog } = await openDeleteModal();

      await within(dialog).findByText(english('userData:deleteEndsPlan', { plan: 'Standard' }));
      within(dialog).getByText(texts.deleteEnds);
      await within(dialog).findByText(english('userData:deleteEndsBought', { title: 'Golden Hour' }));
      within(dialog).getByText('Rain Song (rented)');
      // A rental that has run out is not lost.
      expect(within(dialog).queryByText(/Old Rental/)).toBeNull();
      expect(deleteCalls()).toEqual([]);
    });

    it('confirms a Google-only account without a password; the server’s "sign in again" is shown', async () => {
      window.localStorage.clear();
      signInAs('user', { hasPassword: false });
      answer = (_method, path) =>
        path === `/api/users/${USER_ID}/delete-account`
          ? { status: 403, body: { code: 'FORBIDDEN', message: texts.signInAgain, correlationId: 'c-3' } }
          : undefined;
      const { dialog } = await openDeleteModal();

      expect(within(dialog).queryByLabelText(texts.deletePasswordLabel)).toBeNull();
      within(dialog).getByText(english('userData:deleteFreshSignIn', { minutes: FRESH_SIGN_IN_MINUTES }));
      fireEvent.click(within(dialog).getByRole('button', { name: texts.deleteConfirm }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'Please sign in again to delete your account',
      );
      expect(deleteCalls().map(({ body }) => body)).toEqual([{}]);
      expect(window.localStorage.getItem('token')).toBe('user-token');
    });
  });
});
