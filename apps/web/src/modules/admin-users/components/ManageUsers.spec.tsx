import type { User } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { aUser, apiError, renderAuthApp } from '@web/modules/auth/testing/auth-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { english } from '@web/shared/i18n/english';
import { uiStrings } from '@web/shared/ui/strings';
import { adminUsersStrings as texts } from '../strings';
import { adminUsersStringsHi as hindi } from '../strings.hi';
import { openAdminDashboard, userCard } from '../testing/admin-dashboard';

type Answer = { status: number; body: unknown };

describe('Manage Users (SPEC 2, 5, 8)', () => {
  let api: FakeApi;
  let users: User[];
  let override: Record<string, Answer>;
  let sent: Array<{ method: string | undefined; path: string; body: unknown; auth: string | undefined }>;
  let listQueries: string[];
  const admin = aUser({ role: 'admin', username: 'root' });
  const session = { user: admin, token: 'tok-admin' };

  beforeEach(async () => {
    users = [admin, aUser({ username: 'asha' }), aUser({ username: 'ravi', status: 'suspended' })];
    override = {};
    sent = [];
    listQueries = [];
    api = await startFakeApi((request, url, body) => {
      sent.push({ method: request.method, path: url.pathname, body, auth: request.headers.authorization });
      const key = `${request.method} ${url.pathname}`;
      if (override[key]) return override[key];
      if (key === 'GET /api/users') {
        // Pages as the gateway does: newest first as stored, `{ success, data, page, pageSize, total }`.
        listQueries.push(url.search);
        const page = Number(url.searchParams.get('page') ?? 1);
        const pageSize = Number(url.searchParams.get('pageSize') ?? 24);
        return {
          status: 200,
          body: {
            success: true,
            data: users.slice((page - 1) * pageSize, page * pageSize),
            page,
            pageSize,
            total: users.length,
          },
        };
      }
      const role = /^PUT \/api\/users\/([^/]+)\/role$/.exec(key);
      if (role) {
        users = users.map((user) =>
          user.id === role[1] ? { ...user, role: (body as { role: User['role'] }).role } : user,
        );
        return { status: 200, body: { success: true, data: users.find((user) => user.id === role[1]) } };
      }
      const edit = /^PUT \/api\/users\/([^/]+)$/.exec(key);
      if (edit) {
        users = users.map((user) => (user.id === edit[1] ? { ...user, ...(body as Partial<User>) } : user));
        return {
          status: 200,
          body: {
            success: true,
            data: users.find((user) => user.id === edit[1]),
            message: 'User updated successfully',
          },
        };
      }
      const remove = /^DELETE \/api\/users\/([^/]+)$/.exec(key);
      if (remove) {
        users = users.filter((user) => user.id !== remove[1]);
        return { status: 200, body: { success: true, message: 'User removed successfully' } };
      }
      return undefined;
    });
  });

  afterEach(async () => {
    window.localStorage.clear();
    await api.close();
  });

  const open = () => openAdminDashboard(api, session, 'asha');

  it("shows header 'Admin', Logout, Manage Movies and every user's username, email, role, status and joined date", async () => {
    await open();

    screen.getByRole('heading', { level: 1, name: 'Admin' });
    screen.getByRole('button', { name: 'Logout' });
    screen.getByRole('heading', { name: 'Manage Movies' });
    const asha = userCard('asha');
    within(asha).getByText(users[1].email);
    within(asha).getByText('User');
    within(asha).getByText('Active');
    within(asha).getByText('Joined 12 Jan 2025');
    within(userCard('ravi')).getByText('Suspended');
    within(userCard('root')).getByRole('button', { name: texts.demote });
    within(asha).getByRole('button', { name: texts.promote });
    expect(sent).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/users', auth: 'Bearer tok-admin' }),
    );
  });

  it('shows Manage Users in Hindi once the interface is Hindi: cards, joined dates, filters and the audit log', async () => {
    await act(() => i18next.changeLanguage('hi'));
    await open();

    screen.getByRole('heading', { name: hindi.title });
    screen.getByText('3 यूज़र');
    const asha = userCard('asha');
    within(asha).getByText(hindi.roles.user);
    within(asha).getByText(hindi.statuses.active);
    within(asha).getByText('12 जन॰ 2025 को जुड़े');
    within(asha).getByRole('group', { name: 'asha के लिए कार्रवाइयाँ' });
    within(asha).getByRole('button', { name: hindi.promote });
    within(userCard('ravi')).getByText(hindi.statuses.suspended);
    fireEvent.click(screen.getByRole('button', { name: hindi.filters.admin }));
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual(['root']);
    screen.getByRole('form', { name: hindi.auditFilters.label });
  });

  it('filters by role: All Users, Regular Users, Admins', async () => {
    await open();

    fireEvent.click(screen.getByRole('button', { name: texts.filters.admin }));
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual(['root']);
    fireEvent.click(screen.getByRole('button', { name: texts.filters.user }));
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'asha',
      'ravi',
    ]);
    fireEvent.click(screen.getByRole('button', { name: texts.filters.all }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('shows no page controls while every user fits on one page', async () => {
    await open();

    expect(screen.queryByRole('button', { name: uiStrings.next })).toBeNull();
    expect(listQueries).toEqual(['?page=1&pageSize=24']);
  });

  it('pages through more users than fit on one page with Previous and Next', async () => {
    users = [...users, ...Array.from({ length: 27 }, (_, i) => aUser({ username: `viewer${i + 1}` }))];
    await open();

    expect(screen.getAllByRole('article')).toHaveLength(24);
    screen.getByText(english('ui:pageOf', { page: 1, pages: 2 }));
    expect((screen.getByRole('button', { name: uiStrings.previous }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: uiStrings.next }));

    await screen.findByRole('heading', { name: 'viewer27' });
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'viewer22',
      'viewer23',
      'viewer24',
      'viewer25',
      'viewer26',
      'viewer27',
    ]);
    screen.getByText(english('ui:pageOf', { page: 2, pages: 2 }));
    expect((screen.getByRole('button', { name: uiStrings.next }) as HTMLButtonElement).disabled).toBe(true);
    expect(listQueries.at(-1)).toBe('?page=2&pageSize=24');

    fireEvent.click(screen.getByRole('button', { name: uiStrings.previous }));
    await screen.findByRole('heading', { name: 'asha' });
    screen.getByText(english('ui:pageOf', { page: 1, pages: 2 }));
  });

  it('promotes a user and the card shows the new role', async () => {
    await open();
    fireEvent.click(within(userCard('asha')).getByRole('button', { name: texts.promote }));

    await waitFor(() => within(userCard('asha')).getByRole('button', { name: texts.demote }));
    within(userCard('asha')).getByText('Admin');
    expect(sent).toContainEqual({
      method: 'PUT',
      path: `/api/users/${users[1].id}/role`,
      body: { role: 'admin' },
      auth: 'Bearer tok-admin',
    });
  });

  it("says 'Failed to update user role' when the change fails", async () => {
    override[`PUT /api/users/${users[1].id}/role`] = apiError(403, 'FORBIDDEN', 'Admin access required');
    await open();
    fireEvent.click(within(userCard('asha')).getByRole('button', { name: texts.promote }));

    expect((await screen.findByText(texts.roleFailed)).closest('[role="alert"]')).toBeTruthy();
    within(userCard('asha')).getByRole('button', { name: texts.promote });
  });

  it("edits a profile in the modal and says 'User updated successfully'", async () => {
    await open();
    fireEvent.click(within(userCard('ravi')).getByRole('button', { name: texts.editProfile }));
    const dialog = screen.getByRole('dialog', { name: texts.editTitle });
    fireEvent.change(within(dialog).getByLabelText(texts.username), { target: { value: 'ravi.k' } });
    fireEvent.change(within(dialog).getByLabelText(texts.status), { target: { value: 'active' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.save }));

    expect((await screen.findByText(texts.updated)).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    within(userCard('ravi.k')).getByText('Active');
    expect(sent).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        path: `/api/users/${users[2].id}`,
        body: { username: 'ravi.k', status: 'active' },
      }),
    );
  });

  it("says 'Failed to update user ({status})' when the edit fails", async () => {
    override[`PUT /api/users/${users[1].id}`] = apiError(409, 'CONFLICT', 'Email is already registered');
    await open();
    fireEvent.click(within(userCard('asha')).getByRole('button', { name: texts.editProfile }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: texts.save }));

    await screen.findByText('Failed to update user (409)');
    screen.getByRole('dialog');
  });

  it("asks 'Are you sure you want to remove this user?'; Cancel keeps the user, Remove removes them", async () => {
    await open();
    fireEvent.click(within(userCard('asha')).getByRole('button', { name: texts.remove }));
    within(screen.getByRole('dialog')).getByText(texts.confirmRemove);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: texts.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(within(userCard('asha')).getByRole('button', { name: texts.remove }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: texts.remove }));

    await screen.findByText(texts.removed);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'asha' })).toBeNull());
  });

  it("says 'Failed to remove user' when removing fails", async () => {
    override[`DELETE /api/users/${users[1].id}`] = { status: 500, body: '' };
    await open();
    fireEvent.click(within(userCard('asha')).getByRole('button', { name: texts.remove }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: texts.remove }));

    await screen.findByText(texts.removeFailed);
    userCard('asha');
  });

  it.each([
    [
      'HTTP error! status: 500',
      { status: 500, body: { code: 'INTERNAL', message: 'x', correlationId: 'c' } },
    ],
    ['Invalid response format from server', { status: 200, body: { users: [] } }],
    ['No users found', { status: 200, body: { success: true, data: [], page: 1, pageSize: 24, total: 0 } }],
    ['Invalid response format from server', { status: 200, body: { success: true, data: [] } }],
  ])("shows '%s'", async (text, answer) => {
    override['GET /api/users'] = answer;
    renderAuthApp({ path: '/admindashboard', apiBaseUrl: api.baseUrl, session });

    await screen.findByText(text);
  });
});
