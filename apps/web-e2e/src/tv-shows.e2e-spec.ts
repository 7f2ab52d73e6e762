import type { Page } from 'playwright-core';
import type { ContinueWatchingItem, Episode, Page as ListPage, Series, SeriesDetail } from '@app/contracts';
import { episodeLabel, PlaybackPreference } from '@app/contracts';
import { call, newUser } from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { eventually } from './support/playable';
import { signInAs } from './support/viewer';

// Journeys of issue 13 in Chromium against the whole system: a seeded demo series from /tv-shows to its page, the
// first episode played to its end, then the next episode by the viewer's playback setting (a 10 s countdown, or
// a button), "Skip intro", and Continue Watching showing the series at the episode to watch next.

type Playable = { series: SeriesDetail; first: Episode; second: Episode };

/** A free demo series whose first two episodes can play (sample media are mapped just after a fresh start). */
const playableSeries = async (): Promise<Playable> => {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const list = await call<ListPage<Series>>('GET', '/api/series?access=free&page=1&pageSize=50');
    for (const summary of list.body.data ?? []) {
      const detail = await call<SeriesDetail>('GET', `/api/series/${summary.id}`);
      const [first, second] = detail.body.seasons?.[0]?.episodes ?? [];
      if (first?.mediaReady && second?.mediaReady) return { series: detail.body, first, second };
    }
    if (Date.now() > deadline) throw new Error('no free series with two playable episodes');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
};

const mediaElement = (page: Page) => page.locator('hls-video, video').first();

/** Waits until the player plays the episode (frames advancing), then jumps to a moment before its end. */
const playToNearEnd = async (page: Page) => {
  await page.waitForFunction(() => {
    const element = document.querySelector('hls-video, video') as HTMLMediaElement | null;
    return element !== null && !element.paused && element.currentTime > 0.5 && element.duration > 0;
  });
  await mediaElement(page).evaluate((element) => {
    const media = element as HTMLMediaElement;
    media.currentTime = Math.max(0, media.duration - 2);
  });
};

let show: Playable;

beforeAll(async () => {
  show = await playableSeries();
}, 180_000);

describe('TV shows (issue 13)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('from /tv-shows to the series page; S1:E1 skips its intro, and at its end the countdown plays S1:E2', async () => {
    const { page, context } = session;
    const viewer = await newUser('series');
    await signInAs(context, viewer);
    const { series, first, second } = show;

    await page.goto('/tv-shows');
    await page.getByRole('link', { name: series.title }).first().click();
    await page.getByRole('heading', { name: series.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: `Play ${episodeLabel(first)}` }).click();
    await page.waitForURL((url) => url.searchParams.get('episode') === first.id);

    if (first.intro) {
      // Within the intro the player offers to skip it, and skipping lands at the intro's end.
      const skip = page.getByRole('button', { name: 'Skip intro' });
      await skip.waitFor();
      await skip.click();
      const end = first.intro.endSeconds;
      await page.waitForFunction(
        (at) => {
          const element = document.querySelector('hls-video, video') as HTMLMediaElement | null;
          return element !== null && element.currentTime >= at - 0.5;
        },
        end,
        { timeout: 15_000 },
      );
      await skip.waitFor({ state: 'detached' });
    }

    await playToNearEnd(page);
    // 'Auto-play next episode' (the default): a countdown with Cancel, then the next episode plays by itself.
    await page.getByText(/Next episode in \d+/).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('episode') === second.id, { timeout: 20_000 });
    await page.getByText(episodeLabel(second)).first().waitFor();
    await page.waitForFunction(() => {
      const element = document.querySelector('hls-video, video') as HTMLMediaElement | null;
      return element !== null && !element.paused && element.currentTime > 0.5;
    });
  });

  it("with 'Ask before playing next' offers a button instead, and Continue Watching shows the series at S1:E2", async () => {
    const { page, context } = session;
    const viewer = await newUser('series-ask');
    const saved = await call('PUT', `/api/users/${viewer.id}/settings`, {
      token: viewer.token,
      body: {
        notifications: { newReleases: true, recommendations: true },
        playback: PlaybackPreference.AskNext,
      },
    });
    expect(saved.status).toBe(200);
    await signInAs(context, viewer);
    const { series, first, second } = show;

    await page.goto(`/video?episode=${first.id}`);
    await playToNearEnd(page);
    const next = page.getByRole('button', { name: 'Play next episode' });
    await next.waitFor({ timeout: 20_000 });
    // No countdown in this mode: the episode stays put until the viewer asks.
    expect(await page.getByText(/Next episode in \d+/).count()).toBe(0);
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).searchParams.get('episode')).toBe(first.id);

    // S1:E1 is finished, so the row offers the series once, at S1:E2.
    await page.goto('/userdashboard');
    const items = await eventually(
      async () =>
        (
          await call<ContinueWatchingItem[]>('GET', `/api/users/${viewer.id}/continue-watching`, {
            token: viewer.token,
          })
        ).body,
      (list) => Array.isArray(list) && list.some((item) => item.episode?.episodeId === second.id),
    );
    expect(items.filter((item) => item.episode?.seriesId === series.id)).toHaveLength(1);
    await page.reload();
    const row = page.getByRole('region', { name: 'Continue Watching' });
    await row.getByText(episodeLabel(second)).first().waitFor({ timeout: 20_000 });
    await row.getByText(series.title).first().waitFor();

    // And the series page says where to pick up; My List takes the series too.
    await page.goto(`/tv-shows/${series.id}`);
    await page.getByRole('button', { name: `Play next: ${episodeLabel(second)}` }).waitFor();
    await page.getByRole('button', { name: 'Add to Favorites' }).click();
    await page.getByRole('button', { name: 'Added to Favorites' }).waitFor();
    await page.goto('/my-list');
    await page.getByRole('region', { name: 'TV Shows' }).getByRole('link', { name: series.title }).click();
    await page.waitForURL(`**/tv-shows/${series.id}`);
  });
});
