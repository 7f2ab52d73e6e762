import type { Redis } from 'ioredis';
import type { LoginResponse } from '@app/contracts';
import { AuthMessages, AuthPatterns, AuthRpc, ErrorCode, Role, UserStatus } from '@app/contracts';
import type { SmtpOutbox, ServiceUnderTest } from '@app/server-testing';
import { failure, mailsIn } from '@app/server-testing';
import { BackgroundTasks } from '../src/background/background-tasks';
import { UsersRepository } from '../src/users/users.repository';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';
import { busEvents, newBrowserBinding, signIn, solveCaptcha } from './auth-helpers';

const ip = '203.0.113.7';

describe('auth-service accounts against real MongoDB, Redis and SMTP', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let smtp: SmtpOutbox;
  let redis: Redis;
  let ctx: AuthContext;

  const signup = (email: string, password = 'correct horse', username = 'Asha') =>
    service.call(AuthRpc.signup, { username, email, password, clientIp: ip });
  const login = (email: string, password = 'correct horse', adminOnly = false) =>
    signIn(service, { email, password, clientIp: ip, adminOnly });
  const resolve = (token: string) => service.call(AuthRpc.resolveSession, { token });
  const events = async (since = 0) => (await busEvents(redis)).slice(since);
  /** The `session.revoked` events about one user (DECISIONS 35: their streams end with them). */
  const revocationsOf = async (userId: string) =>
    (await events())
      .filter((event) => event.type === 'session.revoked' && event.payload.userId === userId)
      .map((event) => event.payload);

  beforeAll(async () => {
    suite = await startAuthSuite('auth-accounts');
    ({ service, outbox: smtp, redis, ctx } = suite);
  });

  afterAll(() => suite?.close());

  it('signs up, refuses the same email in another case (409), and emits user.registered', async () => {
    const email = ctx.uniqueEmail('asha');
    const before = (await busEvents(redis)).length;
    await expect(signup(`${email[0].toUpperCase()}${email.slice(1)}`)).resolves.toEqual({
      message: AuthMessages.registered,
    });
    const error = await failure(signup(email.toUpperCase()));
    expect(error).toMatchObject({ code: ErrorCode.Conflict, message: AuthMessages.emailTaken });
    expect(
      (await events(before)).filter((e) => e.type === 'user.registered').map((e) => e.payload.email),
    ).toEqual([email]);
  });

  it('logs in with a solved captcha; the token resolves to the current user; the password is stored hashed', async () => {
    const asha = await ctx.newUser();
    const { message, token, user } = await login(asha.email.toUpperCase(), asha.password);
    expect(message).toBe(AuthMessages.loggedIn);
    expect(user).toMatchObject({
      id: asha.id,
      email: asha.email,
      role: Role.User,
      status: UserStatus.Active,
      hasPassword: true,
      profileImage: null,
    });
    expect(await resolve(token)).toMatchObject({ id: user.id, role: Role.User });
    expect((await service.app.get(UsersRepository).findById(user.id))?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a missing, forged or replayed captcha with 403 "Captcha verification failed" (not the 400 of a malformed body)', async () => {
    const { email, password } = await ctx.newUser();
    const base = { email, password, clientIp: ip, adminOnly: false };
    const solved = await solveCaptcha(service);
    await service.call(AuthRpc.login, { ...base, recaptchaToken: solved });
    for (const recaptchaToken of [
      undefined,
      'not-base64-json',
      Buffer.from('{"challenge":{}}').toString('base64'),
      solved,
    ]) {
      expect(await failure(service.call(AuthRpc.login, { ...base, recaptchaToken }))).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AuthMessages.captchaFailed,
      });
    }
  });

  it('answers a wrong password and an unknown email alike (401)', async () => {
    const asha = await ctx.newUser();
    for (const [email, password] of [
      [asha.email, 'wrong password'],
      [ctx.uniqueEmail('nobody'), asha.password],
    ]) {
      expect(await failure(login(email, password))).toMatchObject({
        code: ErrorCode.Unauthorized,
        message: AuthMessages.invalidCredentials,
      });
    }
  });

  it('logout revokes the session at once', async () => {
    const asha = await ctx.newUser();
    const { token } = await login(asha.email, asha.password);
    const session = await resolve(token);
    await service.call(AuthRpc.logout, { sessionId: session.sessionId });
    expect(await failure(resolve(token))).toMatchObject({ code: ErrorCode.Unauthorized });
    // That session's streams end too; a second logout of it announces nothing more.
    await service.call(AuthRpc.logout, { sessionId: session.sessionId });
    expect(await revocationsOf(asha.id)).toEqual([{ userId: asha.id, sessionId: session.sessionId }]);
  });

  it('refuses forged and tampered tokens', async () => {
    const asha = await ctx.newUser();
    const { token } = await login(asha.email, asha.password);
    const [header, payload] = token.split('.');
    for (const bad of [`${header}.${payload}.forged-signature`, 'a.b.c', `${token}x`]) {
      expect(await failure(resolve(bad))).toMatchObject({ code: ErrorCode.Unauthorized });
    }
  });

  describe('admin rules', () => {
    let admin: LoginResponse;
    /** A regular user, signed in; each test that changes a user makes its own. */
    const newViewer = async () => {
      const ravi = await ctx.newUser({ username: 'Ravi' });
      return { ...ravi, session: await login(ravi.email, ravi.password) };
    };

    beforeAll(async () => {
      const boss = await ctx.newAdmin({ username: 'Boss' });
      admin = await login(boss.email, boss.password, true);
    });

    it('admin login refuses a non-admin with 403 "Admin access required"', async () => {
      const ravi = await ctx.newUser();
      expect(await failure(login(ravi.email, ravi.password, true))).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AuthMessages.adminRequired,
      });
    });

    it('a role change applies on the next request of that user', async () => {
      const { session: viewer } = await newViewer();
      expect(
        await service.call(AuthRpc.changeRole, {
          actorId: admin.user.id,
          userId: viewer.user.id,
          role: Role.Admin,
        }),
      ).toMatchObject({ outcome: 'applied', user: { id: viewer.user.id, role: Role.Admin } });
      expect((await resolve(viewer.token)).role).toBe(Role.Admin);
      // Demoting them back is demoting another admin: it waits for a second admin (admin-actions.int-spec).
      expect(
        await service.call(AuthRpc.changeRole, {
          actorId: admin.user.id,
          userId: viewer.user.id,
          role: Role.User,
        }),
      ).toMatchObject({ outcome: 'pending' });
      expect((await resolve(viewer.token)).role).toBe(Role.Admin);
    });

    it('a suspended user is refused on the next request and at login', async () => {
      const { session: viewer, email, password } = await newViewer();
      const updated = await service.call(AuthRpc.updateUser, {
        actorId: admin.user.id,
        userId: viewer.user.id,
        status: UserStatus.Suspended,
      });
      expect(updated).toMatchObject({
        outcome: 'applied',
        user: { id: viewer.user.id, status: UserStatus.Suspended },
      });
      expect(await failure(resolve(viewer.token))).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AuthMessages.suspended,
      });
      expect(await failure(login(email, password))).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AuthMessages.suspended,
      });
      await service.call(AuthRpc.updateUser, {
        actorId: admin.user.id,
        userId: viewer.user.id,
        status: UserStatus.Banned,
      });
      expect(await failure(login(email, password))).toMatchObject({ message: AuthMessages.banned });
      await service.call(AuthRpc.updateUser, {
        actorId: admin.user.id,
        userId: viewer.user.id,
        status: UserStatus.Active,
      });
    });

    it('admins cannot demote or remove themselves (409)', async () => {
      expect(
        await failure(
          service.call(AuthRpc.changeRole, {
            actorId: admin.user.id,
            userId: admin.user.id,
            role: Role.User,
          }),
        ),
      ).toMatchObject({ code: ErrorCode.Conflict, message: AuthMessages.cannotDemoteSelf });
      expect(
        await failure(service.call(AuthRpc.removeUser, { actorId: admin.user.id, userId: admin.user.id })),
      ).toMatchObject({ code: ErrorCode.Conflict, message: AuthMessages.cannotDeleteSelf });
    });

    it('refuses to give a user an email another account has (409), and changes nothing', async () => {
      const { session: viewer, email } = await newViewer();
      const error = await failure(
        service.call(AuthRpc.updateUser, {
          actorId: admin.user.id,
          userId: viewer.user.id,
          email: admin.user.email,
        }),
      );
      expect(error).toMatchObject({ code: ErrorCode.Conflict, message: AuthMessages.emailTaken });
      expect((await service.app.get(UsersRepository).findById(viewer.user.id))?.email).toBe(email);
    });

    it('pages the user list newest first: no user twice, none skipped, total counted', async () => {
      const emails = [1, 2, 3, 4, 5].map((n) => ctx.uniqueEmail(`pager${n}`));
      for (const email of emails) await signup(email, 'pager password', 'Pager');
      const all = await service.call(AuthRpc.listUsers, { pageSize: 100 });
      const pages = await Promise.all(
        [1, 2, 3, 4].map((page) => service.call(AuthRpc.listUsers, { page, pageSize: 2 })),
      );
      expect(pages.map((p) => p.total)).toEqual([all.total, all.total, all.total, all.total]);
      expect(all.total).toBe(all.data.length);
      expect(pages.flatMap((p) => p.data.map((u) => u.id))).toEqual(all.data.map((u) => u.id).slice(0, 8));
      expect(pages[0].data.map((u) => u.email)).toEqual([emails[4], emails[3]]);
      expect(pages[0]).toMatchObject({ page: 1, pageSize: 2 });
      const created = all.data.map((u) => u.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      const past = await service.call(AuthRpc.listUsers, { page: 1000, pageSize: 2 });
      expect(past).toEqual({ data: [], page: 1000, pageSize: 2, total: all.total });
    });

    it("lists users and removes one, emitting user.deleted; the removed user's token stops working", async () => {
      const { session: viewer } = await newViewer();
      expect(await service.call(AuthRpc.listUsers, {})).toMatchObject({
        page: 1,
        pageSize: 24,
      });
      const list = await service.call(AuthRpc.listUsers, { pageSize: 100 });
      expect(list.data.map((u) => u.email)).toEqual(
        expect.arrayContaining([admin.user.email, viewer.user.email]),
      );
      const gone = await ctx.newUser({ username: 'Gone' });
      const doomed = await login(gone.email, gone.password);
      await expect(
        service.call(AuthRpc.removeUser, { actorId: admin.user.id, userId: doomed.user.id }),
      ).resolves.toEqual({ outcome: 'applied' });
      expect(
        (await events()).some((e) => e.type === 'user.deleted' && e.payload.userId === doomed.user.id),
      ).toBe(true);
      expect(await failure(resolve(doomed.token))).toMatchObject({ code: ErrorCode.Unauthorized });
      expect(
        await failure(service.call(AuthRpc.removeUser, { actorId: admin.user.id, userId: doomed.user.id })),
      ).toMatchObject({ code: ErrorCode.NotFound });
    });
  });

  describe('password reset by OTP, mailed over SMTP', () => {
    const otpOf = async (to: string, after: number) => {
      const mail = await smtp.waitForMail(to, (m) => Date.parse(m.date) >= after);
      return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    };

    it('mails an OTP, verifies it, resets the password, ends old sessions and marks the email verified', async () => {
      const { id, email, password } = await ctx.newUser({ username: 'Meera', password: 'old password' });
      const old = await login(email, password);
      const sent = Date.now() - 1000;
      await expect(
        service.call(AuthRpc.forgotPassword, {
          email: `${email[0].toUpperCase()}${email.slice(1)}`,
          clientIp: ip,
        }),
      ).resolves.toEqual({ message: AuthMessages.otpSent });
      const otp = await otpOf(email, sent);
      expect(otp).toMatch(/^\d{6}$/);
      expect(JSON.stringify(await redis.hgetall(`auth:otp:${email}`))).not.toContain(otp);
      await expect(service.call(AuthRpc.verifyOtp, { email, otp, clientIp: ip })).resolves.toEqual({
        message: AuthMessages.otpVerified,
      });
      await expect(
        service.call(AuthRpc.resetPassword, { email, otp, newPassword: 'new password', clientIp: ip }),
      ).resolves.toEqual({ message: AuthMessages.passwordReset });
      expect(await failure(resolve(old.token))).toMatchObject({ code: ErrorCode.Unauthorized });
      // Every session's streams end with them (DECISIONS 35).
      expect(await revocationsOf(id)).toEqual([{ userId: id, sessionId: null }]);
      // The code proved the address: the account is verified now (DECISIONS 33).
      expect((await login(email, 'new password')).user).toMatchObject({ email, emailVerified: true });
      // Spent: the same OTP cannot reset again.
      expect(
        await failure(
          service.call(AuthRpc.resetPassword, {
            email,
            otp,
            newPassword: 'other password',
            clientIp: ip,
          }),
        ),
      ).toMatchObject({ code: ErrorCode.ValidationFailed, message: AuthMessages.otpExpired });
    });

    it('answers an unknown email exactly like a known one, and sends nothing', async () => {
      const ghost = ctx.uniqueEmail('ghost');
      await expect(service.call(AuthRpc.forgotPassword, { email: ghost, clientIp: ip })).resolves.toEqual({
        message: AuthMessages.otpSent,
      });
      await service.app.get(BackgroundTasks).idle();
      expect(mailsIn(smtp.dir, ghost)).toEqual([]);
    });

    it('takes 5 tries per email: the sixth attempt is refused (429) even with the right code', async () => {
      const { email } = await ctx.newUser({ username: 'Kiran' });
      const sent = Date.now() - 1000;
      await service.call(AuthRpc.forgotPassword, { email, clientIp: ip });
      const otp = await otpOf(email, sent);
      const wrong = otp === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        expect(
          await failure(service.call(AuthRpc.verifyOtp, { email, otp: wrong, clientIp: ip })),
        ).toMatchObject({ code: ErrorCode.ValidationFailed, message: AuthMessages.otpInvalid });
      }
      expect(await failure(service.call(AuthRpc.verifyOtp, { email, otp, clientIp: ip }))).toMatchObject({
        code: ErrorCode.RateLimited,
        message: AuthMessages.tooManyAttempts,
      });
    });

    it('limits resends: the fourth request within 15 minutes answers 429 with the limit in words', async () => {
      const { email } = await ctx.newUser({ username: 'Neha' });
      for (let i = 0; i < 3; i += 1) await service.call(AuthRpc.forgotPassword, { email, clientIp: ip });
      expect(await failure(service.call(AuthRpc.forgotPassword, { email, clientIp: ip }))).toMatchObject({
        code: ErrorCode.RateLimited,
        message: AuthMessages.otpRequestLimit,
      });
    });
  });

  describe('Google sign-in', () => {
    const google = {
      googleId: 'g-123',
      email: 'priya@gmail.com',
      emailVerified: true,
      displayName: 'Priya',
      picture: 'https://example.com/p.png',
    };
    /** What the gateway does at the callback and at /oauth-success: sign in, then exchange from the same browser. */
    const googleSession = async (profile: Partial<typeof google>) => {
      const { browserBinding, browserBindingHash } = newBrowserBinding();
      const { code } = await service.call(AuthRpc.googleSignIn, {
        ...google,
        ...profile,
        browserBindingHash,
      });
      return service.call(AuthRpc.exchangeOAuthCode, { code, browserBinding });
    };

    it('creates a verified user without a password, exchanges the one-time code once, then lets them set a password', async () => {
      const { browserBinding, browserBindingHash } = newBrowserBinding();
      const { code } = await service.call(AuthRpc.googleSignIn, {
        ...google,
        browserBindingHash,
      });
      const { token, user } = await service.call(AuthRpc.exchangeOAuthCode, {
        code,
        browserBinding,
      });
      expect(user).toMatchObject({
        email: 'priya@gmail.com',
        hasPassword: false,
        emailVerified: true,
        profileImage: 'https://example.com/p.png',
        role: Role.User,
      });
      expect(await failure(service.call(AuthRpc.exchangeOAuthCode, { code, browserBinding }))).toMatchObject({
        code: ErrorCode.Unauthorized,
      });
      await expect(
        service.call(AuthRpc.setPassword, { userId: user.id, newPassword: 'priya password' }),
      ).resolves.toEqual({ message: AuthMessages.passwordSet });
      expect((await service.call(AuthRpc.me, { userId: (await resolve(token)).id })).hasPassword).toBe(true);
      expect(
        await failure(
          service.call(AuthRpc.setPassword, { userId: user.id, newPassword: 'another password' }),
        ),
      ).toMatchObject({ code: ErrorCode.Conflict });
    });

    it('refuses a code exchanged from another browser (no or another binding), and spends it', async () => {
      const { browserBinding, browserBindingHash } = newBrowserBinding();
      const { code } = await service.call(AuthRpc.googleSignIn, {
        ...google,
        googleId: 'g-csrf',
        email: ctx.uniqueEmail('csrf'),
        browserBindingHash,
      });
      expect(
        await failure(
          service.call(AuthRpc.exchangeOAuthCode, {
            code,
            browserBinding: newBrowserBinding().browserBinding,
          }),
        ),
      ).toMatchObject({ code: ErrorCode.Unauthorized, message: AuthMessages.oauthCodeInvalid });
      expect(await failure(service.call(AuthRpc.exchangeOAuthCode, { code, browserBinding }))).toMatchObject({
        code: ErrorCode.Unauthorized,
        message: AuthMessages.oauthCodeInvalid,
      });
      // Sent raw: without the browser binding the contract requires.
      expect(await failure(service.send(AuthRpc.exchangeOAuthCode.pattern, { code }))).toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
    });

    it('takes over an account whose email was never verified: its password is cleared and every session ends (DECISIONS 33)', async () => {
      // Someone registered the address first and never proved it.
      const squatter = await ctx.newUser({ username: 'Squatter' });
      const squatterSession = await login(squatter.email, squatter.password);

      const { user, token } = await googleSession({ googleId: 'g-owner', email: squatter.email });

      expect(user).toMatchObject({
        id: squatter.id,
        email: squatter.email,
        hasPassword: false,
        emailVerified: true,
      });
      expect(await failure(resolve(squatterSession.token))).toMatchObject({ code: ErrorCode.Unauthorized });
      expect(await revocationsOf(squatter.id)).toEqual([{ userId: squatter.id, sessionId: null }]);
      expect(await failure(login(squatter.email, squatter.password))).toMatchObject({
        code: ErrorCode.Unauthorized,
        message: AuthMessages.invalidCredentials,
      });
      expect(await resolve(token)).toMatchObject({ id: squatter.id, emailVerified: true });
    });

    it('links a verified account and keeps its password and sessions', async () => {
      const asha = await ctx.newUser({ emailVerified: true });
      const ashaSession = await login(asha.email, asha.password);

      const { user } = await googleSession({ googleId: 'g-asha', email: asha.email });

      expect(user).toMatchObject({ id: asha.id, email: asha.email, hasPassword: true, emailVerified: true });
      expect((await resolve(ashaSession.token)).id).toBe(asha.id);
      expect((await login(asha.email, asha.password)).user.id).toBe(asha.id);
      expect(await revocationsOf(asha.id)).toEqual([]);
    });

    it('refuses a Google profile whose email Google has not verified', async () => {
      expect(
        await failure(
          service.call(AuthRpc.googleSignIn, {
            ...google,
            googleId: 'g-x',
            email: 'x@gmail.com',
            emailVerified: false,
            browserBindingHash: newBrowserBinding().browserBindingHash,
          }),
        ),
      ).toMatchObject({ code: ErrorCode.Forbidden });
    });
  });

  describe('hostile input: 400, nothing stored', () => {
    it.each([
      [AuthPatterns.signup, { username: 'A', email: 'a@b.in', password: 'longenough', clientIp: ip }],
      [AuthPatterns.signup, { username: 'Abc', email: 'not-an-email', password: 'longenough', clientIp: ip }],
      [AuthPatterns.signup, { username: 'Abc', email: { $gt: '' }, password: 'longenough', clientIp: ip }],
      [AuthPatterns.signup, { username: 'Abc', email: 'x@y.in', password: 'short', clientIp: ip }],
      [AuthPatterns.signup, { username: 'Abc', email: 'x@y.in', password: 'p'.repeat(129), clientIp: ip }],
      [
        AuthPatterns.signup,
        { username: 'Abc', email: 'x@y.in', password: 'longenough', clientIp: ip, role: 'admin' },
      ],
      [AuthPatterns.login, { email: { $gt: '' }, password: { $gt: '' }, clientIp: ip, adminOnly: false }],
      [AuthPatterns.verifyOtp, { email: 'x@y.in', otp: { $gt: '' }, clientIp: ip }],
      [AuthPatterns.verifyOtp, { email: 'x@y.in', otp: '12345', clientIp: ip }],
      [AuthPatterns.resetPassword, { email: 'x@y.in', otp: '123456', clientIp: ip }],
      [AuthPatterns.updateUser, { actorId: 'a'.repeat(24), userId: { $gt: '' }, status: 'active' }],
      [AuthPatterns.changeRole, { actorId: 'a'.repeat(24), userId: 'b'.repeat(24), role: 'superuser' }],
      [AuthPatterns.resolveSession, { token: 'x'.repeat(5000) }],
      [AuthPatterns.exchangeOAuthCode, { code: '../../etc' }],
      [AuthPatterns.exchangeOAuthCode, { code: 'A'.repeat(43), browserBinding: { $gt: '' } }],
      [AuthPatterns.verifyEmail, { token: { $gt: '' } }],
      [AuthPatterns.verifyEmail, { token: 'not-a-token' }],
      [AuthPatterns.listUsers, { page: 0 }],
      [AuthPatterns.listUsers, { pageSize: 101 }],
      [AuthPatterns.listUsers, { page: { $gt: '' } }],
      [AuthPatterns.listUsers, { page: 1, role: 'admin' }],
    ])('%s rejects %p', async (pattern, payload) => {
      const before = await service.call(AuthRpc.listUsers, {});
      // Sent raw: each payload breaks its contract on purpose.
      expect(await failure(service.send(pattern, payload))).toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
      expect(await service.call(AuthRpc.listUsers, {})).toEqual(before);
    });
  });
});
