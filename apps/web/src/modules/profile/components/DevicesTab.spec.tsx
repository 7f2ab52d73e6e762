import type { Device } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { deviceStrings as texts, profileStrings } from '../strings';

const device = (id: string, label: string, current = false): Device => ({
  id,
  label,
  browser: null,
  os: null,
  firstSeenAt: '2026-11-20T04:30:00.000Z',
  lastSeenAt: '2026-11-27T13:15:00.000Z',
  current,
});

describe('/userprofile?tab=devices', () => {
  let api: FakeApi;
  let devices: Device[];
  let sent: string[];

  beforeAll(() => import('@web/pages/UserProfilePage'));

  beforeEach(async () => {
    window.localStorage.clear();
    const user = signInAs('user');
    devices = [
      device('laptop', 'Chrome on Windows', true),
      device('phone', 'Safari on iPhone'),
      device('tv', 'Firefox on Linux'),
    ];
    sent = [];
    const base = `/api/users/${user.id}/sessions`;
    api = await startFakeApi((request, url) => {
      if (!url.pathname.startsWith(base)) return undefined;
      sent.push(`${request.method} ${url.pathname}`);
      if (request.method === 'GET') return { status: 200, body: { data: devices } };
      const id = url.pathname.slice(base.length + 1);
      devices = devices.filter((d) => (id ? d.id !== id : d.current));
      return { status: 204, body: undefined };
    });
  });

  afterEach(() => api.close());

  const openDevices = async () => {
    renderApp({ path: '/userprofile?tab=devices', apiBaseUrl: api.baseUrl });
    await waitForPage();
    const panel = screen.getByRole('tabpanel', { name: profileStrings.tabs.devices });
    return within(panel).findByRole('list', { name: texts.listLabel });
  };

  it('lists each device with its first and last seen (en-IN), this one marked and not offered a sign-out', async () => {
    const list = await openDevices();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      `Chrome on Windows${texts.thisDevice}`,
      'Safari on iPhone',
      'Firefox on Linux',
    ]);
    const when = (iso: string) =>
      new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    within(rows[1]).getByText(english('devices:firstSeen', { when: when('2026-11-20T04:30:00.000Z') }));
    within(rows[1]).getByText(english('devices:lastSeen', { when: when('2026-11-27T13:15:00.000Z') }));
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    within(rows[1]).getByRole('button', {
      name: english('devices:signOutLabel', { label: 'Safari on iPhone' }),
    });
  });

  it('signs one device out only once confirmed, and shows the list without it', async () => {
    const list = await openDevices();
    fireEvent.click(
      within(list).getByRole('button', {
        name: english('devices:signOutLabel', { label: 'Safari on iPhone' }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: texts.confirmTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.cancel }));
    expect(sent).toEqual([expect.stringMatching(/^GET /)]);

    fireEvent.click(
      within(list).getByRole('button', {
        name: english('devices:signOutLabel', { label: 'Safari on iPhone' }),
      }),
    );
    const again = await screen.findByRole('dialog', { name: texts.confirmTitle });
    within(again).getByText(english('devices:confirmText', { label: 'Safari on iPhone' }));
    fireEvent.click(within(again).getByRole('button', { name: texts.confirm }));
    await waitFor(() => expect(within(list).queryByText('Safari on iPhone')).toBeNull());
    expect(sent).toContainEqual(expect.stringMatching(/^DELETE \/api\/users\/\w+\/sessions\/phone$/));
  });

  it('signs out all other devices once confirmed, keeping this one', async () => {
    const list = await openDevices();
    fireEvent.click(screen.getByRole('button', { name: texts.signOutOthers }));
    const dialog = await screen.findByRole('dialog', { name: texts.confirmOthersTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.confirm }));
    await screen.findByText(texts.onlyThisDevice);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(sent).toContainEqual(expect.stringMatching(/^DELETE \/api\/users\/\w+\/sessions$/));
  });
});
