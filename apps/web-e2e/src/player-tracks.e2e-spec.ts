import type { BrowserContext, Page } from 'playwright-core';
import type { Movie, ProfileList } from '@app/contracts';
import { call, newUser, type SignedIn } from './support/api';
import { seriousViolations } from './support/axe';
import type { Session } from './support/browser';
import { baseUrl, openBrowser } from './support/browser';
import { playableFreeTitles } from './support/playable';
import { currentTime, playsPast, watch } from './support/player';
import { signInAs } from './support/viewer';

// Issue 26 in Chromium against the whole system: the sample films' Hindi and English renditions and subtitles
// through hls.js, the profile's languages chosen first, and a viewer who uses the keyboard only.

type Tracks = { audio: Array<[string, boolean]>; text: Array<[string, string, string]> };

/** What the playing element lists: audio renditions (language, enabled) and text tracks (kind, language, mode). */
const tracksOf = (page: Page): Promise<Tracks> =>
  page.evaluate(() => {
    const element = document.querySelector('hls-video') as unknown as {
      audioTracks: ArrayLike<{ language: string; enabled: boolean }>;
      textTracks: ArrayLike<{ kind: string; language: string; mode: string }>;
    };
    return {
      audio: Array.from(element.audioTracks, (t): [string, boolean] => [t.language, t.enabled]),
      text: Array.from(element.textTracks, (t): [string, string, string] => [
        t.kind,
        t.language,
        t.mode,
      ]).filter(([kind]) => kind !== 'metadata'),
    };
  });

const mediaState = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector('hls-video') as HTMLMediaElement;
    return {
      time: element.currentTime,
      paused: element.paused,
      volume: element.volume,
      muted: element.muted,
    };
  });

/** Presses Tab until the focused control is `tag` (a keyboard user's way there), at most `limit` times. */
const tabTo = async (page: Page, tag: string, limit = 40) => {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((name) => document.activeElement?.localName === name, tag)) return;
  }
  throw new Error(`Tab never reached ${tag}`);
};

/** Gives the account's profile Hindi audio and English subtitles (what the Done-when viewer prefers). */
const preferHindiAudioEnglishSubtitles = async (viewer: SignedIn) => {
  const { body } = await call<ProfileList>('GET', '/api/profiles', { token: viewer.token });
  const id = body.currentProfileId ?? body.profiles[0].id;
  const { status } = await call('PATCH', `/api/profiles/${id}`, {
    token: viewer.token,
    body: { audioLanguage: 'hi', subtitleLanguage: 'en' },
  });
  expect(status).toBe(200);
};

let movie: Movie;

beforeAll(async () => {
  [movie] = await playableFreeTitles(1);
}, 180_000);

describe('watching in your language (issue 26)', () => {
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

  it('plays in the profile languages, and a keyboard-only viewer switches to English audio without losing the place', async () => {
    const viewer = await newUser('tracks');
    await preferHindiAudioEnglishSubtitles(viewer);
    await signInAs(context, viewer);

    await watch(page, movie);
    await playsPast(page, 1);
    // Hindi audio (the profile's) and English subtitles shown; both languages offered for each. Polled, then
    // asserted, so a failure shows what the element listed.
    for (let i = 0; i < 60; i++) {
      const { audio, text } = await tracksOf(page);
      if (audio.length >= 2 && text.some(([, language, mode]) => language === 'en' && mode === 'showing'))
        break;
      await page.waitForTimeout(500);
    }
    const start = await tracksOf(page);
    expect(start.audio).toEqual([
      ['hi', true],
      ['en', false],
    ]);
    expect(start.text.map(([, language, mode]) => [language, mode]).sort()).toEqual([
      ['en', 'showing'],
      ['hi', 'disabled'],
    ]);

    // Keys on the focused player (it takes focus as playback starts).
    await playsPast(page, 3);
    await page.keyboard.press('k');
    await page.waitForFunction(() => (document.querySelector('hls-video') as HTMLMediaElement).paused);
    const pausedAt = (await mediaState(page)).time;
    await page.keyboard.press('l');
    await page.waitForFunction(
      (t) => (document.querySelector('hls-video') as HTMLMediaElement).currentTime >= t,
      pausedAt + 9.5,
    );
    expect((await mediaState(page)).time).toBeCloseTo(pausedAt + 10, 0);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (t) => (document.querySelector('hls-video') as HTMLMediaElement).currentTime >= t,
      pausedAt + 14.5,
    );
    expect((await mediaState(page)).time).toBeCloseTo(pausedAt + 15, 0);
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(
      (t) => (document.querySelector('hls-video') as HTMLMediaElement).currentTime <= t,
      pausedAt + 0.5,
    );
    expect((await mediaState(page)).time).toBeCloseTo(pausedAt, 0);
    const { volume } = await mediaState(page);
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      (v) => (document.querySelector('hls-video') as HTMLMediaElement).volume < v,
      volume,
    );
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(
      (v) => (document.querySelector('hls-video') as HTMLMediaElement).volume >= v - 0.001,
      volume,
    );
    await page.keyboard.press('m');
    await page.waitForFunction(() => (document.querySelector('hls-video') as HTMLMediaElement).muted);
    // media-chrome decides mute or unmute from its own state, which follows the element's events: wait for it.
    await page.waitForFunction(
      () => document.querySelector('media-mute-button')?.getAttribute('mediavolumelevel') === 'off',
    );
    await page.keyboard.press('m');
    await page.waitForFunction(() => !(document.querySelector('hls-video') as HTMLMediaElement).muted);
    await page.keyboard.press('c');
    await page.waitForFunction(() =>
      Array.from((document.querySelector('hls-video') as HTMLMediaElement).textTracks).every(
        (t) => t.kind === 'metadata' || t.mode !== 'showing',
      ),
    );
    await page.waitForFunction(
      () => !document.querySelector('media-captions-menu-button')?.getAttribute('mediasubtitlesshowing'),
    );
    await page.keyboard.press('c');
    await page.waitForFunction(() =>
      Array.from((document.querySelector('hls-video') as HTMLMediaElement).textTracks).some(
        (t) => t.mode === 'showing',
      ),
    );
    await page.keyboard.press('k');
    await playsPast(page, pausedAt + 1);

    // axe on the playing player: every control named, nothing serious.
    expect(await seriousViolations(page)).toEqual([]);

    // The audio menu, by keyboard only: Tab to its button, Enter, arrows to English, Enter.
    await tabTo(page, 'media-audio-track-menu-button');
    const focusVisible = await page.evaluate(
      () => document.activeElement?.matches(':focus-visible') ?? false,
    );
    expect(focusVisible).toBe(true);
    await page.keyboard.press('Enter');
    const english = page.getByRole('menuitemradio', { name: 'English' });
    await english.waitFor();
    for (let i = 0; i < 4 && !(await english.evaluate((el) => el.matches(':focus'))); i++)
      await page.keyboard.press('ArrowDown');
    const before = await currentTime(page);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => {
      const tracks = (
        document.querySelector('hls-video') as unknown as {
          audioTracks: ArrayLike<{ language: string; enabled: boolean }>;
        }
      ).audioTracks;
      return Array.from(tracks).some((t) => t.language === 'en' && t.enabled);
    });
    // Playback carries on from where it was: no jump back, and it keeps moving.
    await playsPast(page, before + 2);
    const after = await currentTime(page);
    expect(after).toBeGreaterThan(before);
    expect(after - before).toBeLessThan(8);
    expect((await tracksOf(page)).audio).toEqual([
      ['hi', false],
      ['en', true],
    ]);
  }, 120_000);
});
