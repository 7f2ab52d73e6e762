import type { OutboxMessage } from '@app/contracts';
import { AuthMessages, AuthRpc, ErrorCode, UserStatus } from '@app/contracts';
import type { SmtpOutbox, ServiceUnderTest } from '@app/server-testing';
import { failure, mailsIn, pollOutbox } from '@app/server-testing';
import { Limits } from '../src/rate-limit/rate-limiter';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../src/seed/demo-accounts';
import { PasswordHasher } from '../src/passwords/password-hasher';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';
import { signIn } from './auth-helpers';

const ip = '203.0.113.40';
const PUBLIC_URL = 'https://streamly.example.in';
/** The token of the link in a verification mail. */
const tokenIn = (mail: OutboxMessage) => {
  const link =
    mail.text.split(/\s+/).find((word) => word.startsWith(`${PUBLIC_URL}/verify-email?token=`)) ?? '';
  return new URL(link || `${PUBLIC_URL}/`).searchParams.get('token') ?? '';
};

describe('auth-service email verification (DECISIONS 33) against real MongoDB, Redis and SMTP', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let smtp: SmtpOutbox;
  let ctx: AuthContext;

  /** Mail number `after + 1` to `email` (the answer does not wait for it). */
  const mailTo = (email: string, after = 0) =>
    pollOutbox(smtp.dir, () => mailsIn(smtp.dir, email)[after], { what: `mail ${after + 1} to ${email}` });
  const signUp = async (label: string) => {
    const account = { username: 'Asha', email: ctx.uniqueEmail(label), password: 'asha password' };
    await service.call(AuthRpc.signup, { ...account, clientIp: ip });
    return account;
  };
  const login = (email: string, password: string) => signIn(service, { email, password, clientIp: ip });
  const verify = (token: string) => service.call(AuthRpc.verifyEmail, { token });

  beforeAll(async () => {
    suite = await startAuthSuite('auth-email-verification', { PUBLIC_URL });
    ({ service, outbox: smtp, ctx } = suite);
  });

  afterAll(() => suite?.close());

  it('sign-up mails a link; until it is opened the account signs in unverified, after it the session says verified', async () => {
    const account = await signUp('asha');
    const mail = await mailTo(account.email);
    expect(mail.subject).toBe('Verify your Streamly email');
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);

    const { token: session, user } = await login(account.email, account.password);
    expect(user).toMatchObject({ email: account.email, emailVerified: false });
    expect(await service.call(AuthRpc.resolveSession, { token: session })).toMatchObject({
      emailVerified: false,
    });

    await expect(verify(tokenIn(mail))).resolves.toEqual({ message: AuthMessages.emailVerified });

    // The gateway resolves the session on every request: the next one already knows.
    expect(await service.call(AuthRpc.resolveSession, { token: session })).toMatchObject({
      emailVerified: true,
    });
    expect(await service.call(AuthRpc.me, { userId: user.id })).toMatchObject({
      emailVerified: true,
    });
  });

  it('a link works once, and opened again says the email is already verified; a made-up one never works', async () => {
    const account = await signUp('once');
    const token = tokenIn(await mailTo(account.email));
    await expect(verify(token)).resolves.toEqual({ message: AuthMessages.emailVerified });
    await expect(verify(token)).resolves.toEqual({ message: AuthMessages.emailAlreadyVerified });
    expect(await failure(verify('a'.repeat(64)))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: AuthMessages.verificationLinkInvalid,
    });
  });

  it('a link proves the address it was mailed to, not a new one the account got since', async () => {
    const account = await signUp('moved');
    const token = tokenIn(await mailTo(account.email));
    const admin = await ctx.newAdmin();
    const { user } = await login(account.email, account.password);
    await service.call(AuthRpc.updateUser, {
      actorId: admin.id,
      userId: user.id,
      email: ctx.uniqueEmail('moved-to'),
    });
    expect(await failure(verify(token))).toMatchObject({ message: AuthMessages.verificationLinkInvalid });
    expect(await service.call(AuthRpc.me, { userId: user.id })).toMatchObject({
      emailVerified: false,
    });
    // Opened again, the used link still proves nothing about the new address.
    expect(await failure(verify(token))).toMatchObject({ message: AuthMessages.verificationLinkInvalid });
  });

  it(`resends the link to an unverified account, ${Limits.verificationMailsPerEmail.max} times an hour; an older link still works`, async () => {
    const account = await signUp('resend');
    const first = tokenIn(await mailTo(account.email));
    const { user } = await login(account.email, account.password);
    for (let n = 1; n <= Limits.verificationMailsPerEmail.max; n += 1) {
      await expect(service.call(AuthRpc.resendVerification, { userId: user.id })).resolves.toEqual({
        message: AuthMessages.verificationSent,
      });
      expect(tokenIn(await mailTo(account.email, n))).toMatch(/^[a-f0-9]{64}$/);
    }
    expect(await failure(service.call(AuthRpc.resendVerification, { userId: user.id }))).toMatchObject({
      code: ErrorCode.RateLimited,
      message: AuthMessages.tooManyAttempts,
    });
    await verify(first);
    expect(await failure(service.call(AuthRpc.resendVerification, { userId: user.id }))).toMatchObject({
      code: ErrorCode.Conflict,
      message: AuthMessages.emailAlreadyVerified,
    });
  });

  it('Google sign-in of an account linked before verification existed marks it verified', async () => {
    const linked = await ctx.newUser({ googleId: 'g-linked-earlier', emailVerified: false });
    await service.call(AuthRpc.googleSignIn, {
      googleId: 'g-linked-earlier',
      email: linked.email,
      emailVerified: true,
      displayName: 'Linked',
      picture: null,
      browserBindingHash: 'c'.repeat(64),
    });
    expect(await service.call(AuthRpc.me, { userId: linked.id })).toMatchObject({
      emailVerified: true,
      hasPassword: true,
    });
  });

  it('the seeded demo accounts are verified, also when they were seeded before verification existed', async () => {
    const { users } = ctx;
    const [admin, viewer] = DEMO_ACCOUNTS;
    // An older seed made the viewer before demo accounts were seeded verified.
    await users.insertIfAbsent({
      username: viewer.username,
      email: viewer.email,
      passwordHash: 'an older hash',
      role: viewer.role,
    });
    await seedDemoAccounts(users, service.app.get(PasswordHasher));
    for (const { email } of [admin, viewer]) {
      expect(await users.findByEmail(email)).toMatchObject({
        emailVerified: true,
        status: UserStatus.Active,
      });
    }
  });
});
