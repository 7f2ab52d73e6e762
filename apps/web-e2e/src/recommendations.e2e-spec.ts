import type { Movie, Page as MoviePage, RecommendationList } from '@app/contracts';
import { RecommendationSource } from '@app/contracts';
import { call, newUser } from './support/api';
import type { Session } from './support/browser';
import { openBrowser } from './support/browser';
import { eventually } from './support/playable';
import { signInAs, watchPart } from './support/viewer';

// The journey of issue 12 in Chromium against the whole system: what a viewer watches reaches the recommender as
// events, and the dashboard's Because You Watched names it.

/** Brian De Palma's thrillers in the seeded catalogue (vega-datasets' movies, all rated under 8: free). */
const DE_PALMA_THRILLERS = [
  'Body Double',
  'Blow Out',
  'Femme Fatale',
  'Raising Cain',
  'Snake Eyes',
  'The Black Dahlia',
];

const seeded = async (title: string): Promise<Movie | undefined> =>
  (
    await call<MoviePage<Movie>>('GET', `/api/movies?search=${encodeURIComponent(title)}&pageSize=10`)
  ).body.data.find((movie) => movie.title === title);

/** The seeded title, once streaming-service has mapped it to a sample film (right after a fresh start it may not be). */
const playable = (title: string) =>
  eventually(
    () => seeded(title),
    (movie) => movie?.mediaReady === true,
    150_000,
  );

describe('recommendations (issue 12)', () => {
  let session: Session;

  beforeEach(async () => {
    session = await openBrowser();
  });

  afterEach(async () => {
    await session?.close();
  });

  it('a viewer watches two thrillers by one director and sees a third of theirs under Because You Watched, with its reason', async () => {
    const { page, context } = session;
    const [first, second] = await Promise.all(DE_PALMA_THRILLERS.slice(0, 2).map(playable));
    if (!first?.mediaReady || !second?.mediaReady)
      throw new Error('the seeded De Palma thrillers never became playable');
    const others = DE_PALMA_THRILLERS.slice(2);
    const viewer = await newUser('reco');
    await signInAs(context, viewer);

    await watchPart(page, first, 0.5);
    await watchPart(page, second, 0.5);

    // The exit reports reach the recommender as events, a moment after the player has gone: wait for them.
    const list = await eventually(
      async () =>
        (await call<RecommendationList>('POST', '/api/recommend', { token: viewer.token, body: {} })).body,
      (answer) =>
        answer.source === RecommendationSource.Personal &&
        answer.items.some((item) => others.includes(item.title)),
      30_000,
    );
    const third = list.items.find((item) => others.includes(item.title));
    expect(third?.reasonText).toMatch(/^Because you watched (Body Double|Blow Out)$/);
    // Titles the viewer is watching are left to Continue Watching.
    expect(list.items.map((item) => item.title)).not.toContain(first.title);

    await page.reload();
    const row = page.getByRole('region', { name: 'Because You Watched' });
    const card = row
      .getByRole('listitem')
      .filter({ hasText: third?.title ?? '' })
      .first();
    await card.waitFor({ timeout: 20_000 });
    await card.getByText(third?.reasonText ?? '').waitFor();

    // Its page offers more like it.
    await card.getByRole('link').first().click();
    await page.waitForURL(`**/movie/${third?.movie_id}`);
    await page.getByRole('region', { name: 'More like this' }).getByRole('listitem').first().waitFor();
  });
});
