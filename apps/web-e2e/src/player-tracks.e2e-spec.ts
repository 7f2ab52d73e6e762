import type { BrowserContext, Page } from 'playwright-core';
import type { Movie, ProfileList } from '@app/contracts';
import { call, newUser, type SignedIn } from './support/api';
import { seriousViolations } from './support/axe';
import type { Session } from './support/browser';
import { baseUrl, openBrowser } from './support/browser';
import { playableFreeTitles } from './support/playable';
import { playsPast, watch } from './support/player';
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

  it('plays in the profile languages, pauses from the keyboard, and axe finds nothing serious on the player', async () => {
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
    // The sample films speak Hindi and English; every sixth from the second adds Tamil (a third track).
    const extra = (movie.audioLanguages ?? []).filter((language) => !['hi', 'en'].includes(language));
    expect(start.audio).toEqual([['hi', true], ['en', false], ...extra.map((language) => [language, false])]);
    expect(start.text.map(([, language, mode]) => [language, mode]).sort()).toEqual(
      [['en', 'showing'], ['hi', 'disabled'], ...extra.map((language) => [language, 'disabled'])].sort(),
    );

    // The focused player takes keys (it takes focus as playback starts): k pauses. The other keys and the menus by
    // keyboard are player-keyboard.e2e-spec.ts's journey.
    await playsPast(page, 3);
    await page.keyboard.press('k');
    await page.waitForFunction(() => (document.querySelector('hls-video') as HTMLMediaElement).paused);

    // axe on the playing player: every control named (the speed button's name holds the "1x" it shows, WCAG 2.5.3),
    // nothing serious.
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);
});
