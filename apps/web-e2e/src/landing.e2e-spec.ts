import type { Movie, Page as MoviePage } from '@app/contracts';
import type { Session } from './support/browser';
import { baseUrl, openBrowser } from './support/browser';

describe('landing page (visitor)', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openBrowser();
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows titles that come from the catalogue database', async () => {
    const res = await fetch(`${baseUrl()}/api/movies?page=1&pageSize=24`);
    const { data } = (await res.json()) as MoviePage<Movie>;
    expect(data.length).toBeGreaterThan(0);

    const { page } = session;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Trending Now' }).waitFor();
    await page.getByText(data[0].title, { exact: true }).first().waitFor();
    await page.getByText(data[1].title, { exact: true }).first().waitFor();
    expect(await page.getByText('Unlimited movies, TV shows and more').count()).toBe(1);
  });

  it('keeps the chosen theme across a reload (dark by default)', async () => {
    const { page } = session;
    await page.goto('/');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.getByRole('button', { name: /theme/i }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
  });

  it('sends an unknown path to the landing page', async () => {
    const { page } = session;
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Trending Now' }).waitFor();
  });
});
