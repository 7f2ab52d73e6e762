import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Movie, ProfileList } from '@app/contracts';
import { call, newUser } from './support/api';
import { seriousViolations } from './support/axe';
import type { Session } from './support/browser';
import { baseUrl, openBrowser } from './support/browser';
import { playableFreeTitles } from './support/playable';
import { currentTime, playsPast } from './support/player';
import { escapeRegExp } from './support/text';

// Issue 26's Done-when in Chromium against the whole system: a viewer who never touches the mouse signs in, finds a
// title, plays and pauses it, switches audio and subtitles in the player's menus (playback carries on from the same
// position), seeks with l and the arrows, styles the subtitles, and axe finds nothing serious on the player, in
// English and in Hindi.

/**
 * Presses Tab (at most `max` times) until one of the elements `target` matches has the focus, inside shadow roots
 * too (media-chrome's controls, the captcha); fails saying what had it instead.
 */
const tabTo = async (page: Page, target: Locator, max = 150) => {
  for (let i = 0; i < max; i++) {
    const reached = await target
      .evaluateAll((elements) => {
        let active = document.activeElement;
        const chain: Element[] = [];
        while (active) {
          chain.push(active);
          active = active.shadowRoot?.activeElement ?? null;
        }
        return elements.some((element) => chain.includes(element));
      })
      .catch(() => false);
    if (reached) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`Tab never reached the target; the focus is on ${focused}`);
};

/** The playing element's state, as the journey checks it. */
const playing = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector('hls-video') as unknown as HTMLMediaElement & {
      audioTracks: ArrayLike<{ language: string; enabled: boolean }>;
    };
    return {
      paused: element.paused,
      time: element.currentTime,
      audio: Array.from(element.audioTracks).find((track) => track.enabled)?.language ?? null,
      subtitles:
        Array.from(element.textTracks).find(
          (track) => (track.kind === 'subtitles' || track.kind === 'captions') && track.mode === 'showing',
        )?.language ?? null,
    };
  });

const until = (page: Page, check: (state: Awaited<ReturnType<typeof playing>>) => boolean) =>
  (async () => {
    for (let i = 0; i < 80; i++) {
      if (check(await playing(page))) return;
      await page.waitForTimeout(250);
    }
    throw new Error(`the player never got there: ${JSON.stringify(await playing(page))}`);
  })();

/** Opens one of media-chrome's menus from its button with Enter and picks the first unchecked item with the arrows. */
const pickOtherItem = async (page: Page, button: Locator) => {
  // media-chrome's menus keep the focused item in their shadow root or light DOM; either way it is the deepest.
  const focusedItem = () =>
    page.evaluate(() => {
      let element: Element | null = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      return element?.getAttribute('role') === 'menuitemradio' ||
        element?.tagName === 'MEDIA-CHROME-MENU-ITEM'
        ? (element.getAttribute('aria-checked') ?? '')
        : null;
    });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  // The menu takes the focus as it opens: on a busy machine, keys pressed before then went to the player.
  for (let i = 0; i < 40 && (await focusedItem()) === null; i++) await page.waitForTimeout(125);
  for (let i = 0; i < 8 && (await focusedItem()) !== 'false'; i++) await page.keyboard.press('ArrowDown');
  expect(await focusedItem()).toBe('false');
  await page.keyboard.press('Enter');
};

let movie: Movie;

beforeAll(async () => {
  [movie] = await playableFreeTitles(1);
}, 180_000);

describe('the player with the keyboard only (issue 26)', () => {
  let session: Session;
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    session = await openBrowser();
    // axe-core goes in as an inline script, which the gateway's CSP rightly refuses to any page.
    context = await session.browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
    await session?.close();
  });

  it('signs in, finds and plays a title, switches audio and subtitles, seeks and styles subtitles without a mouse', async () => {
    const viewer = await newUser('keys');

    // Sign in: email, password, the captcha's box with space, then the button.
    await page.goto('/userlogin');
    await tabTo(page, page.getByLabel('Email', { exact: true }));
    await page.keyboard.type(viewer.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(viewer.password);
    await tabTo(page, page.locator('altcha-widget input[type="checkbox"]'));
    await page.keyboard.press('Space');
    await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    const submit = page.getByRole('button', { name: 'User Login', exact: true });
    await submit.and(page.locator(':enabled')).waitFor();
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/userdashboard/, { timeout: 30_000 });

    // Find the title with the header's search, then its Watch Now.
    await tabTo(page, page.getByRole('searchbox', { name: 'Search titles' }));
    await page.keyboard.type(movie.title);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: `Watch Now: ${movie.title}` }), 300);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/video\\?movie=${escapeRegExp(movie.id)}`));

    // It plays (the player takes the focus as it starts); k pauses, space plays again.
    await playsPast(page, 2);
    await page.keyboard.press('k');
    await until(page, ({ paused }) => paused);
    await page
      .getByRole('status')
      .filter({ hasText: /^Paused, / })
      .waitFor();
    await page.keyboard.press(' ');
    await until(page, ({ paused }) => !paused);

    // l jumps 10 s, ← goes back 5 s: the playhead lands where asked, and plays on from there.
    const before = await currentTime(page);
    await page.keyboard.press('l');
    await until(page, ({ time }) => time >= before + 9);
    expect((await playing(page)).time).toBeLessThan(before + 14);
    const ahead = (await playing(page)).time;
    await page.keyboard.press('ArrowLeft');
    await until(page, ({ time }) => time < ahead - 3);
    await playsPast(page, ahead - 3);

    // Audio from the menu: the other language, from the same position.
    const { audio: first, time: switchedAt } = await playing(page);
    await pickOtherItem(page, page.locator('media-audio-track-menu-button'));
    await until(page, ({ audio }) => audio !== null && audio !== first);
    const afterSwitch = await playing(page);
    expect(Math.abs(afterSwitch.time - switchedAt)).toBeLessThan(4);
    await playsPast(page, afterSwitch.time + 1);

    // Subtitles from the menu, then c turns them off and on again.
    await pickOtherItem(page, page.locator('media-captions-menu-button'));
    await until(page, ({ subtitles }) => subtitles !== null);
    const shown = (await playing(page)).subtitles;
    // The focus is back on the captions button, which leaves c to the player.
    await page.keyboard.press('c');
    await until(page, ({ subtitles }) => subtitles === null);
    await page.keyboard.press('c');
    await until(page, ({ subtitles }) => subtitles === shown);

    // Subtitle style: the menu opens with Enter, the size changes with the arrows, and it is saved to the profile.
    await tabTo(page, page.getByRole('button', { name: 'Subtitle style' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('combobox', { name: 'Text size' }));
    await page.keyboard.press('ArrowDown');
    const captionsOf = async () => {
      const { body } = await call<ProfileList>('GET', '/api/profiles', { token: viewer.token });
      return body.profiles[0].playback.captions;
    };
    for (let i = 0; i < 40 && (await captionsOf()).size === 100; i++) await page.waitForTimeout(250);
    expect((await captionsOf()).size).toBe(150);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Subtitle style', expanded: false }).waitFor();

    // Every control named, the speed button's name holding the "1x" it shows, nothing serious.
    expect(await seriousViolations(page)).toEqual([]);

    // The same player in Hindi: its controls named in Hindi, and still nothing serious.
    await page.evaluate(() => window.localStorage.setItem('streamly.language', 'hi'));
    await page.reload();
    // Where the viewer stopped is asked first ("Resume from …"), unless it is under 5 s.
    const resume = page.getByRole('button', { name: /से आगे देखें$/ });
    await page.locator('hls-video').or(resume).first().waitFor();
    if (await resume.isVisible()) {
      await tabTo(page, resume);
      await page.keyboard.press('Enter');
    }
    await playsPast(page, 1);
    await page.locator('media-play-button[aria-label="रोकें"], media-play-button[aria-label="चलाएँ"]').waitFor();
    await page.getByRole('button', { name: 'सबटाइटल की शैली' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  }, 240_000);
});
