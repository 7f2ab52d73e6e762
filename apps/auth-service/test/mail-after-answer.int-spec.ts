import { AuthMessages, AuthRpc } from '@app/contracts';
import type { ServiceUnderTest } from '@app/server-testing';
import { BackgroundTasks } from '../src/background/background-tasks';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';
import { type HeldSmtp, startHeldSmtp } from './held-smtp';

/**
 * Issue 14 (12): forgot-password answers the same, after the same work, whether or not the email exists; the mail
 * follows the answer. The SMTP server here holds every message until the test releases it, so an answer that
 * waited for its mail would never come (the RPC would time out and the test fail).
 */
describe('auth-service answers before it mails (SMTP held)', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let smtp: HeldSmtp;
  let ctx: AuthContext;
  const clientIp = '203.0.113.12';

  beforeAll(async () => {
    smtp = await startHeldSmtp();
    // Mail goes to the held server, not the suite's outbox.
    suite = await startAuthSuite('auth-mail-after-answer', { SMTP_URL: smtp.url });
    ({ service, ctx } = suite);
  });

  afterAll(async () => {
    smtp?.release();
    await suite?.close();
    await smtp?.stop();
  });

  it('forgot-password answers a known and an unknown email identically, without waiting for SMTP', async () => {
    const known = await ctx.newUser({ username: 'Meera' });
    const unknown = ctx.uniqueEmail('ghost');

    const answers = [
      await service.call(AuthRpc.forgotPassword, { email: unknown, clientIp }),
      await service.call(AuthRpc.forgotPassword, { email: known.email, clientIp }),
    ];

    expect(answers).toEqual([{ message: AuthMessages.otpSent }, { message: AuthMessages.otpSent }]);
    // Both answered while the server still holds every message: the known email's mail is sent after.
    const mail = await smtp.waitForMail(known.email);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    smtp.release();
    await service.app.get(BackgroundTasks).idle();
    expect(smtp.arrived().map((held) => held.to)).toEqual([[known.email]]);
    smtp.hold();
  });

  it('sign-up answers without waiting for its verification mail', async () => {
    const email = ctx.uniqueEmail('fresh');
    await expect(
      service.call(AuthRpc.signup, { username: 'Fresh', email, password: 'fresh password', clientIp }),
    ).resolves.toEqual({ message: AuthMessages.registered });
    expect((await smtp.waitForMail(email)).text).toContain('/verify-email?token=');
  });
});
