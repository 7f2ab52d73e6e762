import type { AdminAction, AdminActionKind, AuditEntry, User } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, apiError } from '@web/modules/auth/testing/auth-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { english } from '@web/shared/i18n/english';
import { uiStrings } from '@web/shared/ui/strings';
import { AUDIT_PAGE_SIZE } from '../hooks/useAdminActions';
import { adminUsersStrings as texts } from '../strings';
import { openAdminDashboard, userCard } from '../testing/admin-dashboard';

const pendingName = (kind: AdminActionKind, username: string) =>
  english(`adminUsers:pendingName.${kind}`, { username });
const awaitingConfirmation = (kind: AdminActionKind, username: string) =>
  english('adminUsers:awaitingConfirmation', { action: pendingName(kind, username) });
const pendingOnCard = (kind: AdminActionKind) =>
  english('adminUsers:pendingOnCard', { kind: texts.kinds[kind] });

type Answer = { status: number; body: unknown };

/** What the gateway answers (DECISIONS 34), as the server's contract words it. */
const server = {
  awaiting: 'Another admin must confirm this before it takes effect.',
  confirmed: 'Confirmed: the change took effect.',
  cancelled: 'Request cancelled.',
  cannotConfirmOwn: 'Another admin must confirm your request.',
  lastAdmin:
    'The last active admin cannot be demoted, suspended, banned or removed. Make another user an admin first.',
};

describe('Manage Users: peer admins and the audit log (DECISIONS 34)', () => {
  let api: FakeApi;
  let users: User[];
  let requests: AdminAction[];
  let audit: AuditEntry[];
  let override: Record<string, Answer>;
  let sent: Array<{ method: string | undefined; path: string; search: string }>;
  const root = aUser({ role: 'admin', username: 'root' });
  const session = { user: root, token: 'tok-root' };
  const ref = (user: User) => ({ id: user.id, username: user.username });
  let requestSeq = 0;

  const newRequest = (kind: AdminActionKind, target: User, by: User): AdminAction => {
    requestSeq += 1;
    const request: AdminAction = {
      id: `65f0bbbbbbbbbbbbbbbb${String(requestSeq).padStart(4, '0')}`,
      kind,
      target: ref(target),
      requestedBy: ref(by),
      requestedAt: '2026-03-01T10:00:00.000Z',
      expiresAt: '2026-03-02T10:00:00.000Z',
      status: 'pending',
      decidedBy: null,
      decidedAt: null,
      reason: null,
    };
    requests.push(request);
    return request;
  };
  const accepted = (request: AdminAction): Answer => ({
    status: 202,
    body: { success: true, action: request, message: server.awaiting },
  });
  const userAt = (id: string) => users.find((user) => user.id === id) as User;

  beforeEach(async () => {
    users = [
      root,
      aUser({ role: 'admin', username: 'deputy' }),
      aUser({ role: 'admin', username: 'third' }),
      aUser({ username: 'asha' }),
    ];
    requests = [];
    audit = [];
    override = {};
    sent = [];
    api = await startFakeApi((request, url, body) => {
      sent.push({ method: request.method, path: url.pathname, search: url.search });
      const key = `${request.method} ${url.pathname}`;
      if (override[key]) return override[key];
      if (key === 'GET /api/users')
        return {
          status: 200,
          body: { success: true, data: users, page: 1, pageSize: 24, total: users.length },
        };
      if (key === 'GET /api/admin/admin-actions')
        return { status: 200, body: { data: requests.filter((item) => item.status === 'pending') } };
      if (key === 'GET /api/admin/audit-log') {
        const page = Number(url.searchParams.get('page'));
        const pageSize = Number(url.searchParams.get('pageSize'));
        // As auth-service filters (issue 22): an id whole, or a part of a name, any case; one kind.
        const matches = (text: string | null, { id, name }: { id: string; name: string }) =>
          !text || id === text || name.toLowerCase().includes(text.toLowerCase());
        const action = url.searchParams.get('action');
        const found = audit.filter(
          (entry) =>
            matches(url.searchParams.get('actor'), { id: entry.actor.id, name: entry.actor.username }) &&
            matches(url.searchParams.get('target'), entry.target) &&
            (!action || entry.action === action),
        );
        const data = found.slice((page - 1) * pageSize, page * pageSize);
        return { status: 200, body: { data, page, pageSize, total: found.length } };
      }
      // As the gateway does: a change to another admin waits (202), anything else applies (200).
      const role = /^PUT \/api\/users\/([^/]+)\/role$/.exec(key);
      if (role) {
        const target = userAt(role[1]);
        const wanted = (body as { role: User['role'] }).role;
        if (target.role === 'admin' && wanted === 'user') return accepted(newRequest('demote', target, root));
        // Another active admin exists: a promotion waits for them (DECISIONS 34, issue 22).
        if (target.role === 'user' && wanted === 'admin')
          return accepted(newRequest('promote', target, root));
        users = users.map((user) => (user.id === target.id ? { ...user, role: wanted } : user));
        return { status: 200, body: { success: true, data: userAt(target.id) } };
      }
      const edit = /^PUT \/api\/users\/([^/]+)$/.exec(key);
      if (edit && (body as Partial<User>).status === 'banned' && userAt(edit[1]).role === 'admin')
        return accepted(newRequest('ban', userAt(edit[1]), root));
      const remove = /^DELETE \/api\/users\/([^/]+)$/.exec(key);
      if (remove && userAt(remove[1]).role === 'admin')
        return accepted(newRequest('remove', userAt(remove[1]), root));
      const decide = /^POST \/api\/admin\/admin-actions\/([^/]+)\/(confirm|cancel)$/.exec(key);
      if (decide) {
        const request = requests.find((item) => item.id === decide[1]) as AdminAction;
        if (decide[2] === 'confirm' && request.requestedBy.id === root.id)
          return apiError(403, 'FORBIDDEN', server.cannotConfirmOwn);
        request.status = decide[2] === 'confirm' ? 'confirmed' : 'cancelled';
        request.decidedBy = ref(root);
        if (request.status === 'confirmed' && request.kind === 'demote')
          users = users.map((user) => (user.id === request.target.id ? { ...user, role: 'user' } : user));
        const message = request.status === 'confirmed' ? server.confirmed : server.cancelled;
        return { status: 200, body: { success: true, data: request, message } };
      }
      return undefined;
    });
  });

  afterEach(async () => {
    window.localStorage.clear();
    await api.close();
  });

  const open = () => openAdminDashboard(api, session, 'deputy');
  const waiting = (name: string) => screen.findByRole('listitem', { name });
  const status = () => screen.getAllByRole('status').map((region) => region.textContent ?? '');

  it('demoting another admin: the 202 is explained in a toast, the card stays Admin, the request waits for another admin', async () => {
    await open();
    fireEvent.click(within(userCard('deputy')).getByRole('button', { name: texts.demote }));

    const toast = await screen.findByText(awaitingConfirmation('demote', 'deputy'));
    expect(toast.closest('[role="status"]')).toBeTruthy();
    const request = await waiting(pendingName('demote', 'deputy'));
    within(request).getByText(texts.waitingForAnother);
    expect(within(request).queryByRole('button', { name: texts.confirmAction })).toBeNull();
    within(request).getByRole('button', { name: texts.cancelAction });
    within(userCard('deputy')).getByText('Admin');
    within(userCard('deputy')).getByText(pendingOnCard('demote'));
  });

  it('banning another admin in the edit modal: the modal closes and the toast says it waits', async () => {
    await open();
    fireEvent.click(within(userCard('third')).getByRole('button', { name: texts.editProfile }));
    const dialog = screen.getByRole('dialog', { name: texts.editTitle });
    fireEvent.change(within(dialog).getByLabelText(texts.status), { target: { value: 'banned' } });
    fireEvent.click(within(dialog).getByRole('button', { name: texts.save }));

    await screen.findByText(awaitingConfirmation('ban', 'third'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waiting(pendingName('ban', 'third'));
    within(userCard('third')).getByText('Active');
  });

  it('removing another admin: the user stays in the grid while the request waits', async () => {
    await open();
    fireEvent.click(within(userCard('deputy')).getByRole('button', { name: texts.remove }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: texts.remove }));

    await screen.findByText(awaitingConfirmation('remove', 'deputy'));
    await waiting(pendingName('remove', 'deputy'));
    userCard('deputy');
    expect(status().join(' ')).not.toContain(texts.removed);
  });

  it("another admin's request: Confirm runs it, the server's message is shown, the request goes and the card changes", async () => {
    newRequest('demote', users[1], users[2]);
    await open();
    const request = await waiting(pendingName('demote', 'deputy'));
    within(request).getByText(/^Asked by third on 1 Mar 2026/);
    fireEvent.click(within(request).getByRole('button', { name: texts.confirmAction }));

    expect((await screen.findByText(server.confirmed)).closest('[role="status"]')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: pendingName('demote', 'deputy') })).toBeNull(),
    );
    await waitFor(() => within(userCard('deputy')).getByRole('button', { name: texts.promote }));
    expect(sent).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/api/admin/admin-actions/${requests[0].id}/confirm` }),
    );
  });

  it('a refused confirmation shows the reason the server gives', async () => {
    const request = newRequest('demote', users[1], users[2]);
    override[`POST /api/admin/admin-actions/${request.id}/confirm`] = apiError(
      409,
      'CONFLICT',
      server.lastAdmin,
    );
    await open();
    fireEvent.click(
      within(await waiting(pendingName('demote', 'deputy'))).getByRole('button', {
        name: texts.confirmAction,
      }),
    );

    expect((await screen.findByText(server.lastAdmin)).closest('[role="alert"]')).toBeTruthy();
  });

  it('the requester cancels their own request', async () => {
    newRequest('ban', users[1], root);
    await open();
    fireEvent.click(
      within(await waiting(pendingName('ban', 'deputy'))).getByRole('button', {
        name: texts.cancelAction,
      }),
    );

    await screen.findByText(server.cancelled);
    await waitFor(() => expect(screen.queryByRole('heading', { name: texts.pendingTitle })).toBeNull());
    expect(sent).toContainEqual(
      expect.objectContaining({ method: 'POST', path: `/api/admin/admin-actions/${requests[0].id}/cancel` }),
    );
  });

  it('promoting a viewer while another admin is active: the toast says it waits, the card stays a user', async () => {
    await open();
    fireEvent.click(within(userCard('asha')).getByRole('button', { name: texts.promote }));

    await screen.findByText(awaitingConfirmation('promote', 'asha'));
    screen.getByText(/^Promoting asha needs a second admin/);
    await waiting(pendingName('promote', 'asha'));
    within(userCard('asha')).getByText(pendingOnCard('promote'));
    within(userCard('asha')).getByRole('button', { name: texts.promote });
    within(userCard('asha')).getByText('User');
  });

  let entrySeq = 0;
  const auditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => {
    entrySeq += 1;
    return {
      id: `65f0cccccccccccccccc${String(entrySeq).padStart(4, '0')}`,
      at: '2026-03-01T10:00:00.000Z',
      actor: ref(root),
      action: 'role.change',
      target: { type: 'user', id: users[1].id, name: 'deputy' },
      detail: 'user → admin',
      before: 'role user',
      after: 'role admin',
      outcome: 'applied',
      reason: null,
      actionId: null,
      correlationId: null,
      ...overrides,
    };
  };
  const filterForm = () => screen.getByRole('form', { name: texts.auditFilters.label });

  it('filters the audit log on the server by admin, target and kind, from page 1; Clear shows all again', async () => {
    const asha = users[3];
    audit = [
      auditEntry({
        action: 'payment.refund',
        target: { type: 'user', id: asha.id, name: 'asha' },
        detail: 'refund of pay_1: ₹1,200.00 (purchase of Lagaan)',
        before: '₹1,200.00 captured',
        after: '₹1,200.00 refunded, refund processed',
        correlationId: 'corr-refund',
      }),
      auditEntry({
        actor: ref(users[1]),
        action: 'favorites.change',
        target: { type: 'user', id: asha.id, name: 'asha' },
        detail: 'added Lagaan to favorites',
      }),
      auditEntry({
        action: 'movie.publish',
        target: { type: 'title', id: '65f0dddddddddddddddd0001', name: 'Lagaan' },
        detail: 'published movie Lagaan',
        before: 'draft',
        after: 'published',
      }),
    ];
    await open();
    const log = await screen.findByRole('table', { name: texts.auditCaption });
    expect(within(log).getAllByRole('row')).toHaveLength(4);

    const form = filterForm();
    fireEvent.change(within(form).getByLabelText(texts.auditFilters.actor), { target: { value: ' Root ' } });
    fireEvent.change(within(form).getByLabelText(texts.auditFilters.target), { target: { value: 'ash' } });
    fireEvent.change(within(form).getByLabelText(texts.auditFilters.kind), {
      target: { value: 'payment.refund' },
    });
    fireEvent.click(within(form).getByRole('button', { name: texts.auditFilters.apply }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: texts.auditCaption })).getAllByRole('row'),
      ).toHaveLength(2),
    );
    const row = within(screen.getByRole('table', { name: texts.auditCaption })).getAllByRole('row')[1];
    for (const text of [
      'root',
      texts.auditActions['payment.refund'],
      'asha',
      'refund of pay_1: ₹1,200.00 (purchase of Lagaan)',
      english('adminUsers:auditChange', {
        before: '₹1,200.00 captured',
        after: '₹1,200.00 refunded, refund processed',
      }),
    ])
      within(row).getByText(text);
    expect(sent.at(-1)).toMatchObject({
      path: '/api/admin/audit-log',
      search: `?page=1&pageSize=${AUDIT_PAGE_SIZE}&actor=Root&target=ash&action=payment.refund`,
    });

    fireEvent.click(within(filterForm()).getByRole('button', { name: texts.auditFilters.clear }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: texts.auditCaption })).getAllByRole('row'),
      ).toHaveLength(4),
    );
    expect(sent.at(-1)).toMatchObject({ search: `?page=1&pageSize=${AUDIT_PAGE_SIZE}` });
    expect(within(filterForm()).getByLabelText(texts.auditFilters.actor)).toHaveProperty('value', '');
  });

  it('says when no entry matches the filters', async () => {
    audit = [auditEntry()];
    await open();
    await screen.findByRole('table', { name: texts.auditCaption });
    fireEvent.change(within(filterForm()).getByLabelText(texts.auditFilters.kind), {
      target: { value: 'media.upload' },
    });
    fireEvent.click(within(filterForm()).getByRole('button', { name: texts.auditFilters.apply }));

    await screen.findByText(texts.auditEmptyFiltered);
  });

  it('refuses a filter longer than the server takes, and asks the server nothing', async () => {
    await open();
    await screen.findByText(texts.auditEmpty);
    const asked = sent.filter(({ path }) => path === '/api/admin/audit-log').length;
    fireEvent.change(within(filterForm()).getByLabelText(texts.auditFilters.target), {
      target: { value: 'x'.repeat(101) },
    });
    fireEvent.click(within(filterForm()).getByRole('button', { name: texts.auditFilters.apply }));

    await screen.findByText(texts.auditFilters.tooLong);
    expect(sent.filter(({ path }) => path === '/api/admin/audit-log')).toHaveLength(asked);
  });

  it('shows the audit log, newest first, and pages through it', async () => {
    audit = Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, i) =>
      auditEntry({
        action: i === 0 ? 'action.confirm' : 'role.change',
        target: { type: 'user', id: users[1].id, name: i === 0 ? 'deputy' : `target${i}` },
        detail: i === 0 ? 'demote (asked by third)' : 'user → admin',
        outcome: i === 0 ? 'refused' : 'applied',
        reason: i === 0 ? server.lastAdmin : null,
      }),
    );
    await open();

    const log = await screen.findByRole('table', { name: texts.auditCaption });
    const first = within(log).getAllByRole('row')[1];
    for (const text of ['root', texts.auditActions['action.confirm'], 'deputy', 'demote (asked by third)'])
      within(first).getByText(text);
    within(first).getByText(texts.auditOutcomes.refused);
    within(first).getByText(server.lastAdmin);
    expect(within(log).getAllByRole('row')).toHaveLength(AUDIT_PAGE_SIZE + 1);

    const pager = screen.getByRole('navigation', { name: english('ui:pageOf', { page: 1, pages: 2 }) });
    fireEvent.click(within(pager).getByRole('button', { name: uiStrings.next }));
    await screen.findByText(`target${AUDIT_PAGE_SIZE + 4}`);
    expect(sent).toContainEqual(
      expect.objectContaining({
        path: '/api/admin/audit-log',
        search: `?page=2&pageSize=${AUDIT_PAGE_SIZE}`,
      }),
    );
  });

  it.each([
    [texts.auditEmpty, { status: 200, body: { data: [], page: 1, pageSize: AUDIT_PAGE_SIZE, total: 0 } }],
    [texts.auditFailed, { status: 500, body: { code: 'INTERNAL', message: 'x', correlationId: 'c' } }],
    [texts.auditFailed, { status: 200, body: { entries: [] } }],
  ])("the audit log says '%s'", async (text, answer) => {
    override['GET /api/admin/audit-log'] = answer;
    await open();

    await screen.findByText(text);
  });
});
