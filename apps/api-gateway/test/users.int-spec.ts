import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ApiError, AuthMessages, AuthPatterns, ErrorCode, Role, UserStatus } from '@app/contracts';
import type { RpcEnvelope, SessionUser, User } from '@app/contracts';
import { AppError } from '@app/server-core';
import { startFakeService, startGateway } from './gateway-harness';

const adminId = 'a'.repeat(24);
const userId = 'b'.repeat(24);
const sessionOf = (id: string, role: SessionUser['role']): SessionUser => ({
  id,
  username: role,
  email: `${role}@example.in`,
  role,
  status: UserStatus.Active,
  sessionId: `s-${role}`,
});
const asha: User = {
  id: userId,
  username: 'Asha',
  email: 'asha@example.in',
  role: Role.User,
  status: UserStatus.Active,
  createdAt: '2025-01-12T10:00:00.000Z',
  profileImage: null,
  hasPassword: true,
};

/** Stands in for auth-service on the real TCP transport: answers data alone, as the contract says; records what came. */
const received: Array<{ pattern: string; data: unknown }> = [];

@Controller()
class FakeAuthController {
  @MessagePattern(AuthPatterns.resolveSession)
  resolve(@Payload() { data }: RpcEnvelope<{ token: string }>) {
    if (data.token === 'admin-token') return sessionOf(adminId, Role.Admin);
    if (data.token === 'user-token') return sessionOf(userId, Role.User);
    throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  }

  @MessagePattern(AuthPatterns.listUsers)
  list(@Payload() { data }: RpcEnvelope<{ page: number; pageSize: number }>) {
    received.push({ pattern: AuthPatterns.listUsers, data });
    return { data: [asha], page: data.page, pageSize: data.pageSize, total: 31 };
  }

  @MessagePattern(AuthPatterns.updateUser)
  update(@Payload() { data }: RpcEnvelope<{ username?: string }>) {
    received.push({ pattern: AuthPatterns.updateUser, data });
    return { ...asha, username: data.username ?? asha.username };
  }

  @MessagePattern(AuthPatterns.changeRole)
  changeRole(@Payload() { data }: RpcEnvelope<{ role: User['role'] }>) {
    received.push({ pattern: AuthPatterns.changeRole, data });
    return { ...asha, role: data.role };
  }

  @MessagePattern(AuthPatterns.removeUser)
  remove(@Payload() { data }: RpcEnvelope<unknown>) {
    received.push({ pattern: AuthPatterns.removeUser, data });
    return { removed: true };
  }
}

@Module({ controllers: [FakeAuthController] })
class FakeAuthModule {}

describe('GET/PUT/DELETE /api/users at the gateway', () => {
  let auth: INestMicroservice;
  let gateway: INestApplication;
  let url: string;

  beforeAll(async () => {
    let address: string;
    ({ app: auth, address } = await startFakeService(FakeAuthModule));
    ({ app: gateway, url } = await startGateway({ AUTH_SERVICE_ADDR: address }));
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
  });

  const call = (method: string, path: string, token = 'admin-token', body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

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
    const edit = await call('PUT', `/api/users/${userId}`, 'admin-token', { username: 'Asha K' });
    expect(await edit.json()).toEqual({
      success: true,
      data: { ...asha, username: 'Asha K' },
      message: AuthMessages.userUpdated,
    });
    expect(received.at(-1)).toEqual({
      pattern: AuthPatterns.updateUser,
      data: { username: 'Asha K', userId, actorId: adminId },
    });
    const role = await call('PUT', `/api/users/${userId}/role`, 'admin-token', { role: Role.Admin });
    expect(await role.json()).toEqual({ success: true, data: { ...asha, role: Role.Admin } });
    const removed = await call('DELETE', `/api/users/${userId}`);
    expect(await removed.json()).toEqual({ success: true, message: AuthMessages.userRemoved });
    expect(received.at(-1)).toEqual({ pattern: AuthPatterns.removeUser, data: { userId, actorId: adminId } });
  });
});
