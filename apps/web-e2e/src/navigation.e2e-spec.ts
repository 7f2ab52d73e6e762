import type { Page } from 'playwright-core';
import type { Movie, Page as MoviePage } from '@app/contracts';
import { call } from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { asNewViewer } from './support/viewer';

// Issue 24, "Navigation and layout" and "Honest states": one signed-in header on every signed-in page (at 1366
// and at 390 px, where nothing may spill sideways), browse pages that keep their place in the URL, a search that
// says when nothing matches, and a bad or unknown id that says "Title not found".

const SIGNED_IN_PAGES = (movie: Movie) => [
  '/userdashboard',
  '/movies',
  '/tv-shows',
  `/movie/${movie.id}`,
  `/video?movie=${movie.id}`,
  '/userprofile',
  '/subscription',
  '/my-list',
];

const firstPublished = async (): Promise<Movie> => {
  const { body } = await call<MoviePage<Movie>>('GET', '/api/movies?page=1&pageSize=5');
  return body.data[0];
};

/** The header's parts, all of them, on the page now shown; and its logo leads to the viewer's home. */
const expectSignedInHeader = async (page: Page) => {
  const header = page.getByRole('banner').first();
  const nav = header.getByRole('navigation', { name: 'Browse' });
  for (const name of ['Movies', 'TV Shows', 'My List']) await nav.getByRole('link', { name }).waitFor();
  await header.getByRole('searchbox', { name: 'Search titles' }).waitFor();
  await header.getByRole('button', { name: 'Logout' }).waitFor();
  await header.getByRole('button', { name: /^Profile menu/ }).waitFor();
  expect(await header.getByRole('link', { name: 'Streamly home' }).getAttribute('href')).toBe(
    '/userdashboard',
  );
};

/** Nothing wider than the screen: no sideways scrolling. */
const expectNoSidewaysScroll = async (page: Page) => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
};

describe('finding one’s way (issue 24)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it.each([
    [1366, 900],
    [390, 844],
  ])('shows one signed-in header on every signed-in page at %i px', async (width, height) => {
    const { page, context } = session;
    await page.setViewportSize({ width, height });
    await asNewViewer(context, `header-${width}`);
    const movie = await firstPublished();

    for (const path of SIGNED_IN_PAGES(movie)) {
      await page.goto(path);
      await expectSignedInHeader(page);
      if (width < 600) await expectNoSidewaysScroll(page);
    }

    await page.getByRole('banner').first().getByRole('link', { name: 'Streamly home' }).click();
    await page.waitForURL('**/userdashboard');
  });

  it('keeps /movies filters in the URL: a reload and Back return to the same place', async () => {
    const { page, context } = session;
    await asNewViewer(context, 'browse-url');
    await page.goto('/movies');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('title');
    await page.waitForURL(/sort=title/);
    await page.getByRole('searchbox', { name: 'Search by title' }).fill('the');
    await page.waitForURL(/q=the/);

    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Search by title' }).inputValue()).toBe('the');
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('title');

    await page.goto('/userprofile');
    await page.goBack();
    await page.waitForURL(/\/movies\?.*q=the/);
    expect(await page.getByRole('searchbox', { name: 'Search by title' }).inputValue()).toBe('the');
  });

  it('says once when a search on the home matches nothing', async () => {
    const { page, context } = session;
    await asNewViewer(context, 'no-match');
    await page.goto('/userdashboard');
    await page.getByRole('heading', { name: 'Popular Movies' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search titles' }).fill('drak knight zq');

    await page.getByText('No titles match "drak knight zq"').waitFor();
    expect(await page.getByText('Nothing here yet. New titles are on their way.').count()).toBe(0);
    await page.reload();
    await page.getByText('No titles match "drak knight zq"').waitFor();
  });

  it.each([
    '/movie/not-an-id',
    '/movie/65f0c0ffee0000000000ffff',
    '/video?movie=not-an-id',
    '/video-player?movie=65f0c0ffee0000000000ffff',
  ])("says 'Title not found' with the way home on %s", async (path) => {
    const { page, context } = session;
    await asNewViewer(context, 'not-found');
    await page.goto(path);

    await page.getByRole('heading', { level: 1, name: 'Title not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/userdashboard');
    expect(await page.getByText(/must be an id|Coming soon/).count()).toBe(0);
  });
});
