import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { AdminAction, UserChangeOutcome } from '@app/contracts';
import {
  AdminActionKind,
  AdminActionStatus,
  AdminMessages,
  AuditAction,
  AuditOutcome,
  AuthMessages,
  AuthPatterns,
  AuthRpc,
  ErrorCode,
  Role,
  UserStatus,
} from '@app/contracts';
import type { ServiceUnderTest } from '@app/server-testing';
import { failure } from '@app/server-testing';
import { AdminActionRecord } from '../src/admin-actions/admin-action.schema';
import { startAuthSuite, type AuthContext, type AuthSuite, type TestUser } from './auth-context';
import { signIn } from './auth-helpers';

const ip = '192.0.2.34';

describe('auth-service: peer admins, bans and the audit log (DECISIONS 34) against real MongoDB and Redis', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let ctx: AuthContext;
  let requests: Model<AdminActionRecord>;

  const login = (email: string, password: string) => signIn(service, { email, password, clientIp: ip });
  const resolve = (token: string) => service.call(AuthRpc.resolveSession, { token });
  const changeRole = (actorId: string, userId: string, role: Role) =>
    service.call(AuthRpc.changeRole, { actorId, userId, role });
  const setStatus = (actorId: string, userId: string, status: UserStatus) =>
    service.call(AuthRpc.updateUser, { actorId, userId, status });
  const confirm = (actorId: string, actionId: string) =>
    service.call(AuthRpc.confirmAdminAction, { actorId, actionId });
  const cancel = (actorId: string, actionId: string) =>
    service.call(AuthRpc.cancelAdminAction, { actorId, actionId });
  const pending = () => service.call(AuthRpc.listAdminActions, {});
  const stored = async (id: string) => ctx.users.findById(id);
  const activeAdmins = async () =>
    (await service.call(AuthRpc.listUsers, { pageSize: 100 })).data.filter(
      (user) => user.role === Role.Admin && user.status === UserStatus.Active,
    );
  const requestOf = (outcome: UserChangeOutcome | { outcome: 'applied' }): AdminAction => {
    if (outcome.outcome !== 'pending') throw new Error(`expected a pending request, got ${outcome.outcome}`);
    return outcome.action;
  };

  /** `actor` asks for `role` for `target`, another admin or a promotion: a pending request of `kind` is the answer. */
  const requestRole = async (actor: TestUser, target: TestUser, role: Role, kind: AdminActionKind) => {
    const request = requestOf(await changeRole(actor.id, target.id, role));
    expect(request).toMatchObject({
      kind,
      status: AdminActionStatus.Pending,
      target: { id: target.id },
      requestedBy: { id: actor.id },
    });
    return request;
  };

  beforeAll(async () => {
    suite = await startAuthSuite('auth-admin-actions');
    ({ service, ctx } = suite);
    requests = service.app.get<Model<AdminActionRecord>>(getModelToken(AdminActionRecord.name));
  });

  /**
   * The last-admin rule counts every active admin in the database: each test starts with none active and makes
   * the admins it needs (the earlier tests' admins are suspended, through the repository).
   */
  beforeEach(async () => {
    const { items } = await ctx.users.page(0, 10_000);
    for (const user of items)
      if (user.role === Role.Admin && user.status === UserStatus.Active)
        await ctx.users.update(user._id.toHexString(), { status: UserStatus.Suspended });
  });

  afterAll(() => suite?.close());

  describe('never the last active admin', () => {
    it('refuses to suspend, ban, demote or remove the only active admin (409), and changes nothing', async () => {
      // Acting through the RPC as an admin the gateway would no longer let in (suspended): the rule holds anyway.
      const [only, suspended] = [await ctx.newAdmin(), await ctx.newAdmin()];
      await ctx.users.update(suspended.id, { status: UserStatus.Suspended });
      for (const attempt of [
        () => setStatus(suspended.id, only.id, UserStatus.Suspended),
        () => setStatus(suspended.id, only.id, UserStatus.Banned),
        () => changeRole(suspended.id, only.id, Role.User),
        () => service.call(AuthRpc.removeUser, { actorId: suspended.id, userId: only.id }),
      ])
        expect(await failure(attempt())).toMatchObject({
          code: ErrorCode.Conflict,
          message: AdminMessages.lastAdmin,
        });
      expect(await requests.countDocuments({ targetId: only.id })).toBe(0);
      expect(await stored(only.id)).toMatchObject({
        role: Role.Admin,
        status: UserStatus.Active,
        tokenVersion: 0,
      });
      expect((await activeAdmins()).map((user) => user.id)).toEqual([only.id]);
    });

    it('two admins suspending each other at the same moment: at least one stays active', async () => {
      const [first, second] = [await ctx.newAdmin(), await ctx.newAdmin()];
      const results = await Promise.allSettled([
        setStatus(first.id, second.id, UserStatus.Suspended),
        setStatus(second.id, first.id, UserStatus.Suspended),
      ]);
      expect(results.some((result) => result.status === 'rejected')).toBe(true);
      expect((await activeAdmins()).length).toBeGreaterThanOrEqual(1);
    });

    it("two admins racing to demote each other (each confirming the other's request): never zero admins", async () => {
      const [first, second] = [await ctx.newAdmin(), await ctx.newAdmin()];
      const demoteSecond = requestOf(await changeRole(first.id, second.id, Role.User));
      const demoteFirst = requestOf(await changeRole(second.id, first.id, Role.User));
      const results = await Promise.allSettled([
        confirm(first.id, demoteFirst.id),
        confirm(second.id, demoteSecond.id),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled').length).toBeLessThanOrEqual(1);
      const left = await activeAdmins();
      expect(left.length).toBeGreaterThanOrEqual(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
        code: ErrorCode.Conflict,
        message: AdminMessages.lastAdmin,
      });
    });

    it('a confirmation checks the rule again: the last active admin is not demoted by a request made earlier', async () => {
      const [asker, target] = [await ctx.newAdmin(), await ctx.newAdmin()];
      const request = requestOf(await changeRole(asker.id, target.id, Role.User));
      await setStatus(target.id, asker.id, UserStatus.Suspended);
      expect(await failure(confirm(target.id, request.id))).toMatchObject({
        code: ErrorCode.Conflict,
        message: AdminMessages.lastAdmin,
      });
      expect(await stored(target.id)).toMatchObject({ role: Role.Admin, status: UserStatus.Active });
      expect((await requests.findById(request.id).lean())?.status).toBe(AdminActionStatus.Refused);
      expect((await pending()).map((action) => action.id)).not.toContain(request.id);
    });
  });

  describe('acting on another admin waits for a second admin', () => {
    it('demote: 202-style pending request; the requester cannot confirm it (403); another admin can, once', async () => {
      const [root, deputy, third] = [await ctx.newAdmin(), await ctx.newAdmin(), await ctx.newAdmin()];
      const request = await requestRole(root, deputy, Role.User, AdminActionKind.Demote);
      expect((await stored(deputy.id))?.role).toBe(Role.Admin);
      expect((await pending()).map((action) => action.id)).toContain(request.id);

      expect(await failure(confirm(root.id, request.id))).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AdminMessages.cannotConfirmOwn,
      });
      expect((await stored(deputy.id))?.role).toBe(Role.Admin);

      expect(await confirm(third.id, request.id)).toMatchObject({
        status: AdminActionStatus.Confirmed,
        decidedBy: { id: third.id },
      });
      expect((await stored(deputy.id))?.role).toBe(Role.User);
      expect(await failure(confirm(third.id, request.id))).toMatchObject({
        code: ErrorCode.Conflict,
        message: AdminMessages.actionClosed,
      });
    });

    it('promote (DECISIONS 34): the user stays a user until a second admin confirms; the requester cannot', async () => {
      const [root, deputy, viewer] = [await ctx.newAdmin(), await ctx.newAdmin(), await ctx.newUser()];
      const { token } = await login(viewer.email, viewer.password);
      const request = await requestRole(root, viewer, Role.Admin, AdminActionKind.Promote);
      expect((await stored(viewer.id))?.role).toBe(Role.User);
      expect((await resolve(token)).role).toBe(Role.User);
      expect(await failure(confirm(root.id, request.id))).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AdminMessages.cannotConfirmOwn,
      });
      expect((await stored(viewer.id))?.role).toBe(Role.User);

      await confirm(deputy.id, request.id);
      expect((await stored(viewer.id))?.role).toBe(Role.Admin);
      expect((await resolve(token)).role).toBe(Role.Admin);
    });

    it('promote by the only active admin applies at once: no second admin could ever confirm it', async () => {
      const [root, viewer] = [await ctx.newAdmin(), await ctx.newUser()];
      expect(await changeRole(root.id, viewer.id, Role.Admin)).toMatchObject({
        outcome: 'applied',
        user: { role: Role.Admin },
      });
    });

    it('remove: nothing is removed until confirmed; a cancelled request cannot be confirmed', async () => {
      const [root, deputy, third] = [await ctx.newAdmin(), await ctx.newAdmin(), await ctx.newAdmin()];
      const request = requestOf(
        await service.call(AuthRpc.removeUser, { actorId: root.id, userId: deputy.id }),
      );
      expect(await cancel(third.id, request.id)).toMatchObject({
        status: AdminActionStatus.Cancelled,
        decidedBy: { id: third.id },
      });
      expect(await failure(confirm(third.id, request.id))).toMatchObject({
        message: AdminMessages.actionClosed,
      });
      expect(await stored(deputy.id)).not.toBeNull();

      const again = requestOf(
        await service.call(AuthRpc.removeUser, { actorId: root.id, userId: deputy.id }),
      );
      expect(again.id).not.toBe(request.id);
      await confirm(third.id, again.id);
      expect(await stored(deputy.id)).toBeNull();
    });

    it('an expired request cannot be confirmed (409) and leaves the list; the admin can be asked about again', async () => {
      const [root, deputy, third] = [await ctx.newAdmin(), await ctx.newAdmin(), await ctx.newAdmin()];
      const request = requestOf(await changeRole(root.id, deputy.id, Role.User));
      // 24 hours pass.
      await requests.updateOne({ _id: request.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await pending()).map((action) => action.id)).not.toContain(request.id);
      expect(await failure(confirm(third.id, request.id))).toMatchObject({
        code: ErrorCode.Conflict,
        message: AdminMessages.actionExpired,
      });
      expect((await stored(deputy.id))?.role).toBe(Role.Admin);
      const fresh = requestOf(await changeRole(root.id, deputy.id, Role.User));
      expect(fresh.id).not.toBe(request.id);
    });

    it('asking twice (a double click) answers the same request', async () => {
      const [root, deputy] = [await ctx.newAdmin(), await ctx.newAdmin()];
      const [first, second] = await Promise.all([
        setStatus(root.id, deputy.id, UserStatus.Banned),
        setStatus(root.id, deputy.id, UserStatus.Banned),
      ]);
      expect(requestOf(first).id).toBe(requestOf(second).id);
      expect(await requests.countDocuments({ targetId: deputy.id })).toBe(1);
    });

    it('a non-admin is changed at once, as before', async () => {
      const [admin, viewer] = [await ctx.newAdmin(), await ctx.newUser()];
      expect(await changeRole(admin.id, viewer.id, Role.Admin)).toMatchObject({
        outcome: 'applied',
        user: { role: Role.Admin },
      });
      const other = await ctx.newUser();
      expect(await service.call(AuthRpc.removeUser, { actorId: admin.id, userId: other.id })).toEqual({
        outcome: 'applied',
      });
    });
  });

  describe('a ban ends every session; a suspension keeps them', () => {
    it("a banned user's tokens are refused (401) and stay refused after the ban is lifted", async () => {
      const [admin, viewer] = [await ctx.newAdmin(), await ctx.newUser()];
      const [laptop, phone] = [
        await login(viewer.email, viewer.password),
        await login(viewer.email, viewer.password),
      ];
      await setStatus(admin.id, viewer.id, UserStatus.Banned);
      for (const { token } of [laptop, phone])
        expect(await failure(resolve(token))).toMatchObject({
          code: ErrorCode.Unauthorized,
          message: AuthMessages.sessionExpired,
        });
      expect(await failure(login(viewer.email, viewer.password))).toMatchObject({
        message: AuthMessages.banned,
      });

      await setStatus(admin.id, viewer.id, UserStatus.Active);
      expect(await failure(resolve(laptop.token))).toMatchObject({ code: ErrorCode.Unauthorized });
      const fresh = await login(viewer.email, viewer.password);
      expect((await resolve(fresh.token)).id).toBe(viewer.id);
    });

    it("a suspended user's token is refused while suspended (403) and works again once reactivated", async () => {
      const [admin, viewer] = [await ctx.newAdmin(), await ctx.newUser()];
      const { token } = await login(viewer.email, viewer.password);
      await setStatus(admin.id, viewer.id, UserStatus.Suspended);
      expect(await failure(resolve(token))).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AuthMessages.suspended,
      });
      await setStatus(admin.id, viewer.id, UserStatus.Active);
      expect((await resolve(token)).id).toBe(viewer.id);
    });

    it("a confirmed ban of an admin ends that admin's sessions", async () => {
      const [root, deputy, third] = [await ctx.newAdmin(), await ctx.newAdmin(), await ctx.newAdmin()];
      const { token } = await login(deputy.email, deputy.password);
      const request = requestOf(await setStatus(root.id, deputy.id, UserStatus.Banned));
      expect((await resolve(token)).role).toBe(Role.Admin);
      await confirm(third.id, request.id);
      expect(await failure(resolve(token))).toMatchObject({ code: ErrorCode.Unauthorized });
    });
  });

  describe('the audit log', () => {
    it('records who did what to whom and how it ended, newest first, a page at a time', async () => {
      const [root, deputy, third] = [
        await ctx.newAdmin({ username: 'Audit Root' }),
        await ctx.newAdmin({ username: 'Audit Deputy' }),
        await ctx.newAdmin({ username: 'Audit Third' }),
      ];
      const request = requestOf(await changeRole(root.id, deputy.id, Role.User));
      await failure(confirm(root.id, request.id));
      await confirm(third.id, request.id);
      await setStatus(third.id, root.id, UserStatus.Suspended);

      const page = await service.call(AuthRpc.auditLog, { page: 1, pageSize: 4 });
      expect(page).toMatchObject({ page: 1, pageSize: 4 });
      expect(page.total).toBeGreaterThanOrEqual(4);
      expect(
        page.data.map(({ actor, action, target, detail, outcome, reason, actionId }) => ({
          actor: actor.username,
          action,
          target: target.name,
          detail,
          outcome,
          reason,
          actionId,
        })),
      ).toEqual([
        {
          actor: 'Audit Third',
          action: AuditAction.StatusChange,
          target: 'Audit Root',
          detail: 'status active → suspended',
          outcome: AuditOutcome.Applied,
          reason: null,
          actionId: null,
        },
        {
          actor: 'Audit Third',
          action: AuditAction.Confirm,
          target: 'Audit Deputy',
          detail: 'demote (asked by Audit Root)',
          outcome: AuditOutcome.Applied,
          reason: null,
          actionId: request.id,
        },
        {
          actor: 'Audit Root',
          action: AuditAction.Confirm,
          target: 'Audit Deputy',
          detail: 'demote (asked by Audit Root)',
          outcome: AuditOutcome.Refused,
          reason: AdminMessages.cannotConfirmOwn,
          actionId: request.id,
        },
        {
          actor: 'Audit Root',
          action: AuditAction.RoleChange,
          target: 'Audit Deputy',
          detail: 'admin → user',
          outcome: AuditOutcome.Pending,
          reason: null,
          actionId: request.id,
        },
      ]);
      const times = page.data.map((entry) => entry.at);
      expect(times).toEqual([...times].sort().reverse());
      const next = await service.call(AuthRpc.auditLog, { page: 2, pageSize: 4 });
      expect(next.data.map((entry) => entry.id)).not.toContain(page.data[3].id);
    });
  });

  it.each([
    [AuthPatterns.confirmAdminAction, { actorId: 'a'.repeat(24), actionId: { $gt: '' } }],
    [AuthPatterns.confirmAdminAction, { actorId: 'a'.repeat(24), actionId: 'not-an-id' }],
    [
      AuthPatterns.cancelAdminAction,
      { actorId: 'a'.repeat(24), actionId: 'b'.repeat(24), status: 'confirmed' },
    ],
    [AuthPatterns.cancelAdminAction, { actionId: 'b'.repeat(24) }],
    [AuthPatterns.listAdminActions, { status: 'pending' }],
    [AuthPatterns.auditLog, { page: 0 }],
    [AuthPatterns.auditLog, { pageSize: 1000 }],
    [AuthPatterns.auditLog, { actorId: { $ne: null } }],
  ])('%s rejects %p with 400 and changes nothing', async (pattern, payload) => {
    const before = await requests.countDocuments();
    // Sent raw: each payload breaks its contract on purpose.
    expect(await failure(service.send(pattern, payload))).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await requests.countDocuments()).toBe(before);
  });
});
