import type { ContinueWatchingItem, Movie } from '@app/contracts';
import { call, login, newUser } from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { eventually, playableFreeTitles } from './support/playable';
import { signInAs, watchPart } from './support/viewer';

// Journeys of issue 11 in Chromium against the whole system: watching fills history, Continue Watching and the
// analytics; "Remove from row"; favorites from the detail modal into Favorites and My List; settings that survive
// a reload; and deleting one's own account.

let free: Movie[];

beforeAll(async () => {
  free = await playableFreeTitles(1);
  expect(free.length).toBeGreaterThanOrEqual(1);
}, 180_000);

describe('viewer data (issue 11)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('watching a title puts it in history, Continue Watching and the analytics; "Remove from row" keeps its place', async () => {
    const { page, context } = session;
    const viewer = await newUser('history');
    await signInAs(context, viewer);
    const [movie] = free;

    await watchPart(page, movie, 0.4);
    // The exit report reaches user-data as an event, a moment after the player has gone: wait for it, then look.
    await eventually(
      async () =>
        (
          await call<ContinueWatchingItem[]>('GET', `/api/users/${viewer.id}/continue-watching`, {
            token: viewer.token,
          })
        ).body,
      (items) => Array.isArray(items) && items.length === 1,
    );
    await page.reload();

    // Continue Watching on the dashboard, at the real percentage.
    const row = page.getByRole('region', { name: 'Continue Watching' });
    const resume = row.getByRole('link', { name: `Resume ${movie.title}` });
    await resume.waitFor({ timeout: 20_000 });
    const watched = await row
      .getByText(/^\d+% watched$/)
      .first()
      .textContent();
    const percent = Number(/^(\d+)%/.exec(watched ?? '')?.[1]);
    expect(percent).toBeGreaterThanOrEqual(38);
    expect(percent).toBeLessThan(60);

    // The profile's history lists it; the analytics pie has its genre.
    await page.goto('/userprofile?tab=history');
    await page.getByRole('heading', { name: movie.title }).first().waitFor();
    await page
      .getByText(/^Watched on /)
      .first()
      .waitFor();
    await page.goto('/userprofile?tab=analytics');
    await page.getByRole('heading', { name: 'Watch time by genre' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: movie.genre }).first().waitFor();

    // Remove from row: gone from the row, but the player still offers to resume.
    await page.goto('/userdashboard');
    await page.getByRole('button', { name: `Remove from row: ${movie.title}` }).click();
    await resume.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Trending Now' }).first().waitFor();
    expect(await page.getByRole('link', { name: `Resume ${movie.title}` }).count()).toBe(0);
    await page.goto(`/video?movie=${movie.id}`);
    await page.getByRole('button', { name: /^Resume from / }).waitFor();
  });

  it('adds a favorite from the detail modal, shows it in Favorites and My List, and removes it', async () => {
    const { page, context } = session;
    await signInAs(context, await newUser('favorites'));

    await page.goto('/userdashboard');
    await page.getByRole('button', { name: 'More Info' }).first().click();
    const dialog = page.getByRole('dialog');
    const title = (await dialog.getByRole('heading').first().textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await dialog.getByRole('button', { name: 'Add to Favorites' }).click();
    const added = dialog.getByRole('button', { name: 'Added to Favorites' });
    await added.waitFor();
    expect(await added.isDisabled()).toBe(true);
    await page.getByText('Added to favorites!').first().waitFor();

    await page.goto('/my-list');
    await page.getByText(title, { exact: true }).first().waitFor();

    await page.goto('/userprofile?tab=favorites');
    await page.getByRole('button', { name: `Remove from Favorites: ${title}` }).click();
    await page.getByText('No favorites yet.').waitFor();
    await page.goto('/my-list');
    await page.getByText('No favorites yet.').waitFor();
  });

  it('saves settings, which survive a reload', async () => {
    const { page, context } = session;
    await signInAs(context, await newUser('settings'));

    await page.goto('/userprofile?tab=settings');
    const recommendations = page.getByRole('checkbox', { name: 'Recommendations' });
    await recommendations.waitFor();
    expect(await recommendations.isChecked()).toBe(true);
    await recommendations.uncheck();
    await page.getByRole('combobox', { name: 'Playback' }).selectOption({ label: 'Ask before playing next' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved').first().waitFor();

    await page.reload();
    await page.getByRole('checkbox', { name: 'Recommendations' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Recommendations' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'New releases' }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Playback' }).inputValue()).toBe('ask-next');
  });

  it('deletes the account after the password: signed out, and it cannot sign in again', async () => {
    const { page, context } = session;
    const viewer = await newUser('leaving');
    await signInAs(context, viewer);

    await page.goto('/userprofile?tab=privacy');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();

    await dialog.getByLabel('Your password').fill(viewer.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/account-deleted');
    await page.getByRole('heading', { name: 'Your account is deleted' }).waitFor();
    // Signed out: the stored session is gone (the app leaves the page first, then ends the session).
    await page.waitForFunction(() => window.localStorage.getItem('token') === null);
    expect((await login(viewer)).status).toBe(401);
  });
});
