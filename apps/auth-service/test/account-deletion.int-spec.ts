import type { Redis } from 'ioredis';
import {
  AdminMessages,
  AuthMessages,
  AuthPatterns,
  AuthRpc,
  ErrorCode,
  FRESH_SIGN_IN_MINUTES,
  Role,
  UserDataMessages,
} from '@app/contracts';
import type { ServiceUnderTest } from '@app/server-testing';
import { failure, uniqueSuffix } from '@app/server-testing';
import { BackgroundTasks } from '../src/background/background-tasks';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';
import { busEvents, newBrowserBinding, signIn } from './auth-helpers';

const ip = '198.51.100.23';

/** The token's `iat` as the gateway passes it on: when this session signed in. */
const issuedAt = (token: string) => {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { iat: number };
  return new Date(claims.iat * 1000).toISOString();
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe("auth-service: the viewer's own account deletion and export (DECISIONS 32)", () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let redis: Redis;
  let ctx: AuthContext;

  const login = (email: string, password: string) => signIn(service, { email, password, clientIp: ip });
  const resolve = (token: string) => service.call(AuthRpc.resolveSession, { token });
  const deleteOwn = (payload: { userId: string; password?: string; sessionIssuedAt: string }) =>
    service.call(AuthRpc.deleteOwnAccount, payload);
  const deletedEventsFor = async (userId: string) =>
    (await busEvents(redis)).filter((e) => e.type === 'user.deleted' && e.payload.userId === userId);
  const googleSession = async (googleId: string, email: string) => {
    const { browserBinding, browserBindingHash } = newBrowserBinding();
    const { code } = await service.call(AuthRpc.googleSignIn, {
      googleId,
      email,
      emailVerified: true,
      displayName: 'Priya',
      picture: null,
      browserBindingHash,
    });
    return service.call(AuthRpc.exchangeOAuthCode, { code, browserBinding });
  };

  beforeAll(async () => {
    suite = await startAuthSuite('auth-account-deletion');
    ({ service, redis, ctx } = suite);
  });

  afterAll(() => suite?.close());

  it('refuses a wrong or missing password with 403 "Password is incorrect" and deletes nothing', async () => {
    const asha = await ctx.newUser({ username: 'Asha' });
    const { token } = await login(asha.email, asha.password);
    for (const password of ['not my password', undefined]) {
      expect(
        await failure(deleteOwn({ userId: asha.id, password, sessionIssuedAt: issuedAt(token) })),
      ).toMatchObject({ code: ErrorCode.Forbidden, message: UserDataMessages.wrongPassword });
    }
    expect(await ctx.users.findById(asha.id)).not.toBeNull();
    expect((await resolve(token)).id).toBe(asha.id);
    expect(await deletedEventsFor(asha.id)).toEqual([]);
  });

  it('with the right password: deletes, announces user.deleted once, ends every session and drops the email-keyed traces', async () => {
    const ravi = await ctx.newUser({ username: 'Ravi' });
    const [laptop, phone] = [await login(ravi.email, ravi.password), await login(ravi.email, ravi.password)];
    // Traces keyed by the email: a reset OTP and a wrong guess of it, a failed sign-in, a resent verification mail.
    await service.call(AuthRpc.forgotPassword, { email: ravi.email, clientIp: ip });
    await service.call(AuthRpc.resendVerification, { userId: ravi.id });
    await service.app.get(BackgroundTasks).idle();
    await failure(service.call(AuthRpc.verifyOtp, { email: ravi.email, otp: '000000', clientIp: ip }));
    await failure(login(ravi.email, 'a wrong guess'));
    const traces = [
      `auth:otp:${ravi.email}`,
      `auth:rate:sign-in:email:${ravi.email}`,
      `auth:rate:otp-request:email:${ravi.email}`,
      `auth:rate:otp-attempts:email:${ravi.email}`,
      `auth:rate:verification-mail:email:${ravi.email}`,
    ];
    expect(await redis.exists(...traces)).toBe(traces.length);

    await expect(
      deleteOwn({ userId: ravi.id, password: ravi.password, sessionIssuedAt: issuedAt(phone.token) }),
    ).resolves.toEqual({ removed: true });

    expect(await ctx.users.findById(ravi.id)).toBeNull();
    expect(await deletedEventsFor(ravi.id)).toHaveLength(1);
    for (const { token } of [laptop, phone]) {
      expect(await failure(resolve(token))).toMatchObject({ code: ErrorCode.Unauthorized });
    }
    expect(await redis.exists(...traces)).toBe(0);
    expect(await failure(login(ravi.email, ravi.password))).toMatchObject({
      code: ErrorCode.Unauthorized,
      message: AuthMessages.invalidCredentials,
    });
    // Asked again (a double click): nothing left to delete, nothing announced twice.
    expect(
      await failure(deleteOwn({ userId: ravi.id, password: ravi.password, sessionIssuedAt: minutesAgo(0) })),
    ).toMatchObject({ code: ErrorCode.NotFound });
    expect(await deletedEventsFor(ravi.id)).toHaveLength(1);
  });

  it('a Google-only account: refused on a session older than 10 minutes, deleted on a fresh one', async () => {
    const email = ctx.uniqueEmail('priya');
    const { token, user } = await googleSession(`g-${uniqueSuffix()}`, email);
    expect(user.hasPassword).toBe(false);

    expect(
      await failure(deleteOwn({ userId: user.id, sessionIssuedAt: minutesAgo(FRESH_SIGN_IN_MINUTES + 1) })),
    ).toMatchObject({ code: ErrorCode.Forbidden, message: UserDataMessages.signInAgain });
    expect(await ctx.users.findById(user.id)).not.toBeNull();
    expect(await deletedEventsFor(user.id)).toEqual([]);

    await expect(deleteOwn({ userId: user.id, sessionIssuedAt: issuedAt(token) })).resolves.toEqual({
      removed: true,
    });
    expect(await ctx.users.findById(user.id)).toBeNull();
    expect(await deletedEventsFor(user.id)).toHaveLength(1);
    expect(await failure(resolve(token))).toMatchObject({ code: ErrorCode.Unauthorized });
  });

  it('refuses the last admin (409) and keeps them an admin; once another admin exists they may go', async () => {
    // The only admins in this suite's database are the ones made here.
    const boss = await ctx.newAdmin({ username: 'Boss' });
    const { token } = await login(boss.email, boss.password);
    expect(
      await failure(
        deleteOwn({ userId: boss.id, password: boss.password, sessionIssuedAt: issuedAt(token) }),
      ),
    ).toMatchObject({ code: ErrorCode.Conflict, message: AdminMessages.lastAdmin });
    expect((await ctx.users.findById(boss.id))?.role).toBe(Role.Admin);
    expect((await resolve(token)).role).toBe(Role.Admin);
    expect(await deletedEventsFor(boss.id)).toEqual([]);

    const deputy = await ctx.newAdmin({ username: 'Deputy' });
    await expect(
      deleteOwn({ userId: boss.id, password: boss.password, sessionIssuedAt: issuedAt(token) }),
    ).resolves.toEqual({ removed: true });
    expect(await ctx.users.countAdmins()).toBe(1);
    expect((await ctx.users.findById(deputy.id))?.role).toBe(Role.Admin);
  });

  it('exports the account without any secret', async () => {
    const meera = await ctx.newUser({ username: 'Meera', googleId: `g-${uniqueSuffix()}` });
    const stored = await ctx.users.findById(meera.id);
    const exported = await service.call(AuthRpc.exportAccount, { userId: meera.id });
    expect(exported).toEqual({
      id: meera.id,
      username: 'Meera',
      email: meera.email,
      role: Role.User,
      status: 'active',
      createdAt: stored?.createdAt.toISOString(),
      profileImage: null,
      hasPassword: true,
      emailVerified: false,
      googleLinked: true,
      // Issue 26: the account's language (its mails are written in it).
      language: 'en',
    });
    const text = JSON.stringify(exported);
    for (const secret of [stored?.passwordHash, stored?.googleId, meera.password]) {
      expect(secret).toBeTruthy();
      expect(text).not.toContain(String(secret));
    }
    expect(text).not.toMatch(/argon2|tokenVersion|passwordHash/);
  });

  it.each([
    [AuthPatterns.deleteOwnAccount, { userId: { $gt: '' }, password: 'x', sessionIssuedAt: minutesAgo(0) }],
    [AuthPatterns.deleteOwnAccount, { userId: 'a'.repeat(24), sessionIssuedAt: 'yesterday' }],
    [
      AuthPatterns.deleteOwnAccount,
      { userId: 'a'.repeat(24), password: { $ne: '' }, sessionIssuedAt: minutesAgo(0) },
    ],
    [
      AuthPatterns.deleteOwnAccount,
      { userId: 'a'.repeat(24), sessionIssuedAt: minutesAgo(0), role: 'admin' },
    ],
    [AuthPatterns.exportAccount, { userId: { $gt: '' } }],
    [AuthPatterns.exportAccount, {}],
  ])('%s rejects %p with 400 and changes nothing', async (pattern, payload) => {
    const users = () => service.call(AuthRpc.listUsers, { pageSize: 100 });
    const before = await users();
    // Sent raw: each payload breaks its contract on purpose.
    expect(await failure(service.send(pattern, payload))).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await users()).toEqual(before);
  });
});
