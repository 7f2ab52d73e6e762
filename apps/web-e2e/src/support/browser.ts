import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/** The system under test, started by `npm test` the way `npm start` starts it. */
export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through `npm test`.');
  return url;
};

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The player starts playing on its own, as it does after a click on Play in a person's browser.
  '--autoplay-policy=no-user-gesture-required',
  // Keeps Chromium from looking up Google hosts on a machine that cannot reach them.
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost',
];

export type Session = { browser: Browser; context: BrowserContext; page: Page; close(): Promise<void> };

/** Debian's Chromium, headless; Playwright gives each launch a throwaway profile. */
export const openBrowser = async (): Promise<Session> => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const violations = watchContentSecurityPolicy(context);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    close: async () => {
      await browser.close();
      if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
    },
  };
};

/**
 * Every journey doubles as a check of the gateway's CSP (issue 14, finding 5): what the browser refused to load
 * or run is collected from each page's console and fails the journey when its browser closes.
 */
const watchContentSecurityPolicy = (context: BrowserContext): string[] => {
  const violations: string[] = [];
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
  context.on('page', watch);
  return violations;
};

/**
 * What the page shows, for a journey's failure message when what it waited for never came: where it is, whether a
 * dialog is open, what has focus, its alerts and status messages, the fields marked invalid and what the fields
 * hold, whether signed in.
 */
export const pageState = (page: Page) =>
  page.evaluate(() => ({
    path: location.pathname,
    dialogOpen: Boolean(document.querySelector('dialog[open]')),
    focused: document.activeElement?.outerHTML.slice(0, 120) ?? null,
    alerts: [...document.querySelectorAll('[role="alert"], [role="status"]')]
      .map((node) => node.textContent?.trim())
      .filter(Boolean),
    invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map(
      (node) => node.getAttribute('name') ?? node.id,
    ),
    /** What each named field holds (never a password's): a form emptied under the test shows here. */
    fields: Object.fromEntries(
      [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')]
        .filter((node) => node.type !== 'password')
        .slice(0, 12)
        .map((node) => [node.name, node.value.slice(0, 60)]),
    ),
    signedIn: localStorage.getItem('token') !== null,
    searches: [...document.querySelectorAll<HTMLInputElement>('input[type="search"]')].map(
      (input) => input.value,
    ),
    articles: [...document.querySelectorAll('article')]
      .slice(0, 8)
      .map((node) => node.querySelector('h2, h3')?.textContent?.trim() ?? ''),
  }));

/**
 * Waits for `what` to come; when it never does, fails saying what the page showed instead (pageState), so a
 * refused request, an emptied form and a lost session are told apart in a CI log.
 */
export const waitOrExplain = (page: Page, wait: Promise<unknown>, what: string): Promise<void> =>
  wait.then(
    () => undefined,
    async (error: Error) => {
      const state = await pageState(page);
      throw new Error(`${what} never came: ${JSON.stringify(state)} (${error.message})`);
    },
  );
