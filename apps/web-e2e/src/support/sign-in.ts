import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_VIEWER, type Credentials } from './api';

/** A login screen of SPEC 2: where it is, who signs in there and the text of its submit button. */
export type LoginAs = Credentials & {
  loginPath: '/userlogin' | '/adminlogin';
  button: 'User Login' | 'Admin Login';
};

/** Any user account, signing in on /userlogin. */
export const asUser = ({ email, password }: Credentials): LoginAs => ({
  email,
  password,
  loginPath: '/userlogin',
  button: 'User Login',
});

export const VIEWER_LOGIN: LoginAs = asUser(DEMO_VIEWER);
export const ADMIN_LOGIN: LoginAs = { ...DEMO_ADMIN, loginPath: '/adminlogin', button: 'Admin Login' };

/** The proof of work of the ALTCHA widget can take a while on a busy machine. */
const CAPTCHA_TIMEOUT_MS = 30_000;

/**
 * Ticks the ALTCHA widget the way a person does (a click on its "I'm not a robot" label: the widget draws
 * its own tick over the real checkbox, so the box itself does not take clicks) and waits until it has
 * solved its proof of work.
 */
export const solveAltcha = async (page: Page) => {
  const widget = page.locator('altcha-widget');
  await widget.getByText("I'm not a robot").click();
  await widget.locator('.altcha[data-state="verified"]').waitFor({ timeout: CAPTCHA_TIMEOUT_MS });
};

/** Signs in through the login page (email, password, captcha, submit) and waits to leave it. */
export const signInThroughUi = async (page: Page, who: LoginAs) => {
  await page.goto(who.loginPath);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await solveAltcha(page);
  const submit = page.getByRole('button', { name: who.button, exact: true });
  await submit.and(page.locator(':enabled')).waitFor();
  await submit.click();
  await page.waitForURL((url) => url.pathname !== who.loginPath, { timeout: CAPTCHA_TIMEOUT_MS });
};
