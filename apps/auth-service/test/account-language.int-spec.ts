import { AuthRpc, ErrorCode } from '@app/contracts';
import type { SmtpOutbox, ServiceUnderTest } from '@app/server-testing';
import { eventsOnStream, failure, mailsIn, pollOutbox, waitUntil } from '@app/server-testing';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';
import { signIn } from './auth-helpers';

const ip = '203.0.113.60';
const PUBLIC_URL = 'https://streamly.example.in';

describe("auth-service: the account's language and its mails (issue 26), against real MongoDB, Redis and SMTP", () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let smtp: SmtpOutbox;
  let ctx: AuthContext;

  const mailTo = (email: string, after = 0) =>
    pollOutbox(smtp.dir, () => mailsIn(smtp.dir, email)[after], { what: `mail ${after + 1} to ${email}` });

  beforeAll(async () => {
    suite = await startAuthSuite('auth-account-language', { PUBLIC_URL });
    ({ service, outbox: smtp, ctx } = suite);
  });

  afterAll(() => suite?.close());

  it('is English until the holder sets it; then the user, the session, the export and user.updated carry it', async () => {
    const asha = await ctx.newUser({ username: 'Asha' });
    const { token } = await signIn(service, { email: asha.email, password: asha.password, clientIp: ip });
    expect(await service.call(AuthRpc.me, { userId: asha.id })).toMatchObject({ language: 'en' });
    expect(await service.call(AuthRpc.resolveSession, { token })).toMatchObject({ language: 'en' });

    await expect(
      service.call(AuthRpc.setLanguage, { userId: asha.id, language: 'hi' }),
    ).resolves.toMatchObject({
      id: asha.id,
      language: 'hi',
    });

    expect(await service.call(AuthRpc.me, { userId: asha.id })).toMatchObject({ language: 'hi' });
    expect(await service.call(AuthRpc.resolveSession, { token })).toMatchObject({ language: 'hi' });
    expect(await service.call(AuthRpc.exportAccount, { userId: asha.id })).toMatchObject({ language: 'hi' });
    // The services that mail the account (payments: receipts, reminders) learn it from the event.
    await waitUntil(
      async () =>
        (await eventsOnStream(suite.redis, 'user.updated')).some(
          ({ payload }) => payload.userId === asha.id && payload.language === 'hi',
        ),
      'user.updated with the new language',
    );
  });

  it('refuses a language other than English or Hindi', async () => {
    const ravi = await ctx.newUser();
    expect(
      await failure(service.call(AuthRpc.setLanguage, { userId: ravi.id, language: 'ta' } as never)),
    ).toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await service.call(AuthRpc.me, { userId: ravi.id })).toMatchObject({ language: 'en' });
  });

  it('a Hindi sign-up gets the verification mail in Hindi', async () => {
    const email = ctx.uniqueEmail('hindi');
    await service.call(AuthRpc.signup, {
      username: 'Meera',
      email,
      password: 'meera password',
      language: 'hi',
      clientIp: ip,
    });
    const mail = await mailTo(email);
    expect(mail.subject).toBe('अपना Streamly ईमेल सत्यापित करें');
    expect(mail.text).toContain('नमस्ते Meera,');
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
  });

  it('an English sign-up gets the English verification mail, word for word as before', async () => {
    const email = ctx.uniqueEmail('english');
    await service.call(AuthRpc.signup, { username: 'Ravi', email, password: 'ravi password', clientIp: ip });
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Verify your Streamly email');
    const link = mail.text.split('\n')[3];
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/verify-email\\?token=[a-f0-9]{64}$`));
    // The SMTP fake reads the body with its final line break.
    expect(mail.text.trimEnd()).toBe(
      [
        'Hello Ravi,',
        '',
        'Please confirm that this is your email address by opening this link within one day:',
        link,
        '',
        'Until you do, you can sign in and watch free titles, but not pay for a plan or a title.',
        '',
        'If you did not create a Streamly account, ignore this email.',
        '',
        'Streamly',
      ].join('\n'),
    );
  });

  it('the password reset code follows the language the holder set', async () => {
    const kiran = await ctx.newUser({ username: 'Kiran' });
    await service.call(AuthRpc.setLanguage, { userId: kiran.id, language: 'hi' });
    await service.call(AuthRpc.forgotPassword, { email: kiran.email, clientIp: ip });
    const mail = await mailTo(kiran.email);
    expect(mail.subject).toBe('आपका Streamly पासवर्ड रीसेट कोड');
    expect(mail.text).toMatch(/आपका वन-टाइम पासवर्ड \d{6} है।/);
  });
});
