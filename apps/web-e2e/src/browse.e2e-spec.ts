import { Movie, Page as MoviePage } from '@app/contracts';
import type { Page } from 'playwright-core';
import { baseUrl, openBrowser, Session } from './support/browser';

const VIEWER = { email: 'viewer@streamly.in', password: 'Viewer@12345', loginPath: '/userlogin', button: 'User Login' };
const ADMIN = { email: 'admin@streamly.in', password: 'Admin@12345', loginPath: '/adminlogin', button: 'Admin Login' };

/** Signs in through the login page: email, password, the captcha (self-hosted proof of work in dev), submit. */
const signIn = async (page: Page, who: typeof VIEWER) => {
  await page.goto(who.loginPath);
  await page.getByLabel(/email/i).fill(who.email);
  await page.getByLabel(/password/i).first().fill(who.password);
  await page.getByRole('checkbox').first().check();
  const submit = page.getByRole('button', { name: who.button });
  await submit.and(page.locator(':not([disabled])')).waitFor({ timeout: 30_000 });
  await submit.click();
  await page.waitForURL((url) => url.pathname !== who.loginPath, { timeout: 30_000 });
};

const firstPublished = async (): Promise<Movie> => {
  const res = await fetch(`${baseUrl()}/api/movies?page=1&pageSize=5`);
  const { data } = (await res.json()) as MoviePage<Movie>;
  return data[0];
};

describe('browsing the catalogue', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it("lets a visitor open the landing page and a movie's /moviedetails page", async () => {
    const { page } = session;
    const movie = await firstPublished();
    await page.goto('/');
    await page.getByRole('link', { name: movie.title, exact: true }).first().click();
    await page.waitForURL(`**/moviedetails/${movie.id}`);
    await page.getByRole('heading', { level: 1, name: movie.title }).waitFor();
    await page.getByRole('heading', { name: 'Sign in to watch' }).waitFor();
  });

  it('shows a user only the cards matching the search', async () => {
    const { page } = session;
    const movie = await firstPublished();
    await signIn(page, VIEWER);
    await page.goto('/userdashboard');
    await page.getByRole('heading', { name: 'Popular Movies' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search titles' }).fill(movie.title.toUpperCase());
    const popular = page.getByRole('region', { name: 'Popular Movies' });
    await popular.getByRole('link', { name: movie.title, exact: true }).first().waitFor();
    const titles = await page.locator('article h3').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain(movie.title.toLowerCase());
  });

  it('lets an admin add a draft and publish it; the user then sees it first in Newly Launched', async () => {
    const title = `E2E Premiere ${Date.now()}`;
    const admin = await openBrowser();
    try {
      await signIn(admin.page, ADMIN);
      await admin.page.goto('/admindashboard');
      await admin.page.getByRole('button', { name: 'Add Movie' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Add Movie' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Genre').selectOption('Drama');
      await dialog.getByLabel('Rating (0–10)').fill('7.2');
      await dialog.getByLabel('Poster URL').fill('https://images.streamly.in/e2e.jpg');
      await dialog.getByLabel('Description').fill('A journey test premiere.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await admin.page.getByText('Movie added successfully').waitFor();
      const card = admin.page.getByRole('article', { name: title });
      await card.getByText('Draft').waitFor();
      await card.getByRole('button', { name: 'Publish' }).click();
      await card.getByText('Published').waitFor();
    } finally {
      await admin.close();
    }

    const { page } = session;
    await signIn(page, VIEWER);
    await page.goto('/userdashboard');
    const newly = page.getByRole('region', { name: 'Newly Launched Movies' });
    await newly.getByRole('link', { name: title }).waitFor();
    expect(await newly.locator('article h3').first().textContent()).toBe(title);
  });

  it('lets an admin remove a review, after which it is gone from /movie/:id', async () => {
    const movie = await firstPublished();
    const content = `E2E review ${Date.now()}`;
    const { page } = session;
    await signIn(page, VIEWER);
    await page.goto(`/movie/${movie.id}`);
    await page.getByLabel('Your rating (0–10)').fill('8.4');
    await page.getByLabel('Your review').fill(content);
    await page.getByRole('button', { name: 'Post review' }).click();
    await page.getByText(content).waitFor();

    const admin = await openBrowser();
    try {
      await signIn(admin.page, ADMIN);
      await admin.page.goto('/admindashboard');
      await admin.page.getByRole('searchbox', { name: 'Search movies' }).fill(movie.title);
      const card = admin.page.getByRole('article', { name: movie.title }).first();
      await card.getByText(content).waitFor();
      await card.getByRole('listitem').filter({ hasText: content }).getByRole('button', { name: /Remove review/ }).click();
      await admin.page.getByText('Review removed').waitFor();
    } finally {
      await admin.close();
    }

    await page.reload();
    await page.getByRole('heading', { level: 1, name: movie.title }).waitFor();
    expect(await page.getByText(content).count()).toBe(0);
  });
});
