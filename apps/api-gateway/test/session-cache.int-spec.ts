import type { Server } from 'node:http';
import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthMessages, AuthPatterns, ErrorCode, Role, UserStatus } from '@app/contracts';
import type { ApiError, RpcEnvelope, SessionUser, User } from '@app/contracts';
import { AppError } from '@app/server-core';
import { callGateway, startFakeService, startGateway } from './gateway-harness';

// The gateway's session cache (SESSION_CACHE_SECONDS) against a stand-in auth-service that keeps live sessions,
// account statuses and roles the way the real one does, and counts every session check it is asked.

const ashaId = 'a'.repeat(24);
const adminId = 'b'.repeat(24);

type Account = { id: string; username: string; email: string; role: User['role']; status: User['status'] };
const accounts = new Map<string, Account>([
  [
    ashaId,
    { id: ashaId, username: 'Asha', email: 'asha@example.in', role: Role.User, status: UserStatus.Active },
  ],
  [
    adminId,
    {
      id: adminId,
      username: 'Admin',
      email: 'admin@example.in',
      role: Role.Admin,
      status: UserStatus.Active,
    },
  ],
]);
/** Live sessions: token → (account, session id). Logout and a password reset delete them. */
const live = new Map<string, { userId: string; sessionId: string }>();
/** Every token auth-service was asked to resolve, in order. */
const checks: string[] = [];
/** Session checks held back until the test lets them answer (a burst arriving while the first is in flight). */
const held = new Map<string, Promise<void>>();

let issued = 0;
/** A new session of the account (a new token, so no test sees another test's held session). */
const signIn = (userId: string) => {
  const token = `token-${++issued}-${userId.slice(0, 4)}`;
  live.set(token, { userId, sessionId: `session-${issued}` });
  return token;
};
const checksOf = (token: string) => checks.filter((checked) => checked === token).length;
const setAccount = (id: string, changes: Partial<Account>) =>
  accounts.set(id, { ...(accounts.get(id) as Account), ...changes });
const userOf = (account: Account): User => ({
  ...account,
  createdAt: '2026-01-12T10:00:00.000Z',
  profileImage: null,
  hasPassword: true,
  emailVerified: true,
});

@Controller()
class FakeAuthController {
  @MessagePattern(AuthPatterns.resolveSession)
  async resolve(@Payload() { data }: RpcEnvelope<{ token: string }>): Promise<SessionUser> {
    checks.push(data.token);
    await held.get(data.token);
    const session = live.get(data.token);
    const account = session && accounts.get(session.userId);
    if (!session || !account) throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
    if (account.status === UserStatus.Suspended)
      throw new AppError(ErrorCode.Forbidden, AuthMessages.suspended);
    if (account.status === UserStatus.Banned) throw new AppError(ErrorCode.Forbidden, AuthMessages.banned);
    return { ...account, sessionId: session.sessionId, emailVerified: true };
  }

  @MessagePattern(AuthPatterns.me)
  me(@Payload() { data }: RpcEnvelope<{ userId: string }>): User {
    return userOf(accounts.get(data.userId) as Account);
  }

  @MessagePattern(AuthPatterns.logout)
  logout(@Payload() { data }: RpcEnvelope<{ sessionId: string }>) {
    for (const [token, session] of live) if (session.sessionId === data.sessionId) live.delete(token);
    return { revoked: true };
  }

  @MessagePattern(AuthPatterns.resetPassword)
  reset(@Payload() { data }: RpcEnvelope<{ email: string }>) {
    const account = [...accounts.values()].find((candidate) => candidate.email === data.email);
    // The token version moves on: every session of the account ends.
    for (const [token, session] of live) if (session.userId === account?.id) live.delete(token);
    return { message: AuthMessages.passwordReset };
  }

  @MessagePattern(AuthPatterns.listUsers)
  list(@Payload() { data }: RpcEnvelope<{ page: number; pageSize: number }>) {
    return {
      data: [userOf(accounts.get(ashaId) as Account)],
      page: data.page,
      pageSize: data.pageSize,
      total: 1,
    };
  }

  @MessagePattern(AuthPatterns.updateUser)
  update(@Payload() { data }: RpcEnvelope<{ userId: string; status?: User['status'] }>) {
    setAccount(data.userId, data.status ? { status: data.status } : {});
    return { outcome: 'applied', user: userOf(accounts.get(data.userId) as Account) };
  }
}

@Module({ controllers: [FakeAuthController] })
class FakeAuthModule {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The caller's own account (`GET /api/user`): a signed-in route whose only service is auth-service. */
const me = (url: string, token: string) => callGateway(url, 'GET', '/api/user', { token });
const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as ApiError) });

describe('session cache of the gateway (SESSION_CACHE_SECONDS)', () => {
  let auth: INestMicroservice;
  /** SESSION_CACHE_SECONDS=60: longer than any test, so what is held stays held unless forgotten. */
  let gateway: INestApplication;
  let url: string;
  /** SESSION_CACHE_SECONDS=0. */
  let uncached: { app: INestApplication; url: string };
  /** SESSION_CACHE_SECONDS=0.3, to see an entry expire. */
  let brief: { app: INestApplication; url: string };

  beforeAll(async () => {
    ({ app: auth } = await startFakeService(FakeAuthModule));
    ({ app: gateway, url } = await startGateway({ SESSION_CACHE_SECONDS: 60 }));
    uncached = await startGateway({ SESSION_CACHE_SECONDS: 0 });
    brief = await startGateway({ SESSION_CACHE_SECONDS: 0.3 });
  });

  afterAll(async () => {
    await gateway?.close();
    await uncached?.app.close();
    await brief?.app.close();
    await auth?.close();
  });

  /**
   * Sends `count` requests with `token` at once while auth-service holds the first check back, and lets it answer
   * only once the gateway has received them all (and a moment more for them to reach the session check).
   */
  const burst = async (count: number, token: string) => {
    let release!: () => void;
    held.set(token, new Promise<void>((resolve) => (release = resolve)));
    const server = gateway.getHttpServer() as Server;
    let arrived = 0;
    const allArrived = new Promise<void>((resolve) => {
      const onRequest = () => {
        if (++arrived < count) return;
        server.off('request', onRequest);
        resolve();
      };
      server.on('request', onRequest);
    });
    const answers = Promise.all(Array.from({ length: count }, () => me(url, token)));
    await allArrived;
    await sleep(250);
    release();
    held.delete(token);
    return answers;
  };

  it('answers two requests within the TTL with one session check, and counts it in /metrics', async () => {
    const token = signIn(ashaId);
    expect((await me(url, token)).status).toBe(200);
    const second = await me(url, token);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ id: ashaId, username: 'Asha' });
    expect(checksOf(token)).toBe(1);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/gateway_session_lookups_total\{result="hit"\} [1-9]/);
  });

  it('makes one session check for a burst of concurrent requests with one token', async () => {
    const token = signIn(ashaId);
    const answers = await burst(8, token);
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(checksOf(token)).toBe(1);
  });

  it('does not hold refusals: a burst shares one, the next request asks again, and a reinstated account passes at once', async () => {
    const token = signIn(ashaId);
    setAccount(ashaId, { status: UserStatus.Suspended });
    try {
      const answers = await burst(4, token);
      for (const res of answers)
        expect(await refusal(res)).toMatchObject({ status: 403, message: AuthMessages.suspended });
      expect(checksOf(token)).toBe(1);
      expect(await refusal(await me(url, token))).toMatchObject({
        status: 403,
        message: AuthMessages.suspended,
      });
      expect(checksOf(token)).toBe(2);
    } finally {
      setAccount(ashaId, { status: UserStatus.Active });
    }
    expect((await me(url, token)).status).toBe(200);
    expect(checksOf(token)).toBe(3);
  });

  it('asks again for an unknown or expired token every time (a just-issued one is not refused from memory)', async () => {
    const token = `token-not-yet-${++issued}`;
    expect((await me(url, token)).status).toBe(401);
    live.set(token, { userId: ashaId, sessionId: `session-${issued}` });
    expect((await me(url, token)).status).toBe(200);
    expect(checksOf(token)).toBe(2);
  });

  it('still answers from the held session within the TTL after a revocation elsewhere (the documented window)', async () => {
    const token = signIn(ashaId);
    expect((await me(url, token)).status).toBe(200);
    // Logged out through another gateway replica: auth-service knows, this replica does not yet.
    live.delete(token);
    expect((await me(url, token)).status).toBe(200);
    expect(checksOf(token)).toBe(1);
  });

  it('refuses a session revoked elsewhere once the TTL has passed (401), and a banned account (403)', async () => {
    const loggedOut = signIn(ashaId);
    const banned = signIn(adminId);
    expect((await me(brief.url, loggedOut)).status).toBe(200);
    expect((await me(brief.url, banned)).status).toBe(200);
    live.delete(loggedOut);
    setAccount(adminId, { status: UserStatus.Banned });
    try {
      await sleep(400);
      expect(await refusal(await me(brief.url, loggedOut))).toMatchObject({
        status: 401,
        message: AuthMessages.sessionExpired,
      });
      expect(await refusal(await me(brief.url, banned))).toMatchObject({
        status: 403,
        message: AuthMessages.banned,
      });
    } finally {
      setAccount(adminId, { status: UserStatus.Active });
    }
  });

  it('ends a session logged out through this gateway at once', async () => {
    const token = signIn(ashaId);
    const other = signIn(ashaId);
    expect((await me(url, token)).status).toBe(200);
    expect((await me(url, other)).status).toBe(200);
    expect((await callGateway(url, 'POST', '/api/auth/logout', { token })).status).toBe(204);
    expect(await refusal(await me(url, token))).toMatchObject({
      status: 401,
      message: AuthMessages.sessionExpired,
    });
    // The account's other session (another device) is untouched, and still held.
    expect((await me(url, other)).status).toBe(200);
    expect(checksOf(token)).toBe(2);
    expect(checksOf(other)).toBe(1);
  });

  it('ends every session of an account whose password is reset through this gateway, at once', async () => {
    const phone = signIn(ashaId);
    const laptop = signIn(ashaId);
    expect((await me(url, phone)).status).toBe(200);
    expect((await me(url, laptop)).status).toBe(200);
    const reset = await callGateway(url, 'POST', '/api/auth/reset-password', {
      body: { email: 'Asha@Example.in', otp: '123456', newPassword: 'a new password' },
    });
    expect(reset.status).toBe(200);
    expect((await me(url, phone)).status).toBe(401);
    expect((await me(url, laptop)).status).toBe(401);
  });

  it("applies an admin's ban made through this gateway at once", async () => {
    const viewer = signIn(ashaId);
    const admin = signIn(adminId);
    expect((await me(url, viewer)).status).toBe(200);
    try {
      const ban = await callGateway(url, 'PUT', `/api/users/${ashaId}`, {
        token: admin,
        body: { status: UserStatus.Banned },
      });
      expect(ban.status).toBe(200);
      expect(await refusal(await me(url, viewer))).toMatchObject({
        status: 403,
        message: AuthMessages.banned,
      });
    } finally {
      setAccount(ashaId, { status: UserStatus.Active });
    }
  });

  it('asks auth-service on every admin request: a demotion made elsewhere applies at once', async () => {
    const admin = signIn(adminId);
    expect((await callGateway(url, 'GET', '/api/users', { token: admin })).status).toBe(200);
    expect((await callGateway(url, 'GET', '/api/users', { token: admin })).status).toBe(200);
    expect(checksOf(admin)).toBe(2);
    setAccount(adminId, { role: Role.User });
    try {
      expect((await callGateway(url, 'GET', '/api/users', { token: admin })).status).toBe(403);
    } finally {
      setAccount(adminId, { role: Role.Admin });
    }
  });

  it('checks the session on every request when SESSION_CACHE_SECONDS=0', async () => {
    const token = signIn(ashaId);
    expect((await me(uncached.url, token)).status).toBe(200);
    expect((await me(uncached.url, token)).status).toBe(200);
    expect(checksOf(token)).toBe(2);
    live.delete(token);
    expect((await me(uncached.url, token)).status).toBe(401);
  });
});
