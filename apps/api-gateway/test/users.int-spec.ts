import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminActionKind,
  AdminActionStatus,
  AdminMessages,
  ApiError,
  AuditAction,
  AuditOutcome,
  AuditTargetType,
  AuthMessages,
  AuthPatterns,
  ErrorCode,
  Role,
  UserStatus,
} from '@app/contracts';
import type { AdminAction, AuditEntry, RpcEnvelope, SessionUser, User } from '@app/contracts';
import { AppError } from '@app/server-core';
import { adminId, ashaId } from './fakes';
import { useGatewayWithFakes } from './gateway-harness';

/** Another admin: changes to them wait for a second admin (DECISIONS 34). */
const deputyId = 'c'.repeat(24);
const actionId = 'd'.repeat(24);
const sessionOf = (id: string, role: SessionUser['role']): SessionUser => ({
  id,
  username: role,
  email: `${role}@example.in`,
  role,
  status: UserStatus.Active,
  sessionId: `s-${role}`,
});
const asha: User = {
  id: ashaId,
  username: 'Asha',
  email: 'asha@example.in',
  role: Role.User,
  status: UserStatus.Active,
  createdAt: '2025-01-12T10:00:00.000Z',
  profileImage: null,
  hasPassword: true,
};

const request: AdminAction = {
  id: actionId,
  kind: AdminActionKind.Demote,
  target: { id: deputyId, username: 'deputy' },
  requestedBy: { id: adminId, username: 'admin' },
  requestedAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-02T10:00:00.000Z',
  status: AdminActionStatus.Pending,
  decidedBy: null,
  decidedAt: null,
  reason: null,
};
const entry: AuditEntry = {
  id: 'e'.repeat(24),
  at: '2026-03-01T10:00:00.000Z',
  actor: { id: adminId, username: 'admin' },
  action: AuditAction.RoleChange,
  target: { type: AuditTargetType.User, id: deputyId, name: 'deputy' },
  detail: 'admin → user',
  before: 'role admin',
  after: 'role user',
  outcome: AuditOutcome.Pending,
  reason: null,
  actionId,
  correlationId: 'corr-1',
};
const pendingFor = (kind: AdminAction['kind']) => ({ outcome: 'pending', action: { ...request, kind } });

/** Stands in for auth-service on the real TCP transport: answers data alone, as the contract says; records what came. */
const received: Array<{ pattern: string; data: unknown; actor?: unknown }> = [];

@Controller()
class FakeAuthController {
  @MessagePattern(AuthPatterns.resolveSession)
  resolve(@Payload() { data }: RpcEnvelope<{ token: string }>) {
    if (data.token === 'admin-token') return sessionOf(adminId, Role.Admin);
    if (data.token === 'user-token') return sessionOf(ashaId, Role.User);
    if (data.token === 'deputy-token') return sessionOf(deputyId, Role.Admin);
    throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  }

  @MessagePattern(AuthPatterns.listUsers)
  list(@Payload() { data }: RpcEnvelope<{ page: number; pageSize: number }>) {
    received.push({ pattern: AuthPatterns.listUsers, data });
    return { data: [asha], page: data.page, pageSize: data.pageSize, total: 31 };
  }

  @MessagePattern(AuthPatterns.updateUser)
  update(@Payload() { data }: RpcEnvelope<{ userId: string; username?: string }>) {
    received.push({ pattern: AuthPatterns.updateUser, data });
    if (data.userId === deputyId) return pendingFor(AdminActionKind.Ban);
    return { outcome: 'applied', user: { ...asha, username: data.username ?? asha.username } };
  }

  @MessagePattern(AuthPatterns.changeRole)
  changeRole(@Payload() { data }: RpcEnvelope<{ userId: string; role: User['role'] }>) {
    received.push({ pattern: AuthPatterns.changeRole, data });
    if (data.userId === deputyId) return pendingFor(AdminActionKind.Demote);
    return { outcome: 'applied', user: { ...asha, role: data.role } };
  }

  @MessagePattern(AuthPatterns.removeUser)
  remove(@Payload() { data }: RpcEnvelope<{ userId: string }>) {
    received.push({ pattern: AuthPatterns.removeUser, data });
    if (data.userId === deputyId) return pendingFor(AdminActionKind.Remove);
    return { outcome: 'applied' };
  }

  @MessagePattern(AuthPatterns.listAdminActions)
  pending(@Payload() { data }: RpcEnvelope<unknown>) {
    received.push({ pattern: AuthPatterns.listAdminActions, data });
    return [request];
  }

  @MessagePattern(AuthPatterns.confirmAdminAction)
  confirm(@Payload() { data }: RpcEnvelope<{ actorId: string }>) {
    received.push({ pattern: AuthPatterns.confirmAdminAction, data });
    if (data.actorId === request.requestedBy.id)
      throw new AppError(ErrorCode.Forbidden, AdminMessages.cannotConfirmOwn);
    return {
      ...request,
      status: AdminActionStatus.Confirmed,
      decidedBy: { id: data.actorId, username: 'x' },
    };
  }

  @MessagePattern(AuthPatterns.cancelAdminAction)
  cancel(@Payload() { data }: RpcEnvelope<{ actorId: string }>) {
    received.push({ pattern: AuthPatterns.cancelAdminAction, data });
    return {
      ...request,
      status: AdminActionStatus.Cancelled,
      decidedBy: { id: data.actorId, username: 'x' },
    };
  }

  @MessagePattern(AuthPatterns.setLanguage)
  setLanguage(@Payload() { data }: RpcEnvelope<{ userId: string; language: User['language'] }>) {
    received.push({ pattern: AuthPatterns.setLanguage, data });
    return { ...asha, id: data.userId, language: data.language };
  }

  @MessagePattern(AuthPatterns.auditLog)
  auditLog(@Payload() { data, actor }: RpcEnvelope<{ page: number; pageSize: number }>) {
    received.push({ pattern: AuthPatterns.auditLog, data, actor });
    return { data: [entry], page: data.page, pageSize: data.pageSize, total: 41 };
  }
}

@Module({ controllers: [FakeAuthController] })
class FakeAuthModule {}

describe('GET/PUT/DELETE /api/users at the gateway', () => {
  const gateway = useGatewayWithFakes([FakeAuthModule]);

  const call = (method: string, path: string, token = 'admin-token', body?: unknown) =>
    gateway.call(method, path, { token, body });

  it("pages like the movie list: defaults page 1 of 24, inside SPEC's { success, data } envelope", async () => {
    const res = await call('GET', '/api/users');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: [asha], page: 1, pageSize: 24, total: 31 });
    expect(received.at(-1)).toEqual({ pattern: AuthPatterns.listUsers, data: { page: 1, pageSize: 24 } });
  });

  it('forwards the page asked for', async () => {
    const res = await call('GET', '/api/users?page=2&pageSize=10');
    expect(await res.json()).toMatchObject({ success: true, page: 2, pageSize: 10, total: 31 });
    expect(received.at(-1)?.data).toEqual({ page: 2, pageSize: 10 });
  });

  it.each([
    'page=0',
    'pageSize=0',
    'pageSize=101',
    'pageSize=abc',
    'page[$gt]=',
    'page=1&page=2',
    'role=admin',
  ])('rejects ?%s with 400 and asks auth-service nothing', async (query) => {
    const before = received.length;
    const res = await call('GET', `/api/users?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ApiError;
    expect(body).toMatchObject({
      code: ErrorCode.ValidationFailed,
      correlationId: res.headers.get('x-correlation-id'),
    });
    expect(body.message).toMatch(/^Invalid query: /);
    expect(received.length).toBe(before);
  });

  it('refuses a non-admin with 403 before any query check', async () => {
    expect((await call('GET', '/api/users?pageSize=0', 'user-token')).status).toBe(403);
  });

  it('adds the envelopes SPEC shows to the data auth-service answers', async () => {
    const edit = await call('PUT', `/api/users/${ashaId}`, 'admin-token', { username: 'Asha K' });
    expect(await edit.json()).toEqual({
      success: true,
      data: { ...asha, username: 'Asha K' },
      message: AuthMessages.userUpdated,
    });
    expect(received.at(-1)).toEqual({
      pattern: AuthPatterns.updateUser,
      data: { username: 'Asha K', userId: ashaId, actorId: adminId },
    });
    const role = await call('PUT', `/api/users/${ashaId}/role`, 'admin-token', { role: Role.Admin });
    expect(await role.json()).toEqual({ success: true, data: { ...asha, role: Role.Admin } });
    const removed = await call('DELETE', `/api/users/${ashaId}`);
    expect(await removed.json()).toEqual({ success: true, message: AuthMessages.userRemoved });
    expect(received.at(-1)).toEqual({
      pattern: AuthPatterns.removeUser,
      data: { userId: ashaId, actorId: adminId },
    });
  });

  it('a change to another admin answers 202 with the waiting request (DECISIONS 34)', async () => {
    const answers = [
      await call('PUT', `/api/users/${deputyId}/role`, 'admin-token', { role: Role.User }),
      await call('PUT', `/api/users/${deputyId}`, 'admin-token', { status: UserStatus.Banned }),
      await call('DELETE', `/api/users/${deputyId}`),
    ];
    const kinds = [AdminActionKind.Demote, AdminActionKind.Ban, AdminActionKind.Remove];
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({
        success: true,
        action: { ...request, kind: kinds[i] },
        message: AdminMessages.awaitingConfirmation,
      });
    }
    // A change applied at once keeps its 200.
    expect((await call('PUT', `/api/users/${ashaId}/role`, 'admin-token', { role: Role.User })).status).toBe(
      200,
    );
  });

  describe('pending admin actions and the audit log', () => {
    const routes: Array<[method: string, path: string]> = [
      ['GET', '/api/admin/admin-actions'],
      ['POST', `/api/admin/admin-actions/${actionId}/confirm`],
      ['POST', `/api/admin/admin-actions/${actionId}/cancel`],
      ['GET', '/api/admin/audit-log'],
    ];

    it.each(routes)(
      '%s %s: a visitor gets 401, a user 403, and auth-service is asked nothing',
      async (method, path) => {
        const before = received.length;
        const visitor = await gateway.call(method, path);
        expect(visitor.status).toBe(401);
        expect(await visitor.json()).toMatchObject({ code: ErrorCode.Unauthorized });
        expect((await call(method, path, 'forged-token')).status).toBe(401);
        const user = await call(method, path, 'user-token');
        expect(user.status).toBe(403);
        expect(await user.json()).toMatchObject({ code: ErrorCode.Forbidden });
        expect(received.length).toBe(before);
      },
    );

    it('lists the waiting requests for an admin', async () => {
      const res = await call('GET', '/api/admin/admin-actions');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: [request] });
    });

    it("another admin confirms (200); the acting admin is the session's, whatever the body says", async () => {
      const res = await call('POST', `/api/admin/admin-actions/${actionId}/confirm`, 'deputy-token', {
        actorId: adminId,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: true,
        data: { ...request, status: AdminActionStatus.Confirmed, decidedBy: { id: deputyId, username: 'x' } },
        message: AdminMessages.confirmed,
      });
      expect(received.at(-1)).toEqual({
        pattern: AuthPatterns.confirmAdminAction,
        data: { actionId, actorId: deputyId },
      });
    });

    it("the requester's own confirmation: auth-service's 403 with its message", async () => {
      const res = await call('POST', `/api/admin/admin-actions/${actionId}/confirm`);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AdminMessages.cannotConfirmOwn,
      });
    });

    it('cancels (200)', async () => {
      const res = await call('POST', `/api/admin/admin-actions/${actionId}/cancel`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        success: true,
        data: { status: AdminActionStatus.Cancelled },
        message: AdminMessages.cancelled,
      });
      expect(received.at(-1)).toEqual({
        pattern: AuthPatterns.cancelAdminAction,
        data: { actionId, actorId: adminId },
      });
    });

    it('pages the audit log: page 1 of 24 by default, or the page asked for', async () => {
      const first = await call('GET', '/api/admin/audit-log');
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ data: [entry], page: 1, pageSize: 24, total: 41 });
      await call('GET', '/api/admin/audit-log?page=2&pageSize=10');
      expect(received.at(-1)).toMatchObject({
        pattern: AuthPatterns.auditLog,
        data: { page: 2, pageSize: 10 },
      });
    });

    it('passes the filters by actor, target and kind to auth-service, with the admin as the envelope actor', async () => {
      const res = await call(
        'GET',
        '/api/admin/audit-log?actor=%20root%20&target=Asha&action=payment.refund',
      );
      expect(res.status).toBe(200);
      expect(received.at(-1)).toEqual({
        pattern: AuthPatterns.auditLog,
        data: { page: 1, pageSize: 24, actor: 'root', target: 'Asha', action: 'payment.refund' },
        actor: { id: adminId, username: 'admin' },
      });
    });

    it.each([
      ['POST', '/api/admin/admin-actions/not-an-id/confirm'],
      ['POST', `/api/admin/admin-actions/${encodeURIComponent('{"$gt":""}')}/confirm`],
      ['POST', `/api/admin/admin-actions/${'A'.repeat(24)}/cancel`],
      ['GET', '/api/admin/audit-log?page=0'],
      ['GET', '/api/admin/audit-log?pageSize=101'],
      ['GET', '/api/admin/audit-log?page[$gt]='],
      ['GET', '/api/admin/audit-log?actorId=x'],
      ['GET', '/api/admin/audit-log?actor[$ne]='],
      ['GET', '/api/admin/audit-log?action=everything'],
      ['GET', `/api/admin/audit-log?target=${'x'.repeat(101)}`],
      ['GET', '/api/admin/audit-log?page=1&page=2'],
    ])('%s %s: 400 and auth-service is asked nothing', async (method, path) => {
      const before = received.length;
      const res = await call(method, path);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: ErrorCode.ValidationFailed });
      expect(received.length).toBe(before);
    });
  });
});

describe("PUT /api/user/language: the signed-in account's own language (issue 26)", () => {
  const gateway = useGatewayWithFakes([FakeAuthModule]);

  it("sets the caller's own account's language and answers the user", async () => {
    const res = await gateway.call('PUT', '/api/user/language', {
      token: 'user-token',
      body: { language: 'hi' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: ashaId, language: 'hi' });
    expect(received.at(-1)).toEqual({
      pattern: AuthPatterns.setLanguage,
      data: { userId: ashaId, language: 'hi' },
    });
  });

  it.each([{ language: 'ta' }, { language: 'HI' }, {}, { language: 'hi', userId: adminId }])(
    'refuses %j with a clear 400 and asks auth-service nothing',
    async (body) => {
      const before = received.length;
      const res = await gateway.call('PUT', '/api/user/language', { token: 'user-token', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: ErrorCode.ValidationFailed });
      expect(received.length).toBe(before);
    },
  );

  it('says the languages it takes', async () => {
    const res = await gateway.call('PUT', '/api/user/language', {
      token: 'user-token',
      body: { language: 'ta' },
    });
    expect(((await res.json()) as ApiError).message).toContain(
      "language must be 'en' (English) or 'hi' (Hindi)",
    );
  });

  it('needs a signed-in caller', async () => {
    expect((await gateway.call('PUT', '/api/user/language', { body: { language: 'hi' } })).status).toBe(401);
  });
});
