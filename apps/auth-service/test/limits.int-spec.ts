import { AuthMessages, AuthRpc, ErrorCode } from '@app/contracts';
import type { AppError } from '@app/server-core';
import type { SmtpOutbox, ServiceUnderTest } from '@app/server-testing';
import { failure, mailsIn, pollOutbox } from '@app/server-testing';
import { AddressLimits, Delays, Limits, RateLimiter } from '../src/rate-limit/rate-limiter';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';
import { solveCaptcha } from './auth-helpers';

/** Settles with the refusal (or null when the call succeeded), so parallel answers can be counted. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** A 6-digit code that is not `otp`. */
const wrongFor = (otp: string, n = 1) => String((Number(otp) + n) % 1_000_000).padStart(6, '0');
const tooMany = { code: ErrorCode.RateLimited, message: AuthMessages.tooManyAttempts };

describe('auth-service limits (DECISIONS 30) against real Redis, MongoDB and SMTP', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let smtp: SmtpOutbox;
  let ctx: AuthContext;

  const forgot = (email: string, clientIp = '203.0.113.50') =>
    service.call(AuthRpc.forgotPassword, { email, clientIp });
  const verifyOtp = (email: string, otp: string, clientIp = '203.0.113.50') =>
    service.call(AuthRpc.verifyOtp, { email, otp, clientIp });
  const resetPassword = (email: string, otp: string, newPassword: string, clientIp = '203.0.113.50') =>
    service.call(AuthRpc.resetPassword, { email, otp, newPassword, clientIp });
  /** Asks for an OTP and reads it from the mail that arrives (the answer does not wait for the mail). */
  const requestOtp = async (email: string) => {
    const before = mailsIn(smtp.dir, email).length;
    await forgot(email);
    const mail = await pollOutbox(smtp.dir, () => mailsIn(smtp.dir, email)[before], {
      what: `OTP mail to ${email}`,
    });
    return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  };
  /**
   * Sign-in attempts with their captchas solved beforehand: the attempts then follow each other as fast as the
   * service answers, well inside the shortest delay (1 s), as a scripted flood would.
   */
  const attempts = async (count: number) => {
    const captchas = await Promise.all(range(count).map(() => solveCaptcha(service)));
    return (email: string, password: string, clientIp: string, adminOnly = false) =>
      service.call(AuthRpc.login, {
        email,
        password,
        recaptchaToken: captchas.pop(),
        clientIp,
        adminOnly,
      });
  };

  beforeAll(async () => {
    suite = await startAuthSuite('auth-limits');
    ({ service, outbox: smtp, ctx } = suite);
  });

  afterAll(() => suite?.close());

  describe('OTP attempts are taken before the code is compared', () => {
    it('30 parallel wrong OTPs from 30 addresses: exactly 5 are compared, and the right code is refused afterwards', async () => {
      const { email } = await ctx.newUser();
      const otp = await requestOtp(email);
      const answers = await Promise.all(
        range(30).map((i) => outcome(verifyOtp(email, wrongFor(otp), `198.51.100.${i + 1}`))),
      );
      expect(answers.filter((answer) => answer?.message === AuthMessages.otpInvalid)).toHaveLength(
        Limits.otpAttemptsPerEmail.max,
      );
      expect(answers.filter((answer) => answer?.code === ErrorCode.RateLimited)).toHaveLength(
        30 - Limits.otpAttemptsPerEmail.max,
      );
      expect(await failure(verifyOtp(email, otp, '198.51.100.99'))).toMatchObject(tooMany);
      expect(await failure(resetPassword(email, otp, 'taken over', '198.51.100.99'))).toMatchObject(tooMany);
    });

    it('counts wrong OTPs across resends: a new code does not bring the guesses back', async () => {
      const { email } = await ctx.newUser();
      const first = await requestOtp(email);
      for (const n of [1, 2, 3])
        expect(await failure(verifyOtp(email, wrongFor(first, n)))).toMatchObject({
          message: AuthMessages.otpInvalid,
        });
      const second = await requestOtp(email);
      for (const n of [1, 2])
        expect(await failure(verifyOtp(email, wrongFor(second, n)))).toMatchObject({
          message: AuthMessages.otpInvalid,
        });
      expect(await failure(verifyOtp(email, second))).toMatchObject(tooMany);
    });

    it('a right code is no guess: after 4 wrong ones, verify and reset with it both pass', async () => {
      const { email } = await ctx.newUser();
      const otp = await requestOtp(email);
      for (const n of [1, 2, 3, 4]) await failure(verifyOtp(email, wrongFor(otp, n)));
      await expect(verifyOtp(email, otp)).resolves.toEqual({ message: AuthMessages.otpVerified });
      await expect(resetPassword(email, otp, 'a new password')).resolves.toEqual({
        message: AuthMessages.passwordReset,
      });
    });
  });

  describe('client addresses', () => {
    it('IPv6 addresses in one /64 share a limit; the next /64 has its own', async () => {
      const signup = (clientIp: string) =>
        service.call(AuthRpc.signup, {
          username: 'Six',
          email: ctx.uniqueEmail('six'),
          password: 'six password',
          clientIp,
        });
      for (const n of range(AddressLimits.signup.subscriber.max))
        await signup(`2001:db8:6:1:${(n + 1).toString(16)}::1`);
      expect(await failure(signup('2001:db8:6:1:ffff:ffff:ffff:fffe'))).toMatchObject(tooMany);
      await expect(signup('2001:db8:6:2::1')).resolves.toEqual({ message: AuthMessages.registered });
    });

    it('an IPv4 address (a carrier-grade NAT, an office) signs up more than one subscriber may: 25 in an hour pass', async () => {
      for (const n of range(AddressLimits.signup.subscriber.max + 5))
        await expect(
          service.call(AuthRpc.signup, {
            username: 'Office',
            email: ctx.uniqueEmail(`office-${n}`),
            password: 'office password',
            clientIp: '198.51.100.200',
          }),
        ).resolves.toEqual({ message: AuthMessages.registered });
    });

    it.each(Object.entries(AddressLimits))(
      '%s: an IPv4 address gets the shared budget, an IPv6 /64 a subscriber’s, each refused one past it',
      async (action, limit) => {
        const limiter = service.app.get(RateLimiter);
        const run = ctx.uniqueEmail(action);
        for (const [client, { max }] of [
          ['192.0.2.250', limit.shared],
          ['2001:db8:7:7::/64', limit.subscriber],
        ] as const) {
          const key = `${run}-${action}`;
          for (const _ of range(max)) await limiter.consumeForAddress(key, client, limit);
          expect(await outcome(limiter.consumeForAddress(key, client, limit))).toMatchObject(tooMany);
        }
        expect(limit.shared.max).toBeGreaterThan(limit.subscriber.max);
      },
    );

    it('an IPv4-mapped IPv6 address is the same client as its IPv4 address', async () => {
      const target = await ctx.newUser();
      const login = await attempts(Delays.signIn.freeAttempts + 2);
      for (const n of range(Delays.signIn.freeAttempts + 1))
        await failure(login(target.email, `guess ${n}`, n % 2 ? '192.0.2.77' : '::ffff:192.0.2.77'));
      expect(await failure(login(target.email, target.password, '::ffff:c000:24d'))).toMatchObject(tooMany);
    });
  });

  describe('sign-in: per (email, client) with growing delays, no lock of the email', () => {
    it('30 parallel wrong passwords from one address: only the free attempts and one more are compared', async () => {
      const target = await ctx.newUser();
      const login = await attempts(30);
      const answers = await Promise.all(
        range(30).map((n) => outcome(login(target.email, `guess ${n}`, '203.0.113.30'))),
      );
      const compared = answers.filter((answer) => answer?.code === ErrorCode.Unauthorized).length;
      expect(compared).toBe(Delays.signIn.freeAttempts + 1);
      expect(answers.filter((answer) => answer?.code === ErrorCode.RateLimited)).toHaveLength(30 - compared);
    });

    it('a login flood from one address does not lock the account for another address (admins included)', async () => {
      const admin = await ctx.newAdmin();
      const attacker = '203.0.113.66';
      const login = await attempts(15);
      const answers: Array<AppError | null> = [];
      for (const n of range(12))
        answers.push(await outcome(login(admin.email, `guess ${n}`, attacker, true)));
      expect(answers.slice(0, Delays.signIn.freeAttempts + 1)).toEqual(
        range(Delays.signIn.freeAttempts + 1).map(() =>
          expect.objectContaining({ code: ErrorCode.Unauthorized }),
        ),
      );
      expect(answers.at(-1)).toMatchObject(tooMany);
      // The flooding address waits, even with the right password…
      expect(await failure(login(admin.email, admin.password, attacker, true))).toMatchObject(tooMany);
      // …the owner elsewhere does not.
      expect((await login(admin.email, admin.password, '198.51.100.8', true)).user.email).toBe(admin.email);
      expect((await login(admin.email, admin.password, '2001:db8:77::1')).user.email).toBe(admin.email);
    });

    it('a successful sign-in clears the failures of that address', async () => {
      const viewer = await ctx.newUser();
      const home = '203.0.113.90';
      const login = await attempts(2 * Delays.signIn.freeAttempts);
      for (const n of range(Delays.signIn.freeAttempts - 1))
        await failure(login(viewer.email, `typo ${n}`, home));
      await login(viewer.email, viewer.password, home);
      for (const n of range(Delays.signIn.freeAttempts))
        expect(await failure(login(viewer.email, `typo ${n}`, home))).toMatchObject({
          code: ErrorCode.Unauthorized,
        });
    });
  });

  describe('growing delays on Redis (the clock passed in)', () => {
    const policy = Delays.signIn;
    const key = () => `test-delays:${ctx.uniqueEmail('delays')}`;
    const take = (subject: string, client: string, at: number) =>
      outcome(service.app.get(RateLimiter).takeAttempt(subject, client, policy, at));

    it('lets the free attempts through, then makes each next one wait twice as long, up to the cap', async () => {
      const subject = key();
      const t0 = 1_800_000_000_000;
      for (const n of range(policy.freeAttempts + 1)) expect(await take(subject, 'a', t0 + n)).toBeNull();
      let at = t0 + policy.freeAttempts;
      for (const delaySeconds of [1, 2, 4, 8]) {
        expect(await take(subject, 'a', at + delaySeconds * 1000 - 1)).toMatchObject(tooMany);
        at += delaySeconds * 1000;
        expect(await take(subject, 'a', at)).toBeNull();
      }
      for (let n = 0; n < 20; n += 1) {
        at += policy.maxDelaySeconds * 1000;
        expect(await take(subject, 'a', at)).toBeNull();
      }
      expect(await take(subject, 'a', at + policy.maxDelaySeconds * 1000 - 1)).toMatchObject(tooMany);
    });

    it('keeps each client apart, and a cleared client starts afresh', async () => {
      const subject = key();
      const t0 = 1_800_000_000_000;
      for (const _ of range(policy.freeAttempts + 1)) await take(subject, 'a', t0);
      expect(await take(subject, 'a', t0)).toMatchObject(tooMany);
      expect(await take(subject, 'b', t0)).toBeNull();
      await service.app.get(RateLimiter).clearAttempts(subject, 'a');
      for (const n of range(policy.freeAttempts + 1)) expect(await take(subject, 'a', t0 + n)).toBeNull();
    });
  });
});
