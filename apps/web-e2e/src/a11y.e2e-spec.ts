import type { LoginResponse, Movie, Page as MoviePage } from '@app/contracts';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_VIEWER, signIn } from './support/api';
import type { Session } from './support/browser';
import { seriousViolations } from './support/axe';
import { baseUrl, openBrowser, waitOrExplain } from './support/browser';

/**
 * Every built screen, in both themes (and in Hindi), through axe-core's WCAG 2.0/2.1 A and AA rules: no serious or
 * critical violation (colour contrast above all: issue 8). Coming-soon routes share one page; one stands for all.
 */

type Who = 'visitor' | 'viewer' | 'admin';
type Screen = {
  name: string;
  path: (movie: Movie) => string;
  who: Who;
  open?: (page: Page) => Promise<void>;
};

const openDialog = (button: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog').waitFor();
};

const SCREENS: Screen[] = [
  { name: 'landing', path: () => '/', who: 'visitor' },
  { name: 'user login', path: () => '/userlogin', who: 'visitor' },
  { name: 'admin login', path: () => '/adminlogin', who: 'visitor' },
  { name: 'sign-up', path: () => '/signup', who: 'visitor' },
  { name: 'forgot password', path: () => '/forgot-password', who: 'visitor' },
  { name: 'movie details (visitor)', path: (movie) => `/moviedetails/${movie.id}`, who: 'visitor' },
  { name: 'movie (visitor)', path: (movie) => `/movie/${movie.id}`, who: 'visitor' },
  { name: 'browse movies', path: () => '/movies', who: 'visitor' },
  { name: 'category', path: () => '/category/action', who: 'visitor' },
  { name: 'footer', path: () => '/footer', who: 'visitor' },
  { name: 'about us', path: () => '/aboutus', who: 'visitor' },
  { name: 'contact us', path: () => '/contactus', who: 'visitor' },
  { name: 'cookie preferences', path: () => '/cookiepreferences', who: 'visitor' },
  { name: 'coming soon', path: () => '/video', who: 'visitor' },
  { name: 'set password', path: () => '/set-password', who: 'viewer' },
  { name: 'user dashboard', path: () => '/userdashboard', who: 'viewer' },
  { name: 'movie detail modal', path: () => '/userdashboard', who: 'viewer', open: openDialog(/More Info/) },
  { name: 'movie (member)', path: (movie) => `/movie/${movie.id}`, who: 'viewer' },
  { name: 'admin dashboard', path: () => '/admindashboard', who: 'admin' },
  { name: 'add movie modal', path: () => '/admindashboard', who: 'admin', open: openDialog('Add Movie') },
  { name: 'edit user modal', path: () => '/admindashboard', who: 'admin', open: openDialog('Edit Profile') },
];

/**
 * Each theme in English, and the dark one in Hindi (issue 26: axe finds nothing serious on the Hindi screens). The
 * screens opened by a button's English name are English-only here.
 */
const LOOKS = [
  ['dark', 'en'],
  ['light', 'en'],
  ['dark', 'hi'],
] as const;
const sessions = new Map<Who, LoginResponse>();
const sessionOf = async (who: Who): Promise<LoginResponse | null> => {
  if (who === 'visitor') return null;
  if (!sessions.has(who))
    sessions.set(
      who,
      who === 'admin' ? await signIn(DEMO_ADMIN, '/api/auth/admin/login') : await signIn(DEMO_VIEWER),
    );
  return sessions.get(who) ?? null;
};

describe('accessibility of every screen (axe-core, WCAG 2.1 AA)', () => {
  let session: Session;
  let movie: Movie;

  beforeAll(async () => {
    const res = await fetch(`${baseUrl()}/api/movies?page=1&pageSize=5`);
    movie = ((await res.json()) as MoviePage<Movie>).data[0];
    session = await openBrowser();
  });

  afterAll(async () => {
    await session?.close();
  });

  describe.each(LOOKS)('%s theme, %s', (theme, language) => {
    const screens = SCREENS.filter((screen) => language === 'en' || !screen.open);
    it.each(screens.map((screen) => [screen.name, screen] as const))(
      '%s has no serious violation',
      async (_name, screen) => {
        const signedIn = await sessionOf(screen.who);
        // The app reads its theme, language and session from local storage (SPEC 3 keys) before it renders.
        const context = await session.browser.newContext({
          baseURL: baseUrl(),
          // axe-core goes in as an inline script, which the gateway's CSP rightly refuses to any page.
          bypassCSP: true,
          viewport: { width: 1280, height: 900 },
          reducedMotion: 'reduce',
        });
        await context.addInitScript(
          ({ theme, language, user, token }) => {
            window.localStorage.setItem('theme', theme);
            window.localStorage.setItem('streamly.language', language);
            if (user && token) {
              window.localStorage.setItem('user', user);
              window.localStorage.setItem('token', token);
            }
          },
          {
            theme,
            language,
            user: signedIn ? JSON.stringify(signedIn.user) : null,
            token: signedIn?.token ?? null,
          },
        );
        try {
          const page = await context.newPage();
          await page.goto(screen.path(movie));
          await page.waitForLoadState('networkidle');
          // Every screen has a <main> or, like /footer, a footer.
          await page.locator('main:visible, footer:visible').first().waitFor();
          await screen.open?.(page);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      },
    );
  });

  it('keeps keyboard focus inside an open modal', async () => {
    const admin = await sessionOf('admin');
    const context = await session.browser.newContext({ baseURL: baseUrl() });
    await context.addInitScript(
      ({ user, token }) => {
        window.localStorage.setItem('user', user);
        window.localStorage.setItem('token', token);
      },
      { user: JSON.stringify(admin?.user), token: admin?.token ?? '' },
    );
    try {
      const page = await context.newPage();
      // The dashboard settled before the dialog opens, as a person would see it and as the screen checks above open
      // it: a dialog opened while the page's own first requests were still out once lost focus under load (one CI
      // run timed out below). Then settled again (the dialog's own requests), and focus where showModal() puts it.
      // In another CI run on a loaded machine 15 of 40 presses found the body focused (cause not pinned down; on a
      // quiet machine it is 39 of 40 in the dialog): counting starts from this settled state.
      await page.goto('/admindashboard');
      await page.waitForLoadState('networkidle');
      await openDialog('Add Movie')(page);
      await page.waitForLoadState('networkidle');
      // One CI run timed out here once: the failure says whether the dialog closed, the session ended (the login
      // page) or focus left an open dialog.
      await waitOrExplain(
        page,
        page.waitForFunction(() => Boolean(document.activeElement?.closest('dialog'))),
        'focus in the dialog',
      );
      // More presses than the form has controls, both ways round. Past its last control focus may visit
      // the browser's own UI (the document then has no focused element) but never the page behind.
      const where: string[] = [];
      for (const key of [...Array<string>(20).fill('Tab'), ...Array<string>(20).fill('Shift+Tab')]) {
        await page.keyboard.press(key);
        where.push(
          await page.evaluate(() => {
            const active = document.activeElement;
            if (!active || active === document.body) return 'browser';
            return active.closest('dialog') ? 'dialog' : `page: ${active.outerHTML.slice(0, 80)}`;
          }),
        );
      }
      expect(where.filter((place) => place.startsWith('page'))).toEqual([]);
      expect(where.filter((place) => place === 'dialog').length).toBeGreaterThan(30);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
