import type { Page } from 'playwright-core';
import {
  DEMO_ADMIN,
  DEMO_DEPUTY,
  newClientIp,
  signUp as signUpByApi,
  uniqueEmail,
  type Credentials,
} from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { mailsTo, waitForOtp } from './support/outbox';

// Journeys of issue 4 against the whole system (E2E_BASE_URL, demo accounts seeded by the launcher).

/** Letters only: usernames end up in mails, and the OTP is the one 6-digit number of its mail. */
const uniqueName = (label: string) =>
  `${label} ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/** The ALTCHA widget runs its proof of work in the browser once its checkbox is ticked, then reports "verified". */
const solveCaptcha = async (page: Page) => {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor();
};

const signIn = async (page: Page, { email, password }: Credentials, submit = 'User Login') => {
  // The URL changes before a lazy page has rendered (React keeps the old screen during the transition):
  // wait for this form's own button so the fields filled are the login form's, not the page before it.
  await page.getByRole('button', { name: submit }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: submit, disabled: false }).click();
};

describe('accounts (issue 4)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
    // Each journey is a visitor of its own (the gateway trusts X-Forwarded-For from loopback, as from its
    // ingress), so the per-address limits on signup and login count this journey only.
    await session.context.setExtraHTTPHeaders({ 'x-forwarded-for': newClientIp() });
  });

  afterEach(async () => {
    await session?.close();
  });

  it('signs up, lands on /userlogin, solves the captcha and reaches /userdashboard', async () => {
    const { page } = session;
    const account = { username: uniqueName('Asha'), email: uniqueEmail('asha'), password: 'Secret@1234' };

    await page.goto('/signup');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('User registered successfully!').waitFor();
    await atPath(page, '/userlogin');

    await signIn(page, account);

    await atPath(page, '/userdashboard');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: localStorage.getItem('user'),
    }));
    expect(stored.token).toEqual(expect.any(String));
    expect(JSON.parse(stored.user ?? 'null')).toMatchObject({ email: account.email, role: 'user' });
  });

  it('opening /userprofile signed out asks to sign in and returns to /userprofile', async () => {
    const { page } = session;
    const account = await signUpByApi('ravi', { username: uniqueName('Ravi') });

    await page.goto('/userprofile');
    await atPath(page, '/userlogin');
    await signIn(page, account);

    await atPath(page, '/userprofile');
  });

  it('resets a forgotten password with the OTP from the mail and signs in with the new one', async () => {
    const { page } = session;
    const account = await signUpByApi('meera', { username: uniqueName('Meera') });
    const mailsBefore = (await mailsTo(account.email)).length;

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('OTP sent to your email.').waitFor();
    await page.getByLabel('One-time code').fill(await waitForOtp(account.email, { after: mailsBefore }));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('OTP verified. Enter your new password.').waitFor();
    await page.getByLabel('New password').fill('Brand-new@5678');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successful! You can now log in.').waitFor();

    await page.goto('/userlogin');
    await signIn(page, { email: account.email, password: 'Brand-new@5678' });
    await atPath(page, '/userdashboard');
  });

  it('signs in with Google (the local OAuth server) and sets a password', async () => {
    const { page } = session;
    const email = uniqueEmail('google');
    // Picking the account on Google's side: the local OAuth server signs in as the `login_hint` address of
    // the authorization request, so every run is a Google account new to Streamly. The browser reaches that
    // request by the gateway's redirect, so the hint is added to the redirect (its state cookie kept).
    await page.route(
      (url) => url.pathname === '/auth/google',
      async (route) => {
        const response = await route.fetch({ maxRedirects: 0 });
        const location = new URL(response.headers()['location'] ?? '');
        location.searchParams.set('login_hint', email);
        const headers = response.headersArray().filter(({ name }) => name.toLowerCase() !== 'location');
        await route.fulfill({
          response,
          headers: Object.fromEntries([
            ...headers.map(({ name, value }) => [name, value]),
            ['location', location.href],
          ]),
        });
      },
    );

    await page.goto('/userlogin');
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    await atPath(page, '/oauth-success');
    await page.getByText('Please set your password for future logins.').waitFor();
    await atPath(page, '/set-password');
    await page.getByLabel('New password').fill('Google-set@123');
    await page.getByLabel('Confirm password').fill('Google-set@123');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password set successfully').waitFor();
    await atPath(page, '/userdashboard');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null')).toMatchObject({
      email,
    });
  });

  it('an admin promotes a new viewer; once a second admin confirms, the grid shows the new role (DECISIONS 34)', async () => {
    const { page } = session;
    const viewer = await signUpByApi('kiran', { username: uniqueName('Kiran') });

    await page.goto('/adminlogin');
    await signIn(page, DEMO_ADMIN, 'Admin Login');
    await atPath(page, '/admindashboard');
    const card = page.getByRole('article', { name: viewer.username });
    await card.getByRole('button', { name: 'Promote' }).click();
    await page.getByText(`Promoting ${viewer.username} needs a second admin`).waitFor();
    await card.getByText('Awaiting a second admin: promote').waitFor();
    await card.getByText('User', { exact: true }).waitFor();

    // The deputy, in a browser of their own, confirms it.
    const deputy = await openBrowser();
    try {
      await deputy.context.setExtraHTTPHeaders({ 'x-forwarded-for': newClientIp() });
      await deputy.page.goto('/adminlogin');
      await signIn(deputy.page, DEMO_DEPUTY, 'Admin Login');
      await atPath(deputy.page, '/admindashboard');
      await deputy.page
        .getByRole('listitem', { name: `Promoting ${viewer.username}` })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await deputy.page.getByText('Confirmed: the change took effect.').waitFor();
      const promoted = deputy.page.getByRole('article', { name: viewer.username });
      await promoted.getByRole('button', { name: 'Demote' }).waitFor();
      await deputy.page.getByRole('button', { name: 'Admins' }).click();
      await promoted.getByText('Admin', { exact: true }).waitFor();
      await deputy.page.getByRole('button', { name: 'Regular Users' }).click();
      await promoted.waitFor({ state: 'detached' });
    } finally {
      await deputy.close();
    }
  });
});
