import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, Session } from './support/browser';

// Journeys of issue 4 against the whole system (demo accounts seeded by `npm start`).
const ADMIN = { email: 'admin@streamly.in', password: 'Admin@12345' };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** ALTCHA solves its proof of work in the browser once its checkbox is ticked. */
const solveCaptcha = async (page: Page) => {
  await page.locator('altcha-widget input[type="checkbox"]').first().check();
  await page.locator('altcha-widget[data-state="verified"], altcha-widget .altcha[data-state="verified"]').first().waitFor({ timeout: 30000 }).catch(() => undefined);
};

const signIn = async (page: Page, email: string, password: string, button = 'User Login') => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  const submit = page.getByRole('button', { name: button });
  await submit.and(page.locator(':enabled')).waitFor({ timeout: 30000 });
  await submit.click();
};

const signUp = async (page: Page, username: string, email: string, password: string) => {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('User registered successfully!').waitFor();
  await page.waitForURL((url) => url.pathname === '/userlogin');
};

/** The newest OTP mailed to `email`, from the dev outbox the auth service writes (DECISIONS 20). */
const otpFromOutbox = async (email: string): Promise<string> => {
  const dir = process.env.OUTBOX_DIR;
  if (!dir) throw new Error('OUTBOX_DIR is not set: the journeys read the OTP from the mail outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(dir).catch(() => [] as string[]);
    const dated = await Promise.all(files.map(async (name) => ({ name, time: (await stat(path.join(dir, name))).mtimeMs })));
    for (const { name } of dated.sort((a, b) => b.time - a.time)) {
      const mail = await readFile(path.join(dir, name), 'utf8');
      const code = mail.includes(email) ? /\b(\d{6})\b/.exec(mail)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no OTP mail for ${email}`);
};

describe('accounts (issue 4)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('signs up, lands on /userlogin, solves the captcha and reaches /userdashboard', async () => {
    const { page } = session;
    const id = unique();
    await signUp(page, `Asha ${id}`, `asha.${id}@example.in`, 'Secret@1234');

    await signIn(page, `asha.${id}@example.in`, 'Secret@1234');

    await page.waitForURL((url) => url.pathname === '/userdashboard');
    expect(await page.evaluate(() => Boolean(localStorage.getItem('token') && localStorage.getItem('user')))).toBe(true);
  });

  it('opening /userprofile signed out asks to sign in and returns to /userprofile', async () => {
    const { page } = session;
    const id = unique();
    await signUp(page, `Ravi ${id}`, `ravi.${id}@example.in`, 'Secret@1234');

    await page.goto('/userprofile');
    await page.waitForURL((url) => url.pathname === '/userlogin');
    await signIn(page, `ravi.${id}@example.in`, 'Secret@1234');

    await page.waitForURL((url) => url.pathname === '/userprofile');
  });

  it('resets a forgotten password with the OTP from the mail and signs in with the new one', async () => {
    const { page } = session;
    const id = unique();
    const email = `meera.${id}@example.in`;
    await signUp(page, `Meera ${id}`, email, 'Secret@1234');

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('OTP sent to your email.').waitFor();
    await page.getByLabel('One-time code').fill(await otpFromOutbox(email));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('OTP verified. Enter your new password.').waitFor();
    await page.getByLabel('New password').fill('Brand-new@5678');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successful! You can now log in.').waitFor();

    await page.goto('/userlogin');
    await signIn(page, email, 'Brand-new@5678');
    await page.waitForURL((url) => url.pathname === '/userdashboard');
  });

  it('signs in with Google (the local OAuth server) and sets a password', async () => {
    const { page } = session;
    await page.goto('/userlogin');
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    await page.waitForURL((url) => url.pathname === '/oauth-success');
    await page.getByText('Please set your password for future logins.').waitFor();
    await page.waitForURL((url) => url.pathname === '/set-password');
    await page.getByLabel('New password').fill('Google-set@123');
    await page.getByLabel('Confirm password').fill('Google-set@123');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password set successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/userdashboard');
  });

  it('an admin promotes a viewer and the grid shows the new role', async () => {
    const { page } = session;
    const id = unique();
    const username = `Kiran ${id}`;
    await signUp(page, username, `kiran.${id}@example.in`, 'Secret@1234');

    await page.goto('/adminlogin');
    await signIn(page, ADMIN.email, ADMIN.password, 'Admin Login');
    await page.waitForURL((url) => url.pathname === '/admindashboard');
    const card = page.getByRole('article', { name: username });
    await card.getByRole('button', { name: 'Promote' }).click();

    await card.getByRole('button', { name: 'Demote' }).waitFor();
    await page.getByRole('button', { name: 'Admins' }).click();
    await page.getByRole('article', { name: username }).waitFor();
  });
});
