import type { Movie, Page as MoviePage } from '@app/contracts';
import { call, newUser, signIn, type SignedIn } from './support/api';
import type { Session } from './support/browser';
import { baseUrl, openBrowser } from './support/browser';
import { eventually, playableFreeTitles } from './support/playable';
import { currentTime, media, playsPast, watch } from './support/player';
import { literally } from './support/text';
import { signInAs } from './support/viewer';

// Journeys of issue 10 in Chromium against the whole system: real HLS from the generated sample films through the
// gateway's /stream proxy, heartbeats, resume, the entitlement panel instead of a player error, and the screen limit.

let free: Movie[];
let premium: Movie;

beforeAll(async () => {
  free = await playableFreeTitles();
  const premiumList = await call<MoviePage<Movie>>('GET', '/api/movies?access=premium&page=1&pageSize=1');
  premium = premiumList.body.data[0];
  expect(free.length).toBeGreaterThanOrEqual(2);
}, 180_000);

describe('playback (issue 10)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('plays a free title, seeks, and resumes where the viewer left', async () => {
    const { page, context } = session;
    const viewer = await newUser('player');
    await signInAs(context, viewer);
    const [movie] = free;

    await watch(page, movie);
    await playsPast(page, 1);

    // A seek lands within one segment of its target.
    await media(page).evaluate((element) => {
      (element as HTMLMediaElement).currentTime = 12;
    });
    await page.waitForFunction(() => {
      const element = document.querySelector('hls-video, video') as HTMLMediaElement | null;
      return element !== null && !element.seeking && element.currentTime >= 12;
    });
    expect(Math.abs((await currentTime(page)) - 12)).toBeLessThan(4);
    await playsPast(page, 13);
    const leftAt = await currentTime(page);

    // Leaving reports the position (exit heartbeat), which reaches the viewer's history as an event a moment later;
    // coming back then offers to resume close to it.
    await page.goto('/userdashboard');
    await eventually(
      () =>
        call<{ resumePositionSeconds: number }>('GET', `/api/playback/${movie.id}`, { token: viewer.token }),
      (answer) => answer.status === 200 && answer.body.resumePositionSeconds > 0,
      15_000,
    );
    await watch(page, movie);
    const resume = page.getByRole('button', { name: /^Resume from / });
    const [, minutes, seconds] = /Resume from (\d+):(\d{2})/.exec((await resume.textContent()) ?? '') ?? [];
    expect(Math.abs(Number(minutes) * 60 + Number(seconds) - leftAt)).toBeLessThan(10);
    await resume.click();
    // Playback picks up at the offered point, not at the start.
    await playsPast(page, leftAt - 10);
    expect(Math.abs((await currentTime(page)) - leftAt)).toBeLessThan(10);
  });

  it('shows a viewer without a plan the ways into a premium title, not a player error', async () => {
    const { page, context } = session;
    await signInAs(context, await newUser('noplan'));

    await watch(page, premium);

    await page
      .getByText(/^Premium title: /)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Rent Now' }).first().waitFor();
    expect(await page.locator('hls-video, video').count()).toBe(0);
  });

  it('a second screen over the limit lists the stream playing and can stop it', async () => {
    const viewer: SignedIn = await newUser('screens');
    // A second device is a second sign-in of the same account.
    const second = await signIn(viewer);
    const { page: first, context } = session;
    await signInAs(context, viewer);
    await watch(first, free[0]);
    await playsPast(first, 0.5);

    const other = await session.browser.newContext({ baseURL: baseUrl() });
    try {
      await signInAs(other, second);
      const page = await other.newPage();
      await watch(page, free[1]);

      await page.getByText('All your screens are in use. Stop a stream to watch here.').waitFor();
      await page.getByRole('button', { name: literally(`Stop that stream: ${free[0].title}`) }).click();
      await playsPast(page, 0.5);
      // The first screen learns it at its next heartbeat (every 10 s) and stops, saying why.
      await first.getByText('This stream was stopped from another screen.').waitFor({ timeout: 25_000 });
    } finally {
      await other.close();
    }
  });
});
